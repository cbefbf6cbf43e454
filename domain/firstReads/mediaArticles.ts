// The media page's first reads (src/services/articles/mediaArticles.ts): the featured article and the first page of
// the list. See ./fragments for why they are here.

/** An article as the list and the featured read answer it: a card shows the cover thumbnail, title, type and date. */
export const ARTICLE_SUMMARY_FIELDS = `
  fragment ArticleSummaryFields on Article { id type title cover coverThumbnail isFeatured artist createdAt }
`;

/** Cards a page: the server's default (24), two rows of the widest grid and a whole number of rows at 2, 3 or 4. */
export const ARTICLES_PER_PAGE = 24;

export const ARTICLES_OPERATION = `
  query getArticles($pagination: PaginationInput) {
    getArticles(pagination: $pagination) {
      pageInfo { hasNextPage }
      edges { node { ...ArticleSummaryFields } }
    }
  }
`;

export const FEATURED_ARTICLE_OPERATION = `
  query getFeaturedArticle {
    getFeaturedArticle { ...ArticleSummaryFields }
  }
`;
