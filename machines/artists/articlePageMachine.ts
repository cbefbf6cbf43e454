// The article page (/article/{id}, the artists' pages; docs/requirements.md#content-pages GET /article/{id}): the article with its sanitized body.
// loading → ready | notFound (no article with this id: the 404 view) | failed (retry).
import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../system/errorMessage';

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
      fetchArticle: fromPromise<TArticle | null, { id: string }>(async () => {
        throw new Error('articlePageMachine: actor "fetchArticle" not provided');
      }),
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
