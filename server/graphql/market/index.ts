// GraphQL: getPriceHistory and getCollectionStats, the figures collectors read before they buy (server/activity/market.ts).
import { readAskingPrice, readCollectionStats, readPriceHistory, type PriceScope } from '../../activity/market.js';
import { parseId } from '../browsing/args.js';
import { badInput } from '../inputs.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { price } from '../tokenNode.js';
import { marketTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;

/** The filter's one scope; none, or both, is BAD_USER_INPUT. */
export function parsePriceFilter(value: unknown): PriceScope {
  const filter = (value ?? {}) as Record<string, unknown>;
  const given = (['token', 'collection'] as const).filter((key) => filter[key] !== null && filter[key] !== undefined);
  if (given.length !== 1) throw badInput('Invalid filter: give exactly one of token and collection.');
  const key = given[0]!;
  return key === 'token' ? { token: parseId(filter.token, 'filter.token') } : { collection: parseId(filter.collection, 'filter.collection') };
}

export const marketModule: GraphqlModule = {
  typeDefs: marketTypeDefs,
  resolvers: {
    Query: {
      getPriceHistory: async (_: unknown, args: Args, context: GraphqlContext) => {
        const scope = parsePriceFilter(args.filter);
        const points = await readPriceHistory(context.db, scope, await context.viewer());
        // A hidden collection's token has no points for the viewer, and no asking price either.
        const asking = points.length > 0 ? await readAskingPrice(context.db, scope) : null;
        return {
          points: points.map((point) => ({
            type: point.type,
            time: point.blockTime.toISOString(),
            price: price(point.priceWei, point.currency ?? undefined),
            amount: point.amount,
          })),
          listing: asking === null ? null : price(asking),
        };
      },
      getCollectionStats: async (_: unknown, args: Args, context: GraphqlContext) => {
        const stats = await readCollectionStats(context.db, parseId(args.collection, 'collection'), await context.viewer());
        if (!stats) return null;
        return {
          floorPrice: stats.floorWei === null ? null : price(stats.floorWei),
          volume: stats.volume.map((entry) => price(entry.wei, entry.currency ?? undefined)),
          sales: stats.sales,
          owners: stats.owners,
          listed: stats.listed,
          tokens: stats.tokens,
        };
      },
    } as never,
  },
};
