// Explore's first read (src/services/marketplace.ts): a page of token cards. See ./fragments for why it is here.

/** Spreads PageInfoFields and TokenCardFields. */
export const MARKETPLACE_TOKENS_OPERATION = `
  query getMarketplaceTokens($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
    getMarketplaceTokens(filters: $filters, sort: $sort, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`;

/** Explore sort names and their (sortBy, sortDir), as fixed in the GraphQL interface. */
export const EXPLORE_SORTS = {
  newest: { sortBy: '_id', sortDir: -1 },
  oldest: { sortBy: '_id', sortDir: 1 },
  most_liked: { sortBy: 'likesCount', sortDir: -1 },
  highest_price: { sortBy: 'price', sortDir: -1 },
  lowest_price: { sortBy: 'price', sortDir: 1 },
  recently_listed: { sortBy: 'listedAt', sortDir: -1 },
  recently_sold: { sortBy: 'lastSoldAt', sortDir: -1 },
  highest_last_sale: { sortBy: 'lastSale', sortDir: -1 },
} as const;

/** A page of explore's token lists (docs/requirements.md#explore): 15. */
export const EXPLORE_TOKEN_PAGE_SIZE = 15;

/**
 * The variables of explore's first page with no filter chosen, as the app asks them with its default filters (the
 * newest first) and as the server answers them with the page (server/http/firstAnswers.ts).
 */
export const EXPLORE_FIRST_PAGE = { sort: EXPLORE_SORTS.newest, pagination: { perPage: EXPLORE_TOKEN_PAGE_SIZE } } as const;
