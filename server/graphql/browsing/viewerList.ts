// The resolver of a list read for the request's viewer (the browsing and dashboard lists): its own arguments parsed
// (filters, an address), then its _id-ordered pagination, then the read with the viewer, which leaves out what is
// hidden from them (server/studio/visibility.ts).
import type { Db } from '../../db/client.js';
import type { GraphqlContext } from '../module.js';
import type { Ipfs } from '../people.js';
import { parseIdPagination, type IdPagination } from './args.js';

type Args = Record<string, unknown>;

export function viewerList<Input, Result>(
  parse: (args: Args) => Input,
  read: (db: Db, ipfs: Ipfs, input: Input, pagination: IdPagination, viewer: string | null) => Promise<Result>,
) {
  return async (_: unknown, args: Args, context: GraphqlContext): Promise<Result> => {
    const input = parse(args);
    const pagination = parseIdPagination(args.pagination);
    return read(context.db, context.config.ipfs, input, pagination, await context.viewer());
  };
}
