// The media articles page (/media-articles, the editorial pages; docs/requirements.md#content-pages "Media articles: featured article plus a grid of
// article cards", docs/requirements.md#content-pages GET /article and GET /article/featured). The seed names no silent failure for this page, so a
// failed load says so with Retry:
//   loading (the featured article and the first page together) → ready | failed (article.retry → loading)
//   ready.idle ⇄ ready.loadingMore (articles.more while another page exists) → ready.moreFailed (articles.more again)
import { assign, setup } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

/** One page of the list, newest first. */
export interface ArticlesPage<TArticle> {
  articles: TArticle[];
  page: number;
  hasNextPage: boolean;
}

/** What the first load brings: the featured article (null when none is featured) and the first page. */
export interface MediaArticlesFirstLoad<TArticle> extends ArticlesPage<TArticle> {
  featured: TArticle | null;
}

export interface MediaArticlesContext<TArticle> {
  featured: TArticle | null;
  articles: TArticle[];
  /** The last page loaded (0 before the first load). */
  page: number;
  hasNextPage: boolean;
  error: string | null;
}

export type MediaArticlesEvent = { type: 'article.retry' } | { type: 'articles.more' };


export function createMediaArticlesPageMachine<TArticle = unknown>() {
  return setup({
    types: {
      context: {} as MediaArticlesContext<TArticle>,
      events: {} as MediaArticlesEvent,
      tags: {} as 'loading',
    },
    actors: {
      fetchFirst: notProvided<MediaArticlesFirstLoad<TArticle>>('mediaArticlesPageMachine', 'fetchFirst'),
      fetchPage: notProvided<ArticlesPage<TArticle>, { page: number }>('mediaArticlesPageMachine', 'fetchPage'),
    },
    guards: {
      hasNextPage: ({ context }) => context.hasNextPage,
    },
  }).createMachine({
    id: 'mediaArticlesPage',
    context: { featured: null, articles: [], page: 0, hasNextPage: false, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchFirst',
          src: 'fetchFirst',
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => ({
              featured: event.output.featured,
              articles: event.output.articles,
              page: event.output.page,
              hasNextPage: event.output.hasNextPage,
              error: null,
            })),
          },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'articles.more': { guard: 'hasNextPage', target: 'loadingMore' } },
          },
          loadingMore: {
            tags: 'loading',
            invoke: {
              id: 'fetchPage',
              src: 'fetchPage',
              input: ({ context }) => ({ page: context.page + 1 }),
              onDone: {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  articles: [...context.articles, ...event.output.articles],
                  page: event.output.page,
                  hasNextPage: event.output.hasNextPage,
                  error: null,
                })),
              },
              onError: { target: 'moreFailed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
            },
          },
          moreFailed: {
            on: { 'articles.more': 'loadingMore' },
          },
        },
      },
      failed: {
        on: { 'article.retry': 'loading' },
      },
    },
  });
}

export const mediaArticlesPageMachine = createMediaArticlesPageMachine();
export type MediaArticlesPageMachine = typeof mediaArticlesPageMachine;
