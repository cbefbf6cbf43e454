// The sorts and filters the GraphQL bench measures getMarketplaceTokens with (scripts/bench.ts, explainTokens.ts).
export const BENCH_SORTS = {
  newest: { sortBy: '_id', sortDir: -1 },
  oldest: { sortBy: '_id', sortDir: 1 },
  most_liked: { sortBy: 'likesCount', sortDir: -1 },
  highest_price: { sortBy: 'price', sortDir: -1 },
  lowest_price: { sortBy: 'price', sortDir: 1 },
} as const;

export const BENCH_FILTERS: Record<string, Record<string, unknown>> = {
  none: {},
  mediaTypes: { mediaTypes: ['image'] },
  chainIds: { chainIds: [31337] },
  // The first benchmark creator (scripts/seed/benchmark.ts hexAddress(0xbe0c, 1)).
  creator: { creator: '0xbe0c000000000000000000000000000000000001' },
};
