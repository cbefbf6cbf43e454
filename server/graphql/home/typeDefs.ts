// The editorial pages, docs/requirements.md#home: the carousel's slides (home_slides; docs/requirements.md#home "Carousel: 4 slides"), the featured
// and the trending collections (docs/requirements.md#home GET /collection/featured, /collection/trending) as GraphQL reads, so
// the app keeps every read in urql. The current exhibition's card reads getFeaturedExhibition (exhibitions module).
export const homeTypeDefs = /* GraphQL */ `
  "Where a slide leads: an app page (kind 'page', path) or a collection page (kind 'collection', address, chainId, name)."
  type HomeSlideLink {
    kind: String!
    path: String
    address: String
    chainId: Int
    name: String
  }

  type HomeSlide {
    "1 to 4."
    position: Int!
    title: String!
    text: String!
    "The image's URL."
    image: String!
    alt: String!
    link: HomeSlideLink!
  }

  extend type Query {
    "The carousel's slides by position; a slide whose collection is not shown (hidden, unpublished, no address) is left out."
    getHomeSlides: [HomeSlide!]!
    "The featured collections shown (visible and published), newest first, at most 20."
    getFeaturedCollections: [Collection!]!
    "The shown collections most liked in the last 7 days, then by all-time likes, then newest; at most 10."
    getTrendingCollections: [Collection!]!
  }
`;
