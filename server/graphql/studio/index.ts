// GraphQL: the studio list (getAllCanvas, the creator studio), for the signed-in creator only.
import { eq } from 'drizzle-orm';
import { createGraphQLError } from 'graphql-yoga';
import { collections } from '../../db/schema.js';
import { canvasJson } from '../../studio/canvasView.js';
import { tokenCounts } from '../../studio/queries/tokens.js';
import { parseAddress, parseIdPagination, type IdPagination } from '../browsing/args.js';
import { idConnection } from '../browsing/connection.js';
import { collectionsNewestFirst } from '../dashboard/tokenQueries.js';
import { badInput } from '../inputs.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { studioTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;

export const SIGN_IN_MESSAGE = 'Sign in with your wallet to see your studio collections.';
export const OWN_CANVASES_MESSAGE = 'Only the creator can list their studio collections.';

function parseCanvasFilter(value: unknown): { creator: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badInput('Invalid filters: an object with creator.');
  return { creator: parseAddress((value as Args).creator, 'filters.creator') };
}

/** The viewer's canvases, every state, newest first. */
export async function getAllCanvas(context: GraphqlContext, filters: { creator: string }, pagination: IdPagination) {
  const viewer = await context.viewer();
  if (viewer === null) throw createGraphQLError(SIGN_IN_MESSAGE, { extensions: { code: 'UNAUTHENTICATED' } });
  if (viewer !== filters.creator) throw createGraphQLError(OWN_CANVASES_MESSAGE, { extensions: { code: 'FORBIDDEN' } });
  const { db, config } = context;
  const { rows, total } = await collectionsNewestFirst(db, eq(collections.creator, filters.creator), pagination);
  const counts = await tokenCounts(db, rows.map((row) => row.id));
  return idConnection(rows, pagination.perPage, pagination.after, total, -1, (row) => row.id, (row) => {
    const canvas = canvasJson(config.ipfs, row, counts.get(row.id) ?? 0, false);
    return { ...canvas, _id: canvas.id };
  });
}

export const studioModule: GraphqlModule = {
  typeDefs: studioTypeDefs,
  resolvers: {
    Query: {
      getAllCanvas: (_: unknown, args: Args, context: GraphqlContext) =>
        getAllCanvas(context, parseCanvasFilter(args.filters), parseIdPagination(args.pagination)),
    } as never,
  },
};
