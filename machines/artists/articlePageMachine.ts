// The article page (/article/{id}, the artists' pages; docs/requirements.md#content-pages GET /article/{id}): the article with its sanitized body.
// loading → ready | notFound (no article with this id: the 404 view) | failed (retry).
import { assign, setup } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export interface ArticlePageInput {
  /** The article id from the route. */
  id: string;
}

export interface ArticlePageContext<TArticle> {
  id: string;
  article: TArticle | null;
  error: string | null;
}

export type ArticlePageEvent = { type: 'article.retry' };


export function createArticlePageMachine<TArticle = unknown>() {
  return setup({
    types: {
      context: {} as ArticlePageContext<TArticle>,
      events: {} as ArticlePageEvent,
      input: {} as ArticlePageInput,
      tags: {} as 'loading',
    },
    actors: {
      fetchArticle: notProvided<TArticle | null, { id: string }>('articlePageMachine', 'fetchArticle'),
    },
    guards: {
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
    },
  }).createMachine({
    id: 'articlePage',
    context: ({ input }) => ({ id: input.id, article: null, error: null }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchArticle',
          src: 'fetchArticle',
          input: ({ context }) => ({ id: context.id }),
          onDone: [
            { guard: 'isMissing', target: 'notFound' },
            { target: 'ready', actions: assign({ article: ({ event }) => event.output, error: null }) },
          ],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      ready: {},
      notFound: {},
      failed: {
        on: { 'article.retry': 'loading' },
      },
    },
  });
}

export const articlePageMachine = createArticlePageMachine();
