import { assign, fromPromise, setup } from 'xstate';

// Seed 000 §2 "Token detail": the notice shown when the token is no longer found.
export const TOKEN_SOLD_NOTICE = 'Token has been sold';

export interface TokenPageInput {
  /** The TokenHolding id from the route (/token/$id). */
  id: string;
}

export interface TokenPageContext<TPage> {
  id: string;
  page: TPage | null;
  error: string | null;
}

export type TokenPageEvent = { type: 'token.load'; id: string } | { type: 'token.retry' };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : 'Unexpected error';

/**
 * The token detail page: loading → ready | notFound | failed (retry). `fetchTokenPage` resolves null when the
 * holding no longer exists; notFound then runs `announceSold` and `leaveToExplore`, both provided by the view.
 */
export function createTokenPageMachine<TPage = unknown>() {
  return setup({
    types: {
      context: {} as TokenPageContext<TPage>,
      events: {} as TokenPageEvent,
      input: {} as TokenPageInput,
      tags: {} as 'loading',
    },
    actors: {
      fetchTokenPage: fromPromise<TPage | null, { id: string }>(async () => {
        throw new Error('tokenPageMachine: actor "fetchTokenPage" not provided');
      }),
    },
    actions: {
      announceSold: () => undefined,
      leaveToExplore: () => undefined,
    },
    guards: {
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
      isOtherToken: ({ context, event }) => event.type === 'token.load' && event.id !== context.id,
    },
  }).createMachine({
    id: 'tokenPage',
    context: ({ input }) => ({ id: input.id, page: null, error: null }),
    initial: 'loading',
    on: {
      'token.load': {
        guard: 'isOtherToken',
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({ id: (event as { id: string }).id, page: null, error: null })),
      },
    },
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchTokenPage',
          src: 'fetchTokenPage',
          input: ({ context }) => ({ id: context.id }),
          onDone: [
            { guard: 'isMissing', target: 'notFound' },
            { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
          ],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        },
      },
      ready: {},
      notFound: {
        entry: ['announceSold', 'leaveToExplore'],
      },
      failed: {
        on: { 'token.retry': { target: 'loading' } },
      },
    },
  });
}

export const tokenPageMachine = createTokenPageMachine();
