import type { ContractActionPhase } from './useContractAction';

const TEXT: Record<Exclude<ContractActionPhase, 'idle'>, string> = {
  busy: 'Preparing transaction…',
  wallet: 'Waiting for your wallet…',
  pending: 'Transaction pending…',
};

/** The running contract action's step, announced politely to screen readers. */
export function PhaseStatus({ phase }: { phase: ContractActionPhase }) {
  return (
    <p className="trade-status" role="status" aria-live="polite">
      {phase !== 'idle' && (
        <>
          <span className="spinner" aria-hidden="true" /> {TEXT[phase]}
        </>
      )}
    </p>
  );
}
