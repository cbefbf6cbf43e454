import { useSelector } from '@xstate/react';
import { successMessage, type ChainAction } from '../../../machines/trading/chainActions';
import { useFlow } from '../../app/flows';
import { GatedButton } from '../../components/offline/networkGate';
import { PhaseStatus } from '../../components/trading/PhaseStatus';
import { dashboardChainActionFlow } from '../../services/flows/dashboard';
import { useTradePhase } from './useTradePhase';

export interface ChainActionButtonProps {
  label: string;
  action: ChainAction;
  primary?: boolean;
  /** Id of the text that says what the button acts on (the offer's row). */
  describedBy?: string;
}

/** One contract action of an offer row (Accept, Retract): its wallet and pending steps, then the success text. */
export function ChainActionButton({ label, action, primary = false, describedBy }: ChainActionButtonProps) {
  const flow = useFlow(dashboardChainActionFlow, { input: { action } });
  const done = useSelector(flow, (snapshot) => snapshot.matches('done'));
  const busy = useSelector(flow, (snapshot) => snapshot.hasTag('busy'));
  const phase = useTradePhase(flow);
  // Its gate: accepting is a trade (not on a stored copy); retracting or cancelling needs only the network.
  if (done) return <span className="dashboard-action-done">{successMessage(action)}</span>;
  return (
    <span className="offer-actions">
      <GatedButton
        gate={action.type === 'acceptOffer' ? 'trade' : 'network'}
        className={primary ? 'button button-primary' : 'button'}
        aria-describedby={describedBy}
        disabled={busy}
        onClick={() => flow.send({ type: 'action.run' })}
      >
        {label}
      </GatedButton>
      <PhaseStatus phase={phase} />
    </span>
  );
}
