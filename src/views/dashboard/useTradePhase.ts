import { useSelector } from '@xstate/react';
import { tradeChildOf, tradePhaseOf, type TradePhase } from '../../../machines/dashboard/dashboardTrade';
import type { AnyActorRef } from 'xstate';

/** The phase of the contract action a dashboard flow runs as its child 'trade' (idle when none runs). */
export function useTradePhase(flow: AnyActorRef): TradePhase {
  const child = useSelector(flow, (snapshot) => tradeChildOf(snapshot));
  return useSelector(child, (snapshot) => tradePhaseOf(snapshot));
}
