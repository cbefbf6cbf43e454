// The app's first reads of the routes a navigation answers (http/firstAnswers.ts), copied as they are: the server may
// not import src/. tests/server/firstAnswers.test.ts fails when a copy differs from the app's printed document (an
// answer without a field the app reads would break its page), so each names the document it copies.

const PERSON_FIELDS = 'fragment PersonFields on PersonInfo { id address alias avatar firstName lastName }';

/** src/services/token.ts getTokenFromHoldingOperation: the token page. */
export const TOKEN_PAGE_QUERY = `query getTokenFromHolding($id: ID!) {
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
${PERSON_FIELDS}`;

/** src/services/home/homeData.ts getHomeSlidesOperation: the home page's carousel. */
export const HOME_SLIDES_QUERY = `query getHomeSlides {
  getHomeSlides { ...HomeSlideFields }
}
fragment HomeSlideFields on HomeSlide { position title text image alt link { kind path address chainId name } }`;

const PAGE_INFO_FIELDS = 'fragment PageInfoFields on PageInfo { startCursor endCursor hasNextPage hasPreviousPage }';

const TOKEN_CARD_FIELDS = `fragment TokenCardFields on Token {
  id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt attributes
  collection { id _id name address chainId attributes }
  creatorInfo { ...PersonFields }
  tokenHolding { id chainId createdAt salePrice { amount currency } owner { ...PersonFields } }
}`;

/** src/services/marketplace.ts getMarketplaceTokensOperation: explore's artworks. */
export const MARKETPLACE_TOKENS_QUERY = `query getMarketplaceTokens($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
  getMarketplaceTokens(filters: $filters, sort: $sort, pagination: $pagination) {
    totalCount
    pageInfo { ...PageInfoFields }
    edges { cursor node { ...TokenCardFields } }
  }
}
${PAGE_INFO_FIELDS}
${TOKEN_CARD_FIELDS}
${PERSON_FIELDS}`;

/**
 * The variables of explore's first page with no filter chosen (src/services/marketplace.ts fetchMarketplaceTokensPage
 * with the default filters: the newest first, src/views/explore/exploreLists.ts EXPLORE_PAGE_SIZES.token).
 */
export const EXPLORE_FIRST_PAGE = { sort: { sortBy: '_id', sortDir: -1 }, pagination: { perPage: 15 } } as const;

/** src/services/collection.ts getCollectionOperation: the collection page's collection (its route's loader). */
export const COLLECTION_PAGE_QUERY = `query getCollections($address: String!, $chainId: Int!) {
  getCollections(filters: { address: $address, chainId: $chainId }, pagination: { perPage: 1 }) {
    totalCount
    pageInfo { ...PageInfoFields }
    edges { cursor node {
      id _id name symbol description chainId cover thumbnail address mediaType tokenCount createdAt publishedAt
      creatorInfo { ...PersonFields }
    } }
  }
}
${PAGE_INFO_FIELDS}
${PERSON_FIELDS}`;

/** src/services/home/homeData.ts getFeaturedCollectionsOperation: the home page's featured collection. */
export const FEATURED_COLLECTIONS_QUERY = `query getFeaturedCollections {
  getFeaturedCollections { ...HomeCollectionFields }
}
fragment HomeCollectionFields on Collection {
  id _id name symbol description chainId cover coverThumbnail thumbnail address mediaType tokenCount soldOut likesCount createdAt
  floorPrice { amount currency }
  creatorInfo { ...PersonFields }
}
${PERSON_FIELDS}`;

const EXHIBITION_FIELDS = `fragment ExhibitionFields on Exhibition {
  id title subtitle cover coverThumbnail startDate endDate exhibitionIntro curatorialStatement curator curatorNameFormatted
  artistInfos { ...PersonFields }
  artistNamesFormatted
  artworks { order medium token { ...TokenCardFields } }
}`;

/** src/services/exhibitions/exhibitions.ts getCurrentExhibitionOperation: the exhibitions page's current exhibition. */
export const CURRENT_EXHIBITION_QUERY = `query getCurrentExhibition($cDate: String!) {
  getCurrentExhibition(cDate: $cDate) { ...ExhibitionFields }
}
${EXHIBITION_FIELDS}
${TOKEN_CARD_FIELDS}
${PERSON_FIELDS}`;

/** src/services/exhibitions/exhibitions.ts getPastExhibitionsOperation: the exhibitions page's past exhibitions. */
export const PAST_EXHIBITIONS_QUERY = `query getPastExhibitions($pagination: PaginationInput) {
  getPastExhibitions(pagination: $pagination) {
    totalCount
    edges { cursor node { ...ExhibitionFields } }
  }
}
${EXHIBITION_FIELDS}
${TOKEN_CARD_FIELDS}
${PERSON_FIELDS}`;

/** src/services/exhibitions/exhibitions.ts PAST_EXHIBITIONS_PAGE_SIZE. */
export const PAST_EXHIBITIONS_PAGE_SIZE = 20;

/** src/services/artists/catalogue.ts getAllArtistsOperation: the artists catalogue. */
export const ALL_ARTISTS_QUERY = `query getAllArtists($pagination: PaginationInput) {
  getAllArtists(pagination: $pagination) {
    totalCount
    pageInfo { ...PageInfoFields }
    edges { cursor node {
      id displayName description coverThumbnail
      featuredArtwork { id name mediaType thumbnailUrl }
    } }
  }
}
${PAGE_INFO_FIELDS}`;

/** src/services/artists/artist.ts getArtistInfoOperation: the artist page. */
export const ARTIST_PAGE_QUERY = `query getArtistInfo($artist_id: String!) {
  getArtistInfo(artist_id: $artist_id) {
    id _id displayName cover coverThumbnail description comments featuredArtworkDescription
    account { id address alias firstName lastName avatar web twitter instagram isCreator }
    featuredArtwork { ...TokenCardFields }
    collections {
      id _id name symbol description chainId cover coverThumbnail thumbnail address mediaType tokenCount soldOut likesCount createdAt
      floorPrice { amount currency }
      creatorInfo { ...PersonFields }
    }
    highlights { date achievement }
    articles { id title type mediaUrl }
    portfolio { context items { mediaUrl thumbnailUrl description } }
  }
}
${TOKEN_CARD_FIELDS}
${PERSON_FIELDS}`;

/** src/services/artists/article.ts getArticleOperation: the article page (its body is in the answer). */
export const ARTICLE_PAGE_QUERY = `query getArticle($id: ID!) {
  getArticle(id: $id) {
    body
    article { ...ArticlePageFields }
  }
}
fragment ArticlePageFields on Article { id type title cover artist createdAt }`;

const ARTICLE_SUMMARY_FIELDS = 'fragment ArticleSummaryFields on Article { id type title cover coverThumbnail isFeatured artist createdAt }';

/** src/services/articles/mediaArticles.ts getFeaturedArticleOperation: the media page's featured article. */
export const FEATURED_ARTICLE_QUERY = `query getFeaturedArticle {
  getFeaturedArticle { ...ArticleSummaryFields }
}
${ARTICLE_SUMMARY_FIELDS}`;

/** src/services/articles/mediaArticles.ts getArticlesOperation: the media page's list. */
export const ARTICLES_QUERY = `query getArticles($pagination: PaginationInput) {
  getArticles(pagination: $pagination) {
    pageInfo { hasNextPage }
    edges { node { ...ArticleSummaryFields } }
  }
}
${ARTICLE_SUMMARY_FIELDS}`;

/** src/services/articles/mediaArticles.ts ARTICLES_PER_PAGE: the media page's first page. */
export const ARTICLES_PER_PAGE = 24;
