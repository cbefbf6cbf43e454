// The sorts and filters the GraphQL bench measures getMarketplaceTokens with (scripts/bench.ts, explainTokens.ts).
import { EXPLORE_SORTS } from '../../domain/firstReads/explore';

/** Every sort explore offers, as the app sends it. */
export const BENCH_SORTS = EXPLORE_SORTS;

export const BENCH_FILTERS: Record<string, Record<string, unknown>> = {
  none: {},
  mediaTypes: { mediaTypes: ['image'] },
  chainIds: { chainIds: [31337] },
  // The first benchmark creator (scripts/seed/benchmark.ts hexAddress(0xbe0c, 1)).
  creator: { creator: '0xbe0c000000000000000000000000000000000001' },
};
