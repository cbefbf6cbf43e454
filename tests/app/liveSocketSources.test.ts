// The live socket service reports the registered wallet address (also when the wallet session starts later) to the
// liveEvents actor; the socket itself is not opened before the first load is over.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, setup, type AnyActor } from 'xstate';
import { liveEventsMachine } from '../../machines/live/liveEventsMachine';
import { createLiveSocket } from '../../src/services/live/socket';

const ADDRESS = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';

// Stands in for walletSession: the two things the service reads (tag registered, context.address).
const fakeWallet = createMachine({
  id: 'fakeWallet',
  context: { address: ADDRESS as string | null },
  initial: 'disconnected',
  states: {
    disconnected: { on: { signIn: 'registered' } },
    registered: { tags: 'registered', on: { signOut: 'disconnected' } },
  },
});

const neverLoaded = () => new Promise<void>(() => {});
let actor: AnyActor | undefined;
afterEach(() => {
  actor?.stop();
});

function start(withWallet: boolean) {
  const live = liveEventsMachine.provide({
    actors: { liveSocket: createLiveSocket({ afterFirstLoad: neverLoaded, walletPollMs: 10 }) },
  });
  const root = setup({ actors: { live, fakeWallet } }).createMachine({
    invoke: [
      { id: 'live', systemId: 'liveEvents', src: 'live' },
      ...(withWallet ? [{ id: 'wallet', systemId: 'walletSession', src: 'fakeWallet' as const }] : []),
    ],
  });
  actor = createActor(root).start();
  // As a page showing live data does (its flow's watchLive or watchListsStale): the socket service starts.
  actor.getSnapshot().children.live!.send({ type: 'live.needed' });
  return actor;
}

const liveContext = (root: AnyActor) => root.getSnapshot().children.live.getSnapshot().context;

describe('live socket sources', () => {
  it('behavior: follows the registered address of the wallet session', () => {
    const root = start(true);
    const wallet = root.getSnapshot().children.wallet;
    expect(liveContext(root).address).toBeNull();
    wallet.send({ type: 'signIn' });
    expect(liveContext(root).address).toBe(ADDRESS);
    wallet.send({ type: 'signOut' });
    expect(liveContext(root).address).toBeNull();
    // Before the first load is over the socket is not opened: still connecting.
    expect(root.getSnapshot().children.live.getSnapshot().value).toEqual({ connection: 'connecting', lists: 'fresh' });
  });

  it('behavior: a wallet session that is not running yet is found once it is', async () => {
    const root = start(false);
    const wallet = createActor(fakeWallet, { systemId: 'walletSession' });
    // Registered in the same system, as spawning a child with a systemId does (xstate's internal registry call).
    (root.system as unknown as { _set(id: string, actor: AnyActor): void })._set('walletSession', wallet);
    wallet.start();
    wallet.send({ type: 'signIn' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(liveContext(root).address).toBe(ADDRESS);
  });
});
