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
