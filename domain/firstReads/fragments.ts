// The text of the app's GraphQL reads that the server answers with a navigation's first page (server/http/firstAnswers.ts),
// and of the fragments they spread: written once here, for both. The app types each with gql.tada
// (`graphql(TOKEN_PAGE_OPERATION, [PersonFields])`, src/services/), so every text is a literal (its type is its text);
// the server appends the fragment definitions an operation spreads (server/http/firstReadDocuments.ts). One module per
// route's reads, so a route's chunk carries its own documents only; this one holds the fragments every list shares
// (src/graphql/graphql.ts).

/** The person fields every list shows (creator, owner, buyer, seller). */
export const PERSON_FIELDS = `
  fragment PersonFields on PersonInfo { id address alias avatar firstName lastName }
`;

export const PAGE_INFO_FIELDS = `
  fragment PageInfoFields on PageInfo { startCursor endCursor hasNextPage hasPreviousPage }
`;

/** What a token card shows, as every token list asks it (tokenHolding = the holding the list is about). */
export const TOKEN_CARD_FIELDS = `
  fragment TokenCardFields on Token {
    id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt attributes
    lastSale { amount currency }
    collection { id _id name address chainId attributes }
    creatorInfo { ...PersonFields }
    tokenHolding { id chainId createdAt salePrice { amount currency } owner { ...PersonFields } }
  }
`;
