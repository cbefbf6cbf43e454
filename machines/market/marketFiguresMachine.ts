// A page's market figures (a token's price history; a collection's, with its statistics): read when the section
// showing them comes near the screen (the view starts the flow then), and read again when live events say lists are
// stale (a sale, a listing, an offer), keeping what is shown until the new figures arrive.
//   loading → ready | failed (figures.retry, or lists.stale, → loading)
//   ready → (lists.stale) refreshing → ready (the new figures; the shown ones when the refresh fails)
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export interface MarketFiguresInput<TParams> {
  params: TParams;
}

export interface MarketFiguresContext<TParams, TFigures> {
  params: TParams;
  figures: TFigures | null;
  error: string | null;
}

export type MarketFiguresEvent = { type: 'figures.retry' } | { type: 'lists.stale' };

export function createMarketFiguresMachine<TParams, TFigures>() {
  return setup({
    types: {
      context: {} as MarketFiguresContext<TParams, TFigures>,
      events: {} as MarketFiguresEvent,
      input: {} as MarketFiguresInput<TParams>,
      tags: {} as 'loading',
    },
    actors: {
      fetchFigures: notProvided<TFigures, MarketFiguresInput<TParams>>('marketFigures', 'fetchFigures'),
      // Sends back `lists.stale` when live events say what the page shows may be out of date (provided by the flow).
      watchListsStale: fromCallback<EventObject, void>(() => undefined),
    },
    actions: {
      storeFigures: assign({ figures: ({ event }) => (event as unknown as { output: TFigures }).output, error: null }),
      storeError: assign({ error: ({ event }) => errorMessage((event as unknown as { error: unknown }).error) }),
    },
  }).createMachine({
    id: 'marketFigures',
    context: ({ input }) => ({ params: input.params, figures: null, error: null }),
    invoke: { src: 'watchListsStale' },
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchFigures',
          src: 'fetchFigures',
          input: ({ context }) => ({ params: context.params }),
          onDone: { target: 'ready', actions: 'storeFigures' },
          onError: { target: 'failed', actions: 'storeError' },
        },
      },
      ready: {
        on: { 'lists.stale': 'refreshing' },
      },
      // The shown figures stay on screen meanwhile; another burst of live events starts the read again.
      refreshing: {
        invoke: {
          id: 'fetchFigures',
          src: 'fetchFigures',
          input: ({ context }) => ({ params: context.params }),
          onDone: { target: 'ready', actions: 'storeFigures' },
          onError: { target: 'ready' },
        },
        on: { 'lists.stale': { target: 'refreshing', reenter: true } },
      },
      failed: {
        on: { 'figures.retry': 'loading', 'lists.stale': 'loading' },
      },
    },
  });
}
