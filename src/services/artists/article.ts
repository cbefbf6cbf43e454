// The article page (/article/{id}, the artists' pages; docs/requirements.md#content-pages GET /article/{id} as GraphQL's getArticle, through urql so a
// later issue can cache it offline): the article with its HTML body (read by the server from the media store by
// ipfsHash), sanitized here before anything renders it.
import { ARTICLE_ID } from '../../../domain/articles';
import { ARTICLE_PAGE_FIELDS, ARTICLE_PAGE_OPERATION } from '../../../domain/firstReads/article';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { graphqlRequest } from '../graphql';
import { sanitizeHtml, type SanitizedHtml } from '../sanitizeHtml';

/** What the article page shows of the article beside its body. */
export const ArticlePageFields = graphql(ARTICLE_PAGE_FIELDS);

export const getArticleOperation = graphql(ARTICLE_PAGE_OPERATION, [ArticlePageFields]);

/** The article page's article (typed from the document) with its body sanitized. */
export type ArticlePage = ResultOf<typeof ArticlePageFields> & { body: SanitizedHtml };

/** The article, or null when there is none with this id (or its body is not stored, or the id cannot be one). */
export async function fetchArticle(id: string, signal?: AbortSignal): Promise<ArticlePage | null> {
  if (!ARTICLE_ID.test(id)) return null;
  const { getArticle } = await graphqlRequest(getArticleOperation, { id }, { signal });
  if (!getArticle) return null;
  const { article, body } = getArticle;
  return {
    id: article.id,
    type: article.type,
    title: article.title,
    cover: article.cover,
    artist: article.artist,
    createdAt: article.createdAt,
    body: sanitizeHtml(body, { dropHeading: article.title }),
  };
}
