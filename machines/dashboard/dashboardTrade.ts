// What the dashboard's page machines share about the contract action they invoke as a child (id 'trade'): its
// outcome and its phase for the view (its input is every trading flow's: ../trading/tradeInput.ts).
import type { AnyActorRef } from 'xstate';
import { runSucceeded } from '../trading/tradeInput';
import { systemActor, type SystemLike } from '../system/systemRegistry';

/** The invoked contract action's id: its end arrives as `xstate.done.actor.trade`. */
export const TRADE_CHILD_ID = 'trade';

export interface TradeOutput {
  error: { message: string } | null;
  hash: string | null;
}

/** The child's done event (a guard): succeeded (mined) when it ends without error and with a hash; cancelled has neither. */
export function tradeSucceeded({ event }: { event: unknown }): boolean {
  return runSucceeded((event as { output?: TradeOutput }).output);
}

/** 'wallet': waiting for the user in the wallet; 'pending': sent, waiting for the receipt. */
export type TradePhase = 'idle' | 'busy' | 'wallet' | 'pending';

interface TaggedSnapshot {
  status: string;
  hasTag(tag: string): boolean;
}

/** The phase of a running contract action's snapshot (idle once it ended or when none runs). */
export function tradePhaseOf(snapshot: TaggedSnapshot | undefined): TradePhase {
  if (!snapshot || snapshot.status !== 'active') return 'idle';
  return snapshot.hasTag('pending') ? 'pending' : snapshot.hasTag('wallet') ? 'wallet' : 'busy';
}

interface StepsSnapshot {
  status: string;
  context?: { steps?: unknown[]; stepIndex?: number };
}

/**
 * Which wallet step a running contract action is on, as '1 of 2', when it has more than one (a listing whose
 * collection is not approved yet: approval, then the listing); null for a single step or when none runs.
 */
export function tradeStepOf(snapshot: StepsSnapshot | undefined): string | null {
  const steps = snapshot?.status === 'active' ? (snapshot.context?.steps?.length ?? 0) : 0;
  if (steps < 2) return null;
  return `${(snapshot!.context!.stepIndex ?? 0) + 1} of ${steps}`;
}

/** The page machine's running contract action, if any (a view selects it, then selects its phase). */
export function tradeChildOf(snapshot: { children: Record<string, AnyActorRef | undefined> }): AnyActorRef | undefined {
  return snapshot.children[TRADE_CHILD_ID];
}

/**
 * After a confirmed action: the liveEvents actor (through the system) schedules its `lists.stale`, so every list
 * refetches once the indexer had the live-refresh delay to record the change. Nothing happens without one.
 */
export function listsChangedThroughSystem(system: SystemLike): void {
  systemActor(system, 'liveEvents')?.send({ type: 'lists.changed' });
}
