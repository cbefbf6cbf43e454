// A stand-in for the app's actor system around one page flow (model tests of the token page's machines): fake
// liveEvents, notifications and walletSession actors registered under their system ids, and the flow under test
// invoked beside them, so its system.get, watchLive, watchViewer and notices run for real.
import { assign, createActor, emit, setup, stopChild, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';

export interface FakeWallet {
  address: string | null;
  chainId: number | null;
  registered: boolean;
  banned: boolean;
  /** The session is still settling (restoring after a full navigation): tagged 'busy' as the real one is. */
  restoring?: boolean;
}

const fakeLiveEvents = setup({
  types: { context: {} as { viewed: Array<string | null>; viewedTokenId: string | null; patches: unknown[] }, events: {} as EventObject },
}).createMachine({
  context: { viewed: [], viewedTokenId: null, patches: [] },
  on: {
    'live.patch': { actions: assign({ patches: ({ context, event }) => [...context.patches, { id: (event as unknown as { id: string }).id, patch: (event as unknown as { patch: unknown }).patch }] }) },
    'live.viewToken': {
      actions: assign(({ context, event }) => {
        const id = (event as unknown as { id: string | null }).id;
        return { viewed: [...context.viewed, id], viewedTokenId: id };
      }),
    },
    'test.live': { actions: emit(({ event }) => ({ type: 'live.received', name: (event as unknown as { name: string }).name, doc: (event as unknown as { doc: unknown }).doc })) },
  },
  initial: 'connection',
  states: {
    connection: {
      initial: 'connected',
      states: {
        connected: { tags: 'connected', on: { 'test.disconnect': 'disconnected' } },
        disconnected: { on: { 'test.connect': 'connected' } },
      },
    },
  },
});

const fakeNotifications = setup({
  types: { context: {} as { shown: Array<{ kind: string; text: string }>; dismissed: string[] }, events: {} as EventObject },
}).createMachine({
  context: { shown: [], dismissed: [] },
  on: {
    'notify.show': { actions: assign({ shown: ({ context, event }) => [...context.shown, { kind: (event as unknown as { kind: string }).kind, text: (event as unknown as { text: string }).text }] }) },
    'notify.dismissSticky': { actions: assign({ dismissed: ({ context, event }) => [...context.dismissed, (event as unknown as { text: string }).text] }) },
  },
});

const fakeWalletModal = setup({ types: { context: {} as { opens: number }, events: {} as EventObject } }).createMachine({
  context: { opens: 0 },
  on: { 'walletModal.open': { actions: assign({ opens: ({ context }) => context.opens + 1 }) } },
});

const fakeWalletSession = setup({
  types: { context: {} as FakeWallet & { networkName: string; isMobile: boolean }, events: {} as EventObject, input: {} as FakeWallet },
}).createMachine({
  context: ({ input }) => ({ ...input, networkName: 'Hardhat', isMobile: false }),
  on: { 'test.wallet': { target: '.deciding', actions: assign(({ event }) => ({ restoring: false, ...(event as unknown as { wallet: FakeWallet }).wallet })) } },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: ({ context }) => context.restoring === true, target: 'restoring' },
        { guard: ({ context }) => context.banned, target: 'banned' },
        { guard: ({ context }) => context.registered, target: 'registered' },
        { target: 'visitor' },
      ],
    },
    visitor: {},
    restoring: { tags: 'busy' },
    registered: { tags: 'registered' },
    banned: { tags: ['registered', 'banned'] },
  },
});

export const VISITOR: FakeWallet = { address: null, chainId: null, registered: false, banned: false };

/** Starts `flow` with `input` inside a fake system; `wallet` null runs no wallet session at all. */
export function startInFakeSystem<TMachine extends AnyStateMachine>(flow: TMachine, input: unknown, wallet: FakeWallet | null = VISITOR) {
  const host = setup({
    actors: { flow, liveEvents: fakeLiveEvents, notifications: fakeNotifications, walletSession: fakeWalletSession, walletModal: fakeWalletModal } as Record<string, AnyActorLogic>,
  }).createMachine({
    // As the app's root does when the page's component unmounts (src/app/flows.tsx sends flow.stop).
    on: { 'test.stopFlow': { actions: stopChild('flow') } },
    invoke: [
      { id: 'liveEvents', systemId: 'liveEvents', src: 'liveEvents' },
      { id: 'notifications', systemId: 'notifications', src: 'notifications' },
      { id: 'walletModal', systemId: 'walletModal', src: 'walletModal' },
      // Without a wallet the session is registered under another id, so system.get('walletSession') finds none.
      { id: 'walletSession', systemId: wallet ? 'walletSession' : 'noWalletSession', src: 'walletSession', input: wallet ?? VISITOR },
      // Last, so the long-lived actors are registered when the flow starts.
      { id: 'flow', src: 'flow', input: () => input as never },
    ],
  });
  const actor = createActor(host).start();
  const child = (id: string) => actor.getSnapshot().children[id] as AnyActorRef;
  return {
    host: actor,
    /** The flow under test, as the app would hold it. */
    flow: () => child('flow'),
    live: {
      emit: (name: string, doc: unknown) => child('liveEvents').send({ type: 'test.live', name, doc }),
      disconnect: () => child('liveEvents').send({ type: 'test.disconnect' }),
      connect: () => child('liveEvents').send({ type: 'test.connect' }),
      viewed: (): Array<string | null> => child('liveEvents').getSnapshot().context.viewed,
      patches: (): Array<{ id: string; patch: unknown }> => child('liveEvents').getSnapshot().context.patches,
    },
    notices: (): Array<{ kind: string; text: string }> => child('notifications').getSnapshot().context.shown,
    dismissed: (): string[] => child('notifications').getSnapshot().context.dismissed,
    setWallet: (next: FakeWallet) => child('walletSession').send({ type: 'test.wallet', wallet: next }),
    /** The page's component unmounted: the root stops the flow. */
    stopFlow: () => actor.send({ type: 'test.stopFlow' }),
    /**
     * Ends the run as the app does: the page flow stops while the long-lived actors still run (its workers' cleanup,
     * e.g. announceViewedToken clearing the viewed token, reaches a live liveEvents), then the rest of the system.
     * Stopping the host alone would stop its children in invoke order, liveEvents before the flow.
     */
    stop: () => {
      actor.send({ type: 'test.stopFlow' });
      actor.stop();
    },
  };
}

/** Also a fake system's wallet modal: records every open. */
export function walletModalOpens(system: ReturnType<typeof startInFakeSystem>): number {
  return (system.host.getSnapshot().children.walletModal?.getSnapshot().context as { opens: number } | undefined)?.opens ?? 0;
}
