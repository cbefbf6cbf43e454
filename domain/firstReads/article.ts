// The article page's first read (src/services/artists/article.ts): the article with its body. See ./fragments for why
// it is here.

/** What the article page shows of the article beside its body. */
export const ARTICLE_PAGE_FIELDS = `
  fragment ArticlePageFields on Article { id type title cover artist createdAt }
`;

export const ARTICLE_PAGE_OPERATION = `
  query getArticle($id: ID!) {
    getArticle(id: $id) {
      body
      article { ...ArticlePageFields }
    }
  }
`;
