// The media articles page's reads (issue 16; seed 001 §7 GET /article and GET /article/featured, server/rest/article.ts):
// article summaries (no body: a card shows the cover thumbnail, title, type and date), newest first.
import type { ArticlesPage, MediaArticlesFirstLoad } from '../../../machines/articles/mediaArticlesPageMachine';
import { apiRequest } from '../api';

/** An article as the list and the featured read answer it. */
export interface ArticleSummary {
  id: string;
  type: string;
  title: string;
  cover: string | null;
  /** The cover at 480 px wide (webp), for cards. */
  coverThumbnail: string | null;
  isFeatured: boolean;
  /** The artist's wallet address (lower case), or null for an editorial piece. */
  artist: string | null;
  createdAt: string;
}

interface ListResponse {
  articles: ArticleSummary[];
  totalCount: number;
  page: number;
  perPage: number;
  hasNextPage: boolean;
}

/** Cards a page: the server's default (24), two rows of the widest grid and a whole number of rows at 2, 3 or 4. */
export const ARTICLES_PER_PAGE = 24;

const summaryOf = (article: ArticleSummary): ArticleSummary => ({
  id: article.id,
  type: article.type,
  title: article.title,
  cover: article.cover,
  coverThumbnail: article.coverThumbnail,
  isFeatured: article.isFeatured,
  artist: article.artist,
  createdAt: article.createdAt,
});

/** GET /api/v1/article?page=&perPage=: one page of the list, newest first. */
export async function fetchArticlesPage(page: number, signal?: AbortSignal): Promise<ArticlesPage<ArticleSummary>> {
  const answer = await apiRequest<ListResponse>(`/article?page=${page}&perPage=${ARTICLES_PER_PAGE}`, { signal });
  return { articles: answer.articles.map(summaryOf), page: answer.page, hasNextPage: answer.hasNextPage };
}

/** GET /api/v1/article/featured: the featured article, or null when none is featured. */
export async function fetchFeaturedArticle(signal?: AbortSignal): Promise<ArticleSummary | null> {
  const answer = await apiRequest<{ article: ArticleSummary | null }>('/article/featured', { signal });
  return answer.article ? summaryOf(answer.article) : null;
}

/** The page's first load: the featured article and the first page, together. */
export async function fetchMediaArticles(signal?: AbortSignal): Promise<MediaArticlesFirstLoad<ArticleSummary>> {
  const [featured, first] = await Promise.all([fetchFeaturedArticle(signal), fetchArticlesPage(1, signal)]);
  return { featured, ...first };
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The card's date: "Nov 23, 2026". */
export const articleDate = (createdAt: string) => DATE.format(new Date(createdAt));
