// How a page machine reaches the app's long-lived actors from inside the actor system (seed-independent plumbing).
// Page machines run in the app's system (src/app/flows.tsx starts them with the root as parent), so systemActor
// (./systemRegistry.ts) finds the notifications, wallet session and live events actors the root registered. In a
// model test nothing is registered: sends to a missing actor are dropped and the callbacks below stay silent.
import { fromCallback, type EventObject } from 'xstate';
import type { NotificationKind } from '../notifications/constants';
import { registeredLogin, walletViewOf, type RegisteredLogin, type SessionSnapshotLike, type WalletView } from '../wallet/sessionSelectors';
import { systemActor, type SystemLike } from './systemRegistry';

/** Shows a notification through the system's notifications actor, if one runs. */
export function notifyThroughSystem(system: SystemLike, kind: NotificationKind, text: string): void {
  systemActor(system, 'notifications')?.send({ type: 'notify.show', kind, text });
}

/** Closes a sticky notification through the system's notifications actor, if one runs. */
export function dismissStickyThroughSystem(system: SystemLike, text: string): void {
  systemActor(system, 'notifications')?.send({ type: 'notify.dismissSticky', text });
}

/**
 * Closes the notification shown if it is `text` (say a connect-wallet error whose cause is gone): one shown over it
 * is left alone. Nothing happens without a notifications actor.
 */
export function dismissNoticeThroughSystem(system: SystemLike, text: string): void {
  const notifications = systemActor(system, 'notifications');
  // (A test's stand-in notifications actor may keep no context.)
  const current = notifications?.getSnapshot().context?.current;
  if (current && current.text === text) notifications!.send({ type: 'notify.dismiss', id: current.id });
}

/** The connected wallet as flows read it (the wallet session's context and tags), or null without a session. */
export function walletOf(system: SystemLike): WalletView | null {
  const session = systemActor(system, 'walletSession');
  return session ? walletViewOf(session.getSnapshot()) : null;
}

/** The wallet session's registered login at call time: null for a visitor, a session still signing in, or none. */
export function loginOf(system: SystemLike): RegisteredLogin | null {
  const session = systemActor(system, 'walletSession');
  return session ? registeredLogin(session.getSnapshot()) : null;
}

/**
 * Events a flow hears about the wallet session: every change of address or chain. xstate guards see only context
 * and event, so a flow that guards on the wallet keeps the address it heard here in its context.
 */
export type WalletChangedEvent = { type: 'wallet.changed'; address: string | null; chainId: number | null };

/**
 * The guards of a flow that keeps the wallet address it heard (watchWallet) as `context.address`: whether it has one,
 * and whether a `wallet.changed` names another (case-insensitively).
 */
export const walletAddressGuards = {
  hasWalletAddress: ({ context }: { context: { address: string | null } }) => context.address !== null,
  hasNoWalletAddress: ({ context }: { context: { address: string | null } }) => context.address === null,
  addressDiffers: ({ context, event }: { context: { address: string | null }; event: EventObject }) =>
    event.type === 'wallet.changed' && ((event as WalletChangedEvent).address?.toLowerCase() ?? null) !== (context.address?.toLowerCase() ?? null),
};

/**
 * Invoke to hear `wallet.changed` whenever the wallet session's address or chain changes (and once at start).
 * Nothing is sent when no wallet session runs (model tests).
 */
export const watchWallet = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const session = systemActor(system, 'walletSession');
  if (!session) return undefined;
  let last: string | null | undefined;
  const report = (snapshot: SessionSnapshotLike) => {
    const chainId = snapshot.context.chainId ?? null;
    const key = `${snapshot.context.address ?? ''}:${chainId ?? ''}`;
    if (key === last) return;
    last = key;
    sendBack({ type: 'wallet.changed', address: snapshot.context.address, chainId } satisfies WalletChangedEvent);
  };
  report(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});
