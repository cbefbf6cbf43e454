// The artist page's and the article page's flows (the artists' pages), provided once: every actor name of their machines
// mapped to src/services. Views run them with useFlow(flow, { input }); unit tests replace them by machine id.
import { fromPromise } from 'xstate';
import { createArticlePageMachine } from '../../../machines/artists/articlePageMachine';
import { createArtistPageMachine } from '../../../machines/artists/artistPageMachine';
import { fetchArticle, type ArticlePage } from '../artists/article';
import { fetchArticleHtml, fetchArtistInfo, type ArtistInfo } from '../artists/artist';
import type { SanitizedHtml } from '../sanitizeHtml';

/** /artist/{artistId}: getArtistInfo, then the first article's sanitized HTML. */
export const artistPageFlow = createArtistPageMachine<ArtistInfo, SanitizedHtml>().provide({
  actors: {
    fetchArtist: fromPromise(({ input, signal }) => fetchArtistInfo(input.id, signal)),
    fetchArticleHtml: fromPromise(({ input, signal }) => fetchArticleHtml(input, signal)),
  },
});

/** /article/{id}: GET /api/v1/article/{id} with its body sanitized. */
export const articlePageFlow = createArticlePageMachine<ArticlePage>().provide({
  actors: { fetchArticle: fromPromise(({ input, signal }) => fetchArticle(input.id, signal)) },
});
