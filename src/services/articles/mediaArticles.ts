// The media articles page's reads (the editorial pages; docs/requirements.md#content-pages GET /article and GET /article/featured as GraphQL's
// getArticles and getFeaturedArticle, server/graphql/articles), through urql so a later issue can cache them
// offline: article summaries (no body: a card shows the cover thumbnail, title, type and date), newest first.
import type { ArticlesPage, MediaArticlesFirstLoad } from '../../../machines/articles/mediaArticlesPageMachine';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { ARTICLES_OPERATION, ARTICLES_PER_PAGE, ARTICLE_SUMMARY_FIELDS, FEATURED_ARTICLE_OPERATION } from '../../../domain/firstReads/mediaArticles';
import { graphqlRequest } from '../graphql';
import { utcMonthDayYear } from '../../../domain/utcDates';

/** An article as the list and the featured read answer it: a card shows the cover thumbnail, title, type and date. */
export const ArticleSummaryFields = graphql(ARTICLE_SUMMARY_FIELDS);

/** An article card's fields, typed from the document (the schema's Article; no body). */
export type ArticleSummary = ResultOf<typeof ArticleSummaryFields>;

export const getArticlesOperation = graphql(ARTICLES_OPERATION, [ArticleSummaryFields]);

export const getFeaturedArticleOperation = graphql(FEATURED_ARTICLE_OPERATION, [ArticleSummaryFields]);

export { ARTICLES_PER_PAGE };

/** One page of the list, newest first (page from 1, ARTICLES_PER_PAGE a page). */
export async function fetchArticlesPage(page: number, signal?: AbortSignal): Promise<ArticlesPage<ArticleSummary>> {
  const { getArticles } = await graphqlRequest(getArticlesOperation, { pagination: { page, perPage: ARTICLES_PER_PAGE } }, { signal });
  return { articles: getArticles.edges.map((edge) => edge.node), page, hasNextPage: getArticles.pageInfo.hasNextPage };
}

/** The featured article, or null when none is featured. */
export async function fetchFeaturedArticle(signal?: AbortSignal): Promise<ArticleSummary | null> {
  const { getFeaturedArticle } = await graphqlRequest(getFeaturedArticleOperation, {}, { signal });
  return getFeaturedArticle ?? null;
}

/** The page's first load: the featured article and the first page, together. */
export async function fetchMediaArticles(signal?: AbortSignal): Promise<MediaArticlesFirstLoad<ArticleSummary>> {
  const [featured, first] = await Promise.all([fetchFeaturedArticle(signal), fetchArticlesPage(1, signal)]);
  return { featured, ...first };
}

/** The card's date: "Nov 23, 2026" (UTC, without Intl: domain/utcDates.ts). */
export const articleDate = (createdAt: string) => utcMonthDayYear(createdAt);
