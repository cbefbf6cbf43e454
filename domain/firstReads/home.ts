// The home page's first reads (src/services/home/homeData.ts): its carousel and its featured collection. See
// ./fragments for why they are here.

/** A carousel slide (home_slides), its image already a URL. */
export const HOME_SLIDE_FIELDS = `
  fragment HomeSlideFields on HomeSlide { position title text image alt link { kind path address chainId name } }
`;

export const HOME_SLIDES_OPERATION = `
  query getHomeSlides {
    getHomeSlides { ...HomeSlideFields }
  }
`;

/** What a home collection card shows: the explore card's fields. Spreads PersonFields. */
export const HOME_COLLECTION_FIELDS = `
  fragment HomeCollectionFields on Collection {
    id _id name symbol description chainId cover coverThumbnail thumbnail address mediaType tokenCount soldOut likesCount createdAt
    floorPrice { amount currency }
    creatorInfo { ...PersonFields }
  }
`;

export const FEATURED_COLLECTIONS_OPERATION = `
  query getFeaturedCollections {
    getFeaturedCollections { ...HomeCollectionFields }
  }
`;
