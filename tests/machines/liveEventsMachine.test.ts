import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import {
  LIVE_REFRESH_DELAY_MS,
  MAX_TOKEN_PATCHES,
  ON_SALE_NOTICE,
  PRICE_CHANGED_NOTICE,
  UNLISTED_NOTICE,
  liveEffects,
  liveEventsMachine,
  withTokenPatch,
  type LiveSocketCommand,
  type TokenPatch,
} from '../../machines/live/liveEventsMachine';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import type { LivePayload } from '../../domain/contracts/liveEvents';
import { liveMessage } from '../domain/liveEventSamples';

const BUYER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

describe('liveEffects (requirements: live events, effects)', () => {
  // Payloads arrive parsed (src/services/live/socket.ts drops one that is not its contract's): whole ones here.
  const sold = (fields: Partial<LivePayload<'Sold'>>) => liveMessage('Sold', { token_id: '7', buyer: BUYER, owner: BUYER, ...fields });
  const ownerInfo = { id: '3', address: BUYER, alias: 'june', avatar: '/ipfs/thumbnail/bafkreijune', firstName: null, lastName: 'Ray' };

  it('Sold marks the token sold with its new owner, what the server says about its price, and the sale as its last', () => {
    expect(liveEffects(sold({ isSold: true, tokenPrice: null, ownerInfo }), null)).toEqual({
      patch: { id: '7', patch: { isSold: true, ownerAddress: BUYER, owner: ownerInfo, priceWei: null, lastSaleWei: '1000' } },
    });
    // A partial sale of a multi-unit token: the server says it is not sold out, and the price still listed.
    expect(liveEffects(sold({ isSold: false, tokenPrice: '5', ownerInfo }), null).patch).toEqual({ id: '7', patch: { isSold: false, ownerAddress: BUYER, owner: ownerInfo, priceWei: '5', lastSaleWei: '1000' } });
  });

  it('Sold carries the new owner\'s names and avatar (ownerInfo) when they name the buyer; another account\'s are ignored', () => {
    expect(liveEffects(sold({ ownerInfo: { ...ownerInfo, address: BUYER.toUpperCase().replace('0X', '0x') } }), null).patch?.patch.owner?.alias).toBe('june');
    // Another account's names: the address alone.
    const other = { ...ownerInfo, address: '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65' };
    expect(liveEffects(sold({ ownerInfo: other, tokenPrice: null }), null).patch?.patch).toEqual({ isSold: true, ownerAddress: BUYER, priceWei: null, lastSaleWei: '1000' });
    // Unknown account: every name null, the seed's shortened address shows.
    const unnamed = { id: null, address: BUYER, alias: null, avatar: null, firstName: null, lastName: null };
    expect(liveEffects(sold({ ownerInfo: unnamed }), null).patch?.patch.owner).toEqual(unnamed);
  });

  it('a sale created shows on-sale or price-changed only on the viewed token', () => {
    expect(liveEffects(liveMessage('CreatedSale', { token_id: '7', previousPrice: null, tokenPrice: '10' }), '7')).toEqual({
      patch: { id: '7', patch: { priceWei: '10' } },
      notice: ON_SALE_NOTICE,
    });
    expect(liveEffects(liveMessage('CreatedSale', { token_id: '7', previousPrice: '20', tokenPrice: '10' }), '7').notice).toBe(PRICE_CHANGED_NOTICE);
    expect(liveEffects(liveMessage('CreatedSale', { token_id: '7', previousPrice: null, tokenPrice: '10' }), '8').notice).toBeUndefined();
  });

  it('a sale cancelled shows price-changed while another listing remains, else unlisted', () => {
    expect(liveEffects(liveMessage('CancelledSale', { token_id: '7', tokenPrice: '5' }), '7')).toEqual({ patch: { id: '7', patch: { priceWei: '5' } }, notice: PRICE_CHANGED_NOTICE });
    expect(liveEffects(liveMessage('CancelledSale', { token_id: '7', tokenPrice: null }), '7').notice).toBe(UNLISTED_NOTICE);
  });

  it('likes events patch the count; events without a token change nothing', () => {
    for (const name of ['TokenLiked', 'TokenUnliked', 'TokenUpdated'] as const) {
      expect(liveEffects(liveMessage(name, { token_id: '7', account_id: BUYER, updatedFields: { likesCount: 4 } }), null)).toEqual({ patch: { id: '7', patch: { likesCount: 4 } } });
    }
    for (const name of ['CreatedCollection', 'PublishReady', 'CreatedCreator', 'OfferMade', 'TransferSingle', 'CreatedAllOutSale'] as const) {
      expect(liveEffects(liveMessage(name), null)).toEqual({});
    }
  });
});

describe('liveEventsMachine (examples)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  function start() {
    const commands: LiveSocketCommand[] = [];
    const listsStale = vi.fn();
    const live = liveEventsMachine.provide({
      actors: { liveSocket: fromCallback<LiveSocketCommand>(({ receive }) => receive((c) => commands.push(c))) },
    });
    // As in the app: notices go to the notifications actor found by systemId.
    const root = setup({ actors: { notifications: notificationsMachine, live } }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'live', systemId: 'liveEvents', src: 'live' },
      ],
    });
    const actor = createActor(root).start();
    const liveActor = actor.system.get('liveEvents') as ReturnType<typeof createActor<typeof liveEventsMachine>>;
    const notice = () => actor.getSnapshot().children.notifications!.getSnapshot().context.current as { kind: string; text: string } | null;
    liveActor.on('lists.stale', listsStale);
    // A page with live data on screen: the socket starts.
    liveActor.send({ type: 'live.needed' });
    const patches = () => liveActor.getSnapshot().context.patches;
    return { actor, liveActor, commands, patches, listsStale, notice };
  }

  it('a burst of list-changing events refetches lists once, LIVE_REFRESH_DELAY_MS after the last', () => {
    const { liveActor, listsStale, patches } = start();
    liveActor.send({ type: 'socket.connected' });
    liveActor.send({ type: 'live.event', ...liveMessage('Sold', { token_id: '7', buyer: BUYER, isSold: true, tokenPrice: null }) });
    vi.advanceTimersByTime(1500);
    liveActor.send({ type: 'live.event', ...liveMessage('OfferMade', { token_id: '8', buyer: BUYER }) });
    vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS - 1);
    expect(listsStale).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listsStale).toHaveBeenCalledTimes(1);
    expect(patches()['7']).toEqual({ isSold: true, ownerAddress: BUYER, priceWei: null, lastSaleWei: '1000' });
  });

  it('likes update counts without refetching lists', () => {
    const { liveActor, listsStale, patches } = start();
    liveActor.send({ type: 'live.event', ...liveMessage('TokenUnliked', { token_id: '9', updatedFields: { likesCount: 0 } }) });
    vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS * 2);
    expect(listsStale).not.toHaveBeenCalled();
    expect(patches()['9']).toEqual({ likesCount: 0 });
  });

  it('the viewed token gets an info notice through the notifications actor', () => {
    const { liveActor, notice } = start();
    liveActor.send({ type: 'live.viewToken', id: '7' });
    liveActor.send({ type: 'live.event', ...liveMessage('CreatedSale', { token_id: '7', previousPrice: null, tokenPrice: '1' }) });
    expect(notice()).toMatchObject({ kind: 'info', text: ON_SALE_NOTICE });
  });

  it('registers the wallet address on connect, on account change and again after a reconnect, which refetches lists at once', () => {
    const { liveActor, commands, listsStale } = start();
    liveActor.send({ type: 'live.account', address: BUYER });
    liveActor.send({ type: 'socket.connected' });
    expect(commands).toEqual([{ type: 'socket.register', address: BUYER }]);
    liveActor.send({ type: 'live.account', address: null });
    expect(commands.at(-1)).toEqual({ type: 'socket.register', address: null });
    liveActor.send({ type: 'live.account', address: BUYER });
    liveActor.send({ type: 'socket.disconnected' });
    liveActor.send({ type: 'socket.connected' });
    expect(commands).toHaveLength(4);
    expect(commands.at(-1)).toEqual({ type: 'socket.register', address: BUYER });
    expect(listsStale).toHaveBeenCalledTimes(1);
  });

  it('emits every received event for views that follow one (offers list, studio PublishReady)', () => {
    const { liveActor } = start();
    const received: string[] = [];
    liveActor.on('live.received', (e) => received.push(e.name));
    liveActor.send({ type: 'live.event', ...liveMessage('PublishReady', { _id: '3', creator: BUYER }) });
    expect(received).toEqual(['PublishReady']);
  });

  it('patches merge per token; the app’s own changes arrive as live.patch', () => {
    const { liveActor, patches } = start();
    liveActor.send({ type: 'live.event', ...liveMessage('Sold', { token_id: '7', buyer: BUYER, isSold: true, tokenPrice: null }) });
    liveActor.send({ type: 'live.patch', id: '7', patch: { likesCount: 5 } });
    liveActor.send({ type: 'live.event', ...liveMessage('TokenLiked', { token_id: '7', updatedFields: { likesCount: 6 } }) });
    expect(patches()).toEqual({ '7': { isSold: true, ownerAddress: BUYER, priceWei: null, lastSaleWei: '1000', likesCount: 6 } });
  });
});

describe('the socket starts when a page needs live data, once per session', () => {
  it('no socket before live.needed; the first one starts it and later ones (or a reconnect) start no other', () => {
    let started = 0;
    let stopped = 0;
    const liveSocket = fromCallback<LiveSocketCommand>(() => {
      started += 1;
      return () => {
        stopped += 1;
      };
    });
    const live = createActor(liveEventsMachine.provide({ actors: { liveSocket } })).start();
    // Patches and list signals work without a socket (a purchase on a page with nothing live).
    live.send({ type: 'live.patch', id: '7', patch: { isSold: true } });
    expect(live.getSnapshot().value).toEqual({ connection: 'idle', lists: 'fresh' });
    expect(live.getSnapshot().children.socket).toBeUndefined();
    expect(started).toBe(0);
    live.send({ type: 'live.needed' });
    expect(live.getSnapshot().value).toEqual({ connection: 'connecting', lists: 'fresh' });
    const socket = live.getSnapshot().children.socket;
    expect(socket).toBeDefined();
    live.send({ type: 'socket.connected' });
    live.send({ type: 'live.needed' });
    live.send({ type: 'socket.disconnected' });
    live.send({ type: 'live.needed' });
    live.send({ type: 'socket.connected' });
    expect(live.getSnapshot().value).toEqual({ connection: 'connected', lists: 'fresh' });
    expect(live.getSnapshot().children.socket).toBe(socket);
    expect([started, stopped]).toEqual([1, 0]);
    live.stop();
    expect(stopped).toBe(1);
  });
});

describe('token patches are bounded (MAX_TOKEN_PATCHES, least recently patched out first)', () => {
  it('MAX_TOKEN_PATCHES is 300', () => {
    expect(MAX_TOKEN_PATCHES).toBe(300);
  });

  it('the 301st token evicts the least recently patched one; patching again makes a token the most recent', () => {
    const live = createActor(liveEventsMachine.provide({ actors: { liveSocket: fromCallback(() => undefined) } })).start();
    for (let n = 1; n <= 300; n += 1) live.send({ type: 'live.patch', id: `t${n}`, patch: { likesCount: n } });
    expect(Object.keys(live.getSnapshot().context.patches)).toHaveLength(300);
    // t1 is used again: t2 becomes the least recently patched.
    live.send({ type: 'live.event', ...liveMessage('Sold', { token_id: 't1', isSold: true }) });
    live.send({ type: 'live.patch', id: 't301', patch: { likesCount: 301 } });
    const { patches, patchOrder } = live.getSnapshot().context;
    expect(Object.keys(patches)).toHaveLength(300);
    expect(patches.t2).toBeUndefined();
    expect(patches.t1).toMatchObject({ likesCount: 1, isSold: true });
    expect(patches.t301).toEqual({ likesCount: 301 });
    expect(patchOrder.slice(0, 2)).toEqual(['t3', 't4']);
    expect(patchOrder.slice(-2)).toEqual(['t1', 't301']);
    // Then t3, t4, … in the order they were patched.
    live.send({ type: 'live.patch', id: 't302', patch: {} });
    live.send({ type: 'live.patch', id: 't303', patch: {} });
    expect(live.getSnapshot().context.patches.t3).toBeUndefined();
    expect(live.getSnapshot().context.patches.t4).toBeUndefined();
    expect(live.getSnapshot().context.patches.t5).toEqual({ likesCount: 5 });
    live.stop();
  });

  it('withTokenPatch evicts in least-recently-patched order at any bound', () => {
    let state = { patches: {} as Record<string, TokenPatch>, patchOrder: [] as string[] };
    for (const id of ['a', 'b', 'c', 'a', 'd', 'e']) state = withTokenPatch(state.patches, state.patchOrder, { id, patch: { likesCount: 1 } }, 3);
    expect(state.patchOrder).toEqual(['a', 'd', 'e']);
    expect(Object.keys(state.patches).sort()).toEqual(['a', 'd', 'e']);
  });
});
