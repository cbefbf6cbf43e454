import { assign, fromPromise, setup } from 'xstate';
import { announceViewedToken } from '../live/announceViewedToken';
import { watchLive } from '../live/watchLive';
import { notifyThroughSystem } from '../system/systemActors';

// See docs/requirements.md#token-page: the notice shown when the token is no longer found.
export const TOKEN_SOLD_NOTICE = 'Token has been sold';

export interface TokenPageInput {
  /** The TokenHolding id from the route (/token/$id). */
  id: string;
}

/** What the machine reads of a loaded page: the token's database id, to pick its live events. */
export interface TokenPageShape {
  token: { _id: string };
}

/** Live events after which the page's sales (trade panel, price, owner) are out of date for that token. */
export const TOKEN_SALE_EVENTS = ['CreatedSale', 'CancelledSale', 'Sold'] as const;

export function changesTokenSales(name: string, doc: { token_id?: unknown }, tokenId: string): boolean {
  if (!(TOKEN_SALE_EVENTS as readonly string[]).includes(name)) return false;
  return doc.token_id !== undefined && doc.token_id !== null && String(doc.token_id) === tokenId;
}

export interface TokenPageContext<TPage> {
  id: string;
  page: TPage | null;
  error: string | null;
}

export { announceViewedToken };

export type TokenPageEvent =
  | { type: 'token.retry' }
  /** Every live event of the invoked watchLive; the machine picks its token's sale changes. */
  | { type: 'live.received'; name: string; doc: { token_id?: unknown } }
  | { type: 'live.reconnected' };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : 'Unexpected error';

/**
 * The token detail page for one holding id (another id is another page: the view keys the flow by id):
 * loading → ready | notFound | failed (retry). `fetchTokenPage` resolves null when the holding no longer exists;
 * notFound then announces 'Token has been sold' through the system's notifications actor and runs
 * `leaveToExplore` (provided by the flow module). While ready it tells the liveEvents actor which token is on
 * screen and hears the live feed (invoked watchLive): a sale created, cancelled or sold for this token (or a socket
 * reconnect) refetches it in place, so a token listed while its page is open shows Buy and Make offer; a failed or
 * empty refetch keeps what is shown (the live SOLD patch covers a sold-out holding).
 */
export function createTokenPageMachine<TPage extends TokenPageShape = TokenPageShape>() {
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
      watchLive,
      announceViewedToken,
    },
    actions: {
      announceSold: ({ system }) => notifyThroughSystem(system, 'info', TOKEN_SOLD_NOTICE),
      leaveToExplore: () => undefined,
    },
    guards: {
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
      changesSales: ({ context, event }) =>
        event.type === 'live.reconnected' ||
        (event.type === 'live.received' && context.page !== null && changesTokenSales(event.name, event.doc, context.page.token._id)),
    },
  }).createMachine({
    id: 'tokenPage',
    context: ({ input }) => ({ id: input.id, page: null, error: null }),
    initial: 'loading',
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
      ready: {
        invoke: [
          { id: 'watchLive', src: 'watchLive' },
          { id: 'announceViewedToken', src: 'announceViewedToken', input: ({ context }) => ({ tokenId: context.page!.token._id }) },
        ],
        initial: 'current',
        states: {
          current: {
            on: {
              'live.received': { guard: 'changesSales', target: 'refreshing' },
              'live.reconnected': { guard: 'changesSales', target: 'refreshing' },
            },
          },
          // A further change while refetching starts the refetch over (ready itself is not re-entered).
          refreshing: {
            on: {
              'live.received': { guard: 'changesSales', target: 'refreshing', reenter: true },
              'live.reconnected': { guard: 'changesSales', target: 'refreshing', reenter: true },
            },
            invoke: {
              id: 'refreshTokenPage',
              src: 'fetchTokenPage',
              input: ({ context }) => ({ id: context.id }),
              onDone: [{ guard: 'isMissing', target: 'current' }, { target: 'current', actions: assign({ page: ({ event }) => event.output }) }],
              onError: { target: 'current' },
            },
          },
        },
      },
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
