import { describe, expect, expectTypeOf, it } from 'vitest';
import { assign, createActor, createMachine, setup, stopChild, type AnyActorRef } from 'xstate';
import { APP_SYSTEM_IDS } from '../../machines/app/appMachine';
import { liveEventsMachine } from '../../machines/live/liveEventsMachine';
import { watchLive, type LiveFeedEvent } from '../../machines/live/watchLive';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import {
  dismissStickyThroughSystem,
  loginOf,
  notifyThroughSystem,
  walletOf,
  watchWallet,
  type WalletChangedEvent,
} from '../../machines/system/systemActors';
import { systemActor, type SystemActors, type SystemId } from '../../machines/system/systemRegistry';
import { isCreatorOf, registeredAddress, registeredLogin, viewerOf } from '../../machines/wallet/sessionSelectors';
import { flush } from './support/modelTesting';
import { liveMessage } from '../domain/liveEventSamples';

// A stand-in wallet session: the fields and tags flows read, changed by events.
const fakeWallet = setup({
  types: {
    context: {} as { address: string | null; chainId: number | null; networkName: string; isMobile: boolean; apiKey: { key: string } | null },
    events: {} as { type: 'set'; address: string | null; chainId: number | null } | { type: 'register' },
  },
}).createMachine({
  context: { address: null, chainId: null, networkName: 'Hardhat', isMobile: false, apiKey: null },
  initial: 'guest',
  on: { set: { actions: assign(({ event }) => ({ address: event.address, chainId: event.chainId })) } },
  states: { guest: { on: { register: { target: 'registered', actions: assign({ apiKey: { key: 'k'.repeat(32) } }) } } }, registered: { tags: 'registered' } },
});

/** A root registering the long-lived actors under their systemIds, as appMachine does. */
function system() {
  const root = setup({
    types: { events: {} as { type: 'flow.stop'; actor: AnyActorRef } },
    actors: { notifications: notificationsMachine, walletSession: fakeWallet, liveEvents: liveEventsMachine },
  }).createMachine({
    on: { 'flow.stop': { actions: stopChild(({ event }) => event.actor) } },
    invoke: [
      { id: 'notifications', systemId: 'notifications', src: 'notifications' },
      { id: 'walletSession', systemId: 'walletSession', src: 'walletSession' },
    ],
  });
  return createActor(root).start();
}

/** A flow started in the root's system, recording what its invoked callback sends back. */
function listener(src: typeof watchWallet | typeof watchLive, parent?: AnyActorRef) {
  const heard: unknown[] = [];
  const flow = setup({ actors: { src } }).createMachine({
    invoke: { src: 'src' },
    on: { '*': { actions: ({ event }) => void heard.push(event) } },
  });
  const actor = createActor(flow, parent ? { parent } : {}).start();
  return { actor, heard };
}

describe('systemActors', () => {
  it('notifies and dismisses through the system; without a notifications actor nothing happens', () => {
    const root = system();
    notifyThroughSystem(root.system, 'sticky', 'Approve in wallet');
    const notifications = root.system.get('notifications')!;
    expect(notifications.getSnapshot().context.current).toMatchObject({ kind: 'sticky', text: 'Approve in wallet' });
    dismissStickyThroughSystem(root.system, 'Approve in wallet');
    expect(notifications.getSnapshot().context.current).toBeNull();
    const lonely = createActor(createMachine({})).start();
    expect(() => notifyThroughSystem(lonely.system, 'error', 'Transaction rejected')).not.toThrow();
  });

  it('walletOf reads address, chain and tags', () => {
    const root = system();
    expect(walletOf(root.system)).toEqual({ address: null, chainId: null, networkName: 'Hardhat', isMobile: false, registered: false, banned: false });
    const wallet = root.system.get('walletSession')!;
    wallet.send({ type: 'set', address: '0xAbC', chainId: 31337 });
    wallet.send({ type: 'register' });
    expect(walletOf(root.system)).toMatchObject({ address: '0xAbC', chainId: 31337, registered: true });
    expect(walletOf(createActor(createMachine({})).start().system)).toBeNull();
  });

  it('systemActor finds the actor registered under a systemId, typed by the registry; undefined where none runs', () => {
    const root = system();
    expect(systemActor(root.system, 'notifications')).toBe(root.system.get('notifications'));
    expect(systemActor(createActor(createMachine({})).start().system, 'walletSession')).toBeUndefined();
    expectTypeOf(systemActor(root.system, 'liveEvents')).toEqualTypeOf<SystemActors['liveEvents'] | undefined>();
    // The root registers every actor of the registry, and only those.
    expectTypeOf<(typeof APP_SYSTEM_IDS)[number]>().toEqualTypeOf<SystemId>();
  });

  it('loginOf reads the registered login (address and key) only once registered', () => {
    const root = system();
    const wallet = root.system.get('walletSession')!;
    wallet.send({ type: 'set', address: '0xAbC', chainId: 31337 });
    expect(loginOf(root.system)).toBeNull();
    wallet.send({ type: 'register' });
    expect(loginOf(root.system)).toEqual({ address: '0xAbC', key: 'k'.repeat(32) });
    expect(loginOf(createActor(createMachine({})).start().system)).toBeNull();
  });

  it('the session selectors: a login needs the registered tag and a key; the viewer and the role follow the tags', () => {
    const snapshot = (tags: string[], context: { address: string | null; apiKey?: { key: string } | null; account?: { isCreator?: boolean } | null }) => ({
      context,
      hasTag: (tag: string) => tags.includes(tag),
    });
    expect(registeredLogin(snapshot(['registered'], { address: '0xA', apiKey: { key: 'k' } }))).toEqual({ address: '0xA', key: 'k' });
    expect(registeredLogin(snapshot(['registered'], { address: '0xA', apiKey: null }))).toBeNull();
    expect(registeredLogin(snapshot([], { address: '0xA', apiKey: { key: 'k' } }))).toBeNull();
    expect(registeredAddress(snapshot(['registered'], { address: '0xA' }))).toBe('0xA');
    expect(registeredAddress(snapshot([], { address: '0xA' }))).toBeNull();
    expect(viewerOf(snapshot(['registered', 'banned'], { address: '0xA' }))).toEqual({ address: '0xA', registered: true, banned: true });
    expect(isCreatorOf(snapshot(['registered'], { address: '0xA', account: { isCreator: true } }))).toBe(true);
    expect(isCreatorOf(snapshot(['registered'], { address: '0xA', account: null }))).toBeNull();
    expect(isCreatorOf(snapshot([], { address: '0xA', account: { isCreator: true } }))).toBeNull();
  });

  it('watchWallet reports the session once at start and on each change of address or chain only', () => {
    const root = system();
    const { heard, actor } = listener(watchWallet, root);
    const wallet = root.system.get('walletSession')!;
    wallet.send({ type: 'register' }); // a tag change alone is not a wallet change
    wallet.send({ type: 'set', address: '0xA', chainId: 1 });
    wallet.send({ type: 'set', address: '0xA', chainId: 31337 });
    wallet.send({ type: 'set', address: '0xA', chainId: 31337 });
    root.send({ type: 'flow.stop', actor });
    wallet.send({ type: 'set', address: null, chainId: null });
    expect(heard).toEqual([
      { type: 'wallet.changed', address: null, chainId: null },
      { type: 'wallet.changed', address: '0xA', chainId: 1 },
      { type: 'wallet.changed', address: '0xA', chainId: 31337 },
    ] satisfies WalletChangedEvent[]);
  });

  it('watchWallet and watchLive stay silent outside an app system (model tests)', () => {
    expect(listener(watchWallet).heard).toEqual([]);
    expect(listener(watchLive).heard).toEqual([]);
  });

  it('watchLive hears every live event and a reconnect after a disconnect', async () => {
    const live = liveEventsMachine.provide({
      actors: { liveSocket: createMachine({}) as never },
      actions: { patchToken: () => {}, listsStale: () => {} },
    });
    const root = createActor(setup({ actors: { live } }).createMachine({ invoke: { id: 'liveEvents', systemId: 'liveEvents', src: 'live' } })).start();
    const { heard } = listener(watchLive, root);
    const liveEvents = root.system.get('liveEvents')!;
    liveEvents.send({ type: 'socket.connected' });
    liveEvents.send({ type: 'live.event', ...liveMessage('Sold', { token_id: 't1' }) });
    liveEvents.send({ type: 'socket.disconnected' });
    liveEvents.send({ type: 'socket.connected' });
    await flush();
    expect(heard).toEqual([
      { type: 'live.received', ...liveMessage('Sold', { token_id: 't1' }) },
      { type: 'live.reconnected' },
    ] satisfies LiveFeedEvent[]);
  });
});
