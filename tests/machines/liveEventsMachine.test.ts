import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup } from 'xstate';
import {
  LIVE_REFRESH_DELAY_MS,
  ON_SALE_NOTICE,
  PRICE_CHANGED_NOTICE,
  UNLISTED_NOTICE,
  liveEffects,
  liveEventsMachine,
  type LiveSocketCommand,
} from '../../machines/live/liveEventsMachine';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';

const BUYER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

describe('liveEffects (seed 000 §4 effects)', () => {
  it('Sold marks the token sold with its new owner, and what the server says about its price', () => {
    expect(liveEffects('Sold', { token_id: '7', buyer: BUYER, isSold: true, tokenPrice: null }, null)).toEqual({
      patch: { id: '7', patch: { isSold: true, ownerAddress: BUYER, priceWei: null } },
    });
    // A partial sale of a multi-unit token: the server says it is not sold out.
    expect(liveEffects('Sold', { token_id: 7, buyer: BUYER, isSold: false }, null).patch).toEqual({ id: '7', patch: { isSold: false, ownerAddress: BUYER } });
    // Without the flag (older server): sold.
    expect(liveEffects('Sold', { token_id: '7', buyer: BUYER }, null).patch?.patch.isSold).toBe(true);
  });

  it('a sale created shows on-sale or price-changed only on the viewed token', () => {
    expect(liveEffects('CreatedSale', { token_id: '7', previousPrice: null, tokenPrice: '10' }, '7')).toEqual({
      patch: { id: '7', patch: { priceWei: '10' } },
      notice: ON_SALE_NOTICE,
    });
    expect(liveEffects('CreatedSale', { token_id: '7', previousPrice: '20', tokenPrice: '10' }, '7').notice).toBe(PRICE_CHANGED_NOTICE);
    expect(liveEffects('CreatedSale', { token_id: '7', previousPrice: null, tokenPrice: '10' }, '8').notice).toBeUndefined();
  });

  it('a sale cancelled shows price-changed while another listing remains, else unlisted', () => {
    expect(liveEffects('CancelledSale', { token_id: '7', tokenPrice: '5' }, '7')).toEqual({ patch: { id: '7', patch: { priceWei: '5' } }, notice: PRICE_CHANGED_NOTICE });
    expect(liveEffects('CancelledSale', { token_id: '7', tokenPrice: null }, '7').notice).toBe(UNLISTED_NOTICE);
  });

  it('likes events patch the count; events without a token change nothing', () => {
    for (const name of ['TokenLiked', 'TokenUnliked', 'TokenUpdated']) {
      expect(liveEffects(name, { token_id: '7', account_id: BUYER, updatedFields: { likesCount: 4 } }, null)).toEqual({ patch: { id: '7', patch: { likesCount: 4 } } });
    }
    expect(liveEffects('TokenLiked', { token_id: '7' }, null)).toEqual({});
    expect(liveEffects('CreatedCollection', { _id: '3', creator: BUYER }, null)).toEqual({});
  });
});

describe('liveEventsMachine (examples)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  function start() {
    const commands: LiveSocketCommand[] = [];
    const patchToken = vi.fn();
    const listsStale = vi.fn();
    const live = liveEventsMachine.provide({
      actors: { liveSocket: fromCallback<LiveSocketCommand>(({ receive }) => receive((c) => commands.push(c))) },
      actions: { patchToken, listsStale },
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
    return { actor, liveActor, commands, patchToken, listsStale, notice };
  }

  it('a burst of list-changing events refetches lists once, LIVE_REFRESH_DELAY_MS after the last', () => {
    const { liveActor, listsStale, patchToken } = start();
    liveActor.send({ type: 'socket.connected' });
    liveActor.send({ type: 'live.event', name: 'Sold', doc: { token_id: '7', buyer: BUYER, isSold: true } });
    vi.advanceTimersByTime(1500);
    liveActor.send({ type: 'live.event', name: 'OfferMade', doc: { token_id: '8', buyer: BUYER } });
    vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS - 1);
    expect(listsStale).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listsStale).toHaveBeenCalledTimes(1);
    expect(patchToken).toHaveBeenCalledWith(expect.anything(), { id: '7', patch: { isSold: true, ownerAddress: BUYER } });
  });

  it('likes update counts without refetching lists', () => {
    const { liveActor, listsStale, patchToken } = start();
    liveActor.send({ type: 'live.event', name: 'TokenUnliked', doc: { token_id: '9', updatedFields: { likesCount: 0 } } });
    vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS * 2);
    expect(listsStale).not.toHaveBeenCalled();
    expect(patchToken).toHaveBeenCalledWith(expect.anything(), { id: '9', patch: { likesCount: 0 } });
  });

  it('the viewed token gets an info notice through the notifications actor', () => {
    const { liveActor, notice } = start();
    liveActor.send({ type: 'live.viewToken', id: '7' });
    liveActor.send({ type: 'live.event', name: 'CreatedSale', doc: { token_id: '7', previousPrice: null, tokenPrice: '1' } });
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
    liveActor.send({ type: 'live.event', name: 'PublishReady', doc: { _id: '3', creator: BUYER } });
    expect(received).toEqual(['PublishReady']);
  });
});
