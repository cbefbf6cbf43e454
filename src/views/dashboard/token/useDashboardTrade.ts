import { useRef } from 'react';
import type { ChainAction } from '../../../../machines/trading/chainActions';
import { useContractAction } from '../../../components/trading/useContractAction';
import type { DashboardActor } from './dashboardActor';

/**
 * Runs the machine's chain actions with the shared contract action flow (approval first for a sale, wallet and
 * receipt steps, notices) and reports the outcome back: trade.succeeded when confirmed, trade.finished otherwise.
 */
export function useDashboardTrade(dashboard: { current: DashboardActor | null }) {
  const { run, phase } = useContractAction(
    () => dashboard.current?.send({ type: 'trade.succeeded' }),
    () => dashboard.current?.send({ type: 'trade.finished' }),
  );
  const runRef = useRef(run);
  runRef.current = run;
  return { phase, run: (action: ChainAction) => runRef.current(action) };
}
