// GraphQL: getActivity, a token's history read from the activity rows the indexer writes (server/activity/queries.ts).
import { readActivity, type ActivityRow, type ActivityScope } from '../../activity/queries.js';
import { parseAddress, parseId, parseIdPagination } from '../browsing/args.js';
import { idConnection } from '../browsing/connection.js';
import { badInput } from '../inputs.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { loadPeople, type PersonInfo } from '../people.js';
import { price } from '../tokenNode.js';
import { activityTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;

/** The filter's one scope; none, or more than one, is BAD_USER_INPUT. */
export function parseActivityFilter(value: unknown): ActivityScope {
  const filter = (value ?? {}) as Record<string, unknown>;
  const given = ['token', 'collection', 'artist', 'account'].filter((key) => filter[key] !== null && filter[key] !== undefined);
  if (given.length !== 1) throw badInput('Invalid filter: give exactly one of token, collection, artist and account.');
  const [key] = given as ['token' | 'collection' | 'artist' | 'account'];
  if (key === 'token' || key === 'collection') return { [key]: parseId(filter[key], `filter.${key}`) } as ActivityScope;
  return { [key]: parseAddress(filter[key], `filter.${key}`) } as ActivityScope;
}

function activityNode(row: ActivityRow, person: (address: string) => PersonInfo) {
  return {
    id: String(row.id),
    type: row.type,
    chainId: row.chainId,
    token: {
      _id: String(row.token.id),
      tokenId: row.token.tokenId,
      name: row.token.name,
      container_id: String(row.collection.id),
      collectionAddress: row.collection.address,
      collectionName: row.collection.name,
      holdingId: row.token.holdingId === null ? null : String(row.token.holdingId),
    },
    from: row.fromAddress ? person(row.fromAddress) : null,
    to: row.toAddress ? person(row.toAddress) : null,
    amount: row.amount,
    price: row.priceWei === null ? null : price(row.priceWei, row.currency ?? undefined),
    transactionHash: row.transactionHash,
    blockNumber: row.blockNumber,
    createdAt: row.blockTime.toISOString(),
  };
}

export const activityModule: GraphqlModule = {
  typeDefs: activityTypeDefs,
  resolvers: {
    Query: {
      getActivity: async (_: unknown, args: Args, context: GraphqlContext) => {
        const scope = parseActivityFilter(args.filter);
        const pagination = parseIdPagination(args.pagination);
        const { rows, totalCount } = await readActivity(context.db, scope, pagination, await context.viewer());
        const person = await loadPeople(
          context.db,
          context.config.ipfs,
          rows.flatMap((row) => [row.fromAddress, row.toAddress].filter((address): address is string => address !== null)),
        );
        return idConnection(rows, pagination.perPage, pagination.after, totalCount, -1, (row) => row.id, (row) => activityNode(row, person));
      },
    } as never,
  },
};
