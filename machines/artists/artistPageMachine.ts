// The artist page (/artist/{artistId}, the artists' pages; docs/requirements.md#artists): the artist record by wallet
// address (getArtistInfo), then the first article's HTML from its mediaUrl (sanitized by the service that reads it).
// No record: the error notification 'No artist information for this account'; a failed lookup: 'We could not find
// this artist'. Either way the page shows a plain not-found state. A lookup that got no answer (offline, offline-first) is
// not a missing artist: the page says the network is unavailable and offers Retry (a refinement of docs/requirements.md#artists).
import { assign, setup } from 'xstate';
import { isNetworkFailure } from '../system/networkFailure';
import { notifyThroughSystem } from '../system/systemActors';
import { notProvided } from '../system/notProvided';

export const NO_ARTIST_INFORMATION_NOTICE = 'No artist information for this account';
export const ARTIST_NOT_FOUND_NOTICE = 'We could not find this artist';

export interface ArtistPageInput {
  /** The artist's wallet address from the route (/artist/$artistId). */
  id: string;
}

/** What the machine reads of a loaded artist: its articles (the page shows the first). */
export interface ArtistPageShape {
  articles: ReadonlyArray<{ id: string; title: string; mediaUrl: string }>;
}

export interface ArticleBodyRequest {
  mediaUrl: string;
  title: string;
}

export interface ArtistPageContext<TArtist, THtml> {
  id: string;
  artist: TArtist | null;
  /** The first article's sanitized HTML, once read. */
  articleHtml: THtml | null;
}

/** Retry after the network failed. */
export type ArtistPageEvent = { type: 'artist.retry' };

/**
 * loading → noInformation | notFound | offline (retry) | ready. While ready, the article region reads the first article's body
 * (loadingArticle → shown | unavailable); an artist without an article, or whose article could not be read, is ready with
 * the article region `unavailable` (the page shows the article's title and 'Read more' when there is one).
 */
export function createArtistPageMachine<TArtist extends ArtistPageShape = ArtistPageShape, THtml = string>() {
  return setup({
    types: {
      context: {} as ArtistPageContext<TArtist, THtml>,
      input: {} as ArtistPageInput,
      events: {} as ArtistPageEvent,
      tags: {} as 'loading',
    },
    actors: {
      fetchArtist: notProvided<TArtist | null, { id: string }>('artistPageMachine', 'fetchArtist'),
      fetchArticleHtml: notProvided<THtml, ArticleBodyRequest>('artistPageMachine', 'fetchArticleHtml'),
    },
    actions: {
      announceNoInformation: ({ system }) => notifyThroughSystem(system, 'error', NO_ARTIST_INFORMATION_NOTICE),
      announceNotFound: ({ system }) => notifyThroughSystem(system, 'error', ARTIST_NOT_FOUND_NOTICE),
    },
    guards: {
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
      hasArticle: ({ event }) => ((event as { output?: ArtistPageShape }).output?.articles.length ?? 0) > 0,
      isNetworkFailure: ({ event }) => isNetworkFailure((event as { error?: unknown }).error),
    },
  }).createMachine({
    id: 'artistPage',
    context: ({ input }) => ({ id: input.id, artist: null, articleHtml: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchArtist',
          src: 'fetchArtist',
          input: ({ context }) => ({ id: context.id }),
          onDone: [
            { guard: 'isMissing', target: 'noInformation' },
            { guard: 'hasArticle', target: 'ready.loadingArticle', actions: assign({ artist: ({ event }) => event.output }) },
            { target: 'ready.unavailable', actions: assign({ artist: ({ event }) => event.output }) },
          ],
          onError: [{ guard: 'isNetworkFailure', target: 'offline' }, { target: 'notFound' }],
        },
      },
      // The lookup got no answer: nothing is announced as missing; the page says the network is unavailable.
      offline: {
        on: { 'artist.retry': 'loading' },
      },
      ready: {
        initial: 'loadingArticle',
        states: {
          loadingArticle: {
            invoke: {
              id: 'fetchArticleHtml',
              src: 'fetchArticleHtml',
              input: ({ context }) => {
                const first = context.artist!.articles[0]!;
                return { mediaUrl: first.mediaUrl, title: first.title };
              },
              onDone: { target: 'shown', actions: assign({ articleHtml: ({ event }) => event.output }) },
              onError: { target: 'unavailable' },
            },
          },
          shown: {},
          unavailable: {},
        },
      },
      noInformation: { entry: 'announceNoInformation' },
      notFound: { entry: 'announceNotFound' },
    },
  });
}

export const artistPageMachine = createArtistPageMachine();
