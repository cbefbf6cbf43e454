// The media articles page's flow (the editorial pages), provided once: every actor name of its machine mapped to src/services.
// The view runs it with useFlow; unit tests replace it by machine id ('mediaArticlesPage').
import { fromPromise } from 'xstate';
import { createMediaArticlesPageMachine } from '../../../machines/articles/mediaArticlesPageMachine';
import { fetchArticlesPage, fetchMediaArticles, type ArticleSummary } from '../articles/mediaArticles';

/** /media-articles: the featured article and the first page together, then further pages on demand. */
export const mediaArticlesPageFlow = createMediaArticlesPageMachine<ArticleSummary>().provide({
  actors: {
    fetchFirst: fromPromise(({ signal }) => fetchMediaArticles(signal)),
    fetchPage: fromPromise(({ input, signal }) => fetchArticlesPage(input.page, signal)),
  },
});
