import { useState } from 'react';
import { LIVE_REFRESH_DELAY_MS } from '../../../machines/lists/constants';
import { successMessage, type ChainAction } from '../../../machines/trading/chainActions';
import { PhaseStatus } from '../../components/trading/PhaseStatus';
import { useContractAction } from '../../components/trading/useContractAction';
import { notifyListsStale } from '../../services/live/listRefresh';

// After a confirmed action the lists reload once the indexer had the live-refresh delay to record it.
const refreshListsSoon = () => setTimeout(notifyListsStale, LIVE_REFRESH_DELAY_MS);

export interface ChainActionButtonProps {
  label: string;
  action: ChainAction;
  primary?: boolean;
  /** Id of the text that says what the button acts on (the offer's row). */
  describedBy?: string;
}

/** One contract action of an offer row (Accept, Retract): its wallet and pending steps, then the success text. */
export function ChainActionButton({ label, action, primary = false, describedBy }: ChainActionButtonProps) {
  const [done, setDone] = useState(false);
  const contract = useContractAction(() => {
    setDone(true);
    refreshListsSoon();
  });
  if (done) return <span className="dashboard-action-done">{successMessage(action)}</span>;
  return (
    <span className="offer-actions">
      <button
        type="button"
        className={primary ? 'button button-primary' : 'button'}
        aria-describedby={describedBy}
        disabled={contract.busy}
        onClick={() => contract.run(action)}
      >
        {label}
      </button>
      <PhaseStatus phase={contract.phase} />
    </span>
  );
}
