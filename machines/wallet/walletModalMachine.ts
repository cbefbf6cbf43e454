// Whether the wallet modal is open (docs/requirements.md#wallet-session): the header, the mobile menu, route guards, the like, comment and
// trade prompts open it through the app's actor system (`systemActor(system, 'walletModal')`); it closes itself once the
// wallet session is registered, however that happened (the modal, a restore, a guard's page).
import { fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { systemActor, type SystemLike } from '../system/systemRegistry';
import type { SessionSnapshotLike } from './sessionSelectors';

export type WalletModalEvent = { type: 'walletModal.open' } | { type: 'walletModal.close' } | { type: 'wallet.registered' };

/**
 * Sends `wallet.registered` when the system's wallet session is (or becomes) registered. Silent when no wallet
 * session runs (model tests).
 */
export const watchRegistered = fromCallback<EventObject>(({ system, sendBack }) => {
  const session = systemActor(system, 'walletSession');
  if (!session) return undefined;
  const report = (snapshot: SessionSnapshotLike) => {
    if (snapshot.hasTag('registered')) sendBack({ type: 'wallet.registered' });
  };
  report(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});

export const walletModalMachine = setup({
  types: {
    events: {} as WalletModalEvent,
  },
  actors: { watchRegistered },
}).createMachine({
  id: 'walletModal',
  initial: 'closed',
  states: {
    closed: {
      on: { 'walletModal.open': 'open' },
    },
    open: {
      tags: 'open',
      // Registered already: the modal has nothing to do and closes at once.
      invoke: { id: 'registered', src: 'watchRegistered' },
      on: {
        'walletModal.close': 'closed',
        'wallet.registered': 'closed',
      },
    },
  },
});

export type WalletModalMachine = typeof walletModalMachine;
export type WalletModalActor = ActorRefFrom<WalletModalMachine>;

/** Opens the wallet modal through the app's actor system (nothing happens when no modal actor runs: model tests). */
export function openWalletModalThroughSystem(system: SystemLike): void {
  systemActor(system, 'walletModal')?.send({ type: 'walletModal.open' });
}
