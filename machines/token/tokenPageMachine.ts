import { assign, enqueueActions, setup } from 'xstate';
import { PAGE_SIZE } from '../lists/constants';
import { announceViewedToken } from '../live/announceViewedToken';
import type { TokenPatch } from '../live/liveEventsMachine';
import { watchLive } from '../live/watchLive';
import { notifyThroughSystem } from '../system/systemActors';
import { offerMachine } from '../trading/offerMachine';
import { saleMachine, type SaleToken } from '../trading/saleMachine';
import { liveToken, type LiveTokenShape } from './liveToken';
import { createTokenOffersMachine, type TokenOffersParams } from './tokenOffersMachine';
import { watchTokenPatch, type TokenPatchedEvent } from './watchTokenPatch';
import { errorMessage } from '../system/errorMessage';
import { notProvidedCommentThread } from '../comments/commentThreadSlot';
import { notProvided } from '../system/notProvided';

// See docs/requirements.md#token-page: the notice shown when the token is no longer found.
export const TOKEN_SOLD_NOTICE = 'Token has been sold';

export interface TokenPageInput {
  /** The TokenHolding id from the route (/token/$id). */
  id: string;
}

/**
 * What the machine reads of a loaded page: the token's database id (its live events and patch), what the sale
 * child decides on (holding, owner, sales) and what the offer children need (the chain's token id).
 */
export interface TokenPageShape {
  token: SaleToken & LiveTokenShape & { ownerInfo?: { address: string } | null };
}

/** The loaded token as shown: the fetched one with its live patch merged over it. */
export const shownToken = <TPage extends TokenPageShape>(page: TPage, patch: TokenPatch | undefined): TPage['token'] => liveToken(page.token, patch);

/** The offers list's params for the shown token: its database id and the current owner, whose sale they are on. */
export function offersParamsOf(token: TokenPageShape['token']): TokenOffersParams {
  const owner = token.tokenHolding?.owner ?? token.ownerInfo ?? null;
  return { token: token._id, seller: owner?.address ?? null };
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
  /** The live patch of the loaded token (sold, new owner, likes, price), as the liveEvents actor keeps it. */
  patch: TokenPatch | undefined;
  error: string | null;
}

export { announceViewedToken };

export type TokenPageEvent =
  | { type: 'token.retry' }
  /** Every live event of the invoked watchLive; the machine picks its token's sale changes. */
  | { type: 'live.received'; name: string; doc: { token_id?: unknown } }
  | { type: 'live.reconnected' }
  /** The comments panel came near the screen: its thread starts (and its code loads) then, not with the page. */
  | { type: 'comments.show' }
  /** The thread's code could not load (offline before it was ever cached): try again. */
  | { type: 'comments.reload' }
  /** The loaded token's live patch changed (the invoked watchTokenPatch). */
  | TokenPatchedEvent;

/**
 * The token detail page for one holding id (another id is another page: the view keys the flow by id):
 * loading → ready | notFound | failed (retry). `fetchTokenPage` resolves null when the holding no longer exists;
 * notFound then announces 'Token has been sold' through the system's notifications actor and runs
 * `leaveToExplore` (provided by the flow module). While ready it tells the liveEvents actor which token is on
 * screen and hears the live feed (invoked watchLive): a sale created, cancelled or sold for this token (or a socket
 * reconnect) refetches it in place, so a token listed while its page is open shows Buy and Make offer; a failed or
 * empty refetch keeps what is shown (the live SOLD patch covers a sold-out holding).
 *
 * The page owns its parts as children while ready: `sale` (Buy and Make offer), `offers` (the offers list),
 * `offerActions` (Accept and Retract) and, once the comments panel nears the screen (`comments.show`) and the thread's
 * code has loaded, `comments` (the token's comment thread; `comments.reload` tries again when its code could not load).
 * Its sales region refetches the token; its comments region runs the thread. It hears the token's live patch (invoked watchTokenPatch) and hands the shown
 * token to `sale` and the offers' params (token, current owner) to `offers` whenever a refetch or a patch changes
 * them; views select a child from the snapshot and send to it. Their workers are provided by name by the flow module.
 */
export function createTokenPageMachine<TPage extends TokenPageShape = TokenPageShape, TOffer = unknown>() {
  const tokenOffers = createTokenOffersMachine<TOffer, TokenOffersParams>();
  return setup({
    types: {
      context: {} as TokenPageContext<TPage>,
      events: {} as TokenPageEvent,
      input: {} as TokenPageInput,
      tags: {} as 'loading',
      children: {} as { sale: 'sale'; offers: 'tokenOffers'; offerActions: 'offer'; comments: 'commentThread' },
    },
    actors: {
      fetchTokenPage: notProvided<TPage | null, { id: string }>('tokenPageMachine', 'fetchTokenPage'),
      watchLive,
      watchTokenPatch,
      announceViewedToken,
      // The children, named by their machines' ids (a unit test replaces one by that id: src/app/flows.tsx).
      sale: saleMachine,
      tokenOffers,
      offer: offerMachine,
      // The thread's code, loaded before the thread starts (provided by the flow module).
      loadCommentThread: notProvided<void>('tokenPageMachine', 'loadCommentThread'),
      commentThread: notProvidedCommentThread('tokenPage'),
    },
    actions: {
      announceSold: ({ system }) => notifyThroughSystem(system, 'info', TOKEN_SOLD_NOTICE),
      leaveToExplore: () => undefined,
      assignPatch: assign({ patch: ({ context, event }) => (event.type === 'token.patched' ? event.patch : context.patch) }),
      // The shown token to the sale, the offers' params to the offers list (each ignores what did not change).
      handOver: enqueueActions(({ context, enqueue }) => {
        if (!context.page) return;
        const token = shownToken(context.page, context.patch);
        enqueue.sendTo('sale', { type: 'sale.token', token, patch: context.patch ?? {} });
        enqueue.sendTo('offers', { type: 'offers.params', params: offersParamsOf(token) });
      }),
    },
    guards: {
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
      changesSales: ({ context, event }) =>
        event.type === 'live.reconnected' ||
        (event.type === 'live.received' && context.page !== null && changesTokenSales(event.name, event.doc, context.page.token._id)),
    },
  }).createMachine({
    id: 'tokenPage',
    context: ({ input }) => ({ id: input.id, page: null, patch: undefined, error: null }),
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
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      ready: {
        invoke: [
          { id: 'watchLive', src: 'watchLive' },
          { id: 'announceViewedToken', src: 'announceViewedToken', input: ({ context }) => ({ tokenId: context.page!.token._id }) },
          { id: 'watchTokenPatch', src: 'watchTokenPatch', input: ({ context }) => ({ tokenId: context.page!.token._id }) },
          {
            id: 'sale',
            src: 'sale',
            input: ({ context }) => ({ token: shownToken(context.page!, context.patch), patch: context.patch ?? {} }),
          },
          {
            id: 'offers',
            src: 'tokenOffers',
            input: ({ context }) => ({ pageSize: PAGE_SIZE.offers, params: offersParamsOf(shownToken(context.page!, context.patch)) }),
          },
          {
            id: 'offerActions',
            src: 'offer',
            input: ({ context }) => ({ token: { tokenId: context.page!.token.tokenId, chainId: context.page!.token.chainId } }),
          },
        ],
        on: { 'token.patched': { actions: ['assignPatch', 'handOver'] } },
        type: 'parallel',
        states: {
          sales: {
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
                  onDone: [
                    { guard: 'isMissing', target: 'current' },
                    { target: 'current', actions: [assign({ page: ({ event }) => event.output }), 'handOver'] },
                  ],
                  onError: { target: 'current' },
                },
              },
            },
          },
          // The thread starts with the panel near the screen, below the fold on every screen: its code loads then
          // (loading), and code that could not load (offline before it was ever cached) leaves it unavailable until
          // Retry. Its viewer is the registered login, which it hears from the wallet session itself from its start on.
          comments: {
            initial: 'waiting',
            states: {
              waiting: { on: { 'comments.show': 'loading' } },
              loading: {
                invoke: { id: 'loadCommentThread', src: 'loadCommentThread', onDone: 'shown', onError: 'unavailable' },
              },
              shown: {
                invoke: { id: 'comments', src: 'commentThread', input: ({ context }) => ({ tokenId: context.page!.token._id, viewer: null }) },
              },
              unavailable: { on: { 'comments.reload': 'loading' } },
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
