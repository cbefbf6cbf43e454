// The articles wire (GET /api/v1/article, /article/featured, /article/{id}): what the query and the path may say, and
// what each answers. The app reads articles through GraphQL; these are the REST reads other clients use.
import * as z from 'zod/mini';
import { ARTICLE_ID, ARTICLE_ID_MESSAGE, ARTICLE_MAX_PAGE_SIZE } from '../articles';

/** GET /article/{id}: the id in the path, read as a number. */
export const articleIdParam = z.pipe(z.string().check(z.regex(ARTICLE_ID, ARTICLE_ID_MESSAGE)), z.transform(Number));

const perPageMessage = `perPage must be a whole number from 1 to ${ARTICLE_MAX_PAGE_SIZE}.`;

/** GET /article?page=&perPage=: both optional, whole numbers from 1 (perPage at most ARTICLE_MAX_PAGE_SIZE); nothing else. */
export const articleListQuery = z.strictObject({
  page: z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')), z.transform(Number))),
  perPage: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,2}$/, perPageMessage)),
      z.pipe(z.transform(Number), z.number().check(z.refine((n: number) => n <= ARTICLE_MAX_PAGE_SIZE, perPageMessage))),
    ),
  ),
});

/** An article as the list and the featured read answer it (no body: a card shows the cover, title, type and date). */
export const articleSummaryContract = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  cover: z.nullable(z.string()),
  coverThumbnail: z.nullable(z.string()),
  ipfsHash: z.string(),
  mediaUrl: z.nullable(z.string()),
  isFeatured: z.boolean(),
  /** The artist's wallet address (lower case), or null for an editorial piece. */
  artist: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummaryContract>;

/** GET /article: a page of articles, newest first. */
export const articlePageAnswer = z.object({
  articles: z.array(articleSummaryContract),
  totalCount: z.number(),
  page: z.number(),
  perPage: z.number(),
  hasNextPage: z.boolean(),
});
export type ArticlePageAnswer = z.infer<typeof articlePageAnswer>;

/** GET /article/featured: the newest featured article, or null when none is featured (not an error). */
export const featuredArticleAnswer = z.object({ article: z.nullable(articleSummaryContract) });
export type FeaturedArticleAnswer = z.infer<typeof featuredArticleAnswer>;

/** GET /article/{id}: the article with its HTML body as stored (the app sanitizes it before rendering). */
export const articleAnswer = z.extend(articleSummaryContract, { body: z.string() });
export type ArticleAnswer = z.infer<typeof articleAnswer>;
