// The article page (/article/{id}, issue 15; seed 001 §7 GET /article/{id}): the article with its HTML body (read
// by the server from the media store by ipfsHash), sanitized here before anything renders it.
import { apiRequest } from '../api';
import { HttpError } from '../errors';
import { sanitizeHtml, type SanitizedHtml } from '../sanitizeHtml';

/** GET /api/v1/article/{id} as the server answers it (server/rest/article.ts). */
interface ArticleResponse {
  id: string;
  type: string;
  title: string;
  cover: string | null;
  coverThumbnail: string | null;
  mediaUrl: string | null;
  artist: string | null;
  createdAt: string;
  body: string;
}

/** The article page's article: its body sanitized. */
export interface ArticlePage {
  id: string;
  type: string;
  title: string;
  cover: string | null;
  /** The artist's wallet address (lower case), or null for an editorial piece. */
  artist: string | null;
  createdAt: string;
  body: SanitizedHtml;
}

const ARTICLE_ID = /^[1-9]\d{0,15}$/;

/** The article, or null when there is none with this id (404, or an id that cannot be one). */
export async function fetchArticle(id: string, signal?: AbortSignal): Promise<ArticlePage | null> {
  if (!ARTICLE_ID.test(id)) return null;
  let article: ArticleResponse;
  try {
    article = await apiRequest<ArticleResponse>(`/article/${id}`, { signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
  return {
    id: article.id,
    type: article.type,
    title: article.title,
    cover: article.cover,
    artist: article.artist,
    createdAt: article.createdAt,
    body: sanitizeHtml(article.body, { dropHeading: article.title }),
  };
}
