import { useSelector } from '@xstate/react';
import type { AnyActorRef, Snapshot } from 'xstate';

/** 'wallet': waiting for the user in the wallet; 'pending': sent, waiting for the receipt. */
export type ContractActionPhase = 'idle' | 'busy' | 'wallet' | 'pending';

const TEXT: Record<Exclude<ContractActionPhase, 'idle'>, string> = {
  busy: 'Preparing transaction…',
  wallet: 'Waiting for your wallet…',
  pending: 'Transaction pending…',
};

type MaybeTagged = Snapshot<unknown> & { hasTag?: (tag: string) => boolean };

/** The step of a contractAction run from its snapshot's tags (checking and approval are 'busy'). */
export function phaseOf(snapshot: MaybeTagged | undefined): ContractActionPhase {
  if (!snapshot || snapshot.status !== 'active') return 'idle';
  if (snapshot.hasTag?.('pending')) return 'pending';
  if (snapshot.hasTag?.('wallet')) return 'wallet';
  return 'busy';
}

/** The phase of the contractAction child `trade` a flow invokes while it trades ('idle' when none runs). */
export function useTradePhase(flow: AnyActorRef): ContractActionPhase {
  const trade = useSelector(flow, (snapshot: { children: Record<string, AnyActorRef | undefined> }) => snapshot.children.trade);
  return useSelector(trade, (snapshot: MaybeTagged | undefined) => phaseOf(snapshot));
}

/**
 * The running contract action's step, announced politely to screen readers. `step` ('1 of 2'): which of several
 * wallet requests it is (approval, then listing), so two 'Waiting for your wallet…' in a row are told apart.
 */
export function PhaseStatus({ phase, step = null }: { phase: ContractActionPhase; step?: string | null }) {
  return (
    <p className="trade-status" role="status" aria-live="polite">
      {phase !== 'idle' && (
        <>
          <span className="spinner" aria-hidden="true" /> {TEXT[phase]}
          {step && phase !== 'busy' && ` (step ${step})`}
        </>
      )}
    </p>
  );
}
