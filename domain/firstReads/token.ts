// The token page's first read (src/services/token.ts; its fragments in ./fragments). See ./fragments for why it is here.

/** The token by holding id, with its collection, creator, owner and sales. Spreads PersonFields. */
export const TOKEN_PAGE_OPERATION = `
  query getTokenFromHolding($id: ID!) {
    getTokenFromHolding(id: $id) {
      id _id tokenId name description thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt filename
      attributes metadata metadataUrl
      collection { id _id name address chainId chainName supplyPerToken publishedAt attributes }
      creatorInfo { ...PersonFields }
      ownerInfo { ...PersonFields }
      tokenHolding {
        id chainId amount createdAt salePrice { amount currency } owner { ...PersonFields }
        bazaarSales { id saleId allOutSaleId chainId marketplace seller amount soldAmount wasCancelled price { amount currency } }
      }
    }
  }
`;
