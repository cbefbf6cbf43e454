import { useSelector } from '@xstate/react';
import { tradeChildOf, tradePhaseOf, tradeStepOf, type TradePhase } from '../../../machines/dashboard/dashboardTrade';
import type { AnyActorRef } from 'xstate';

/** The phase of the contract action a dashboard flow runs as its child 'trade' (idle when none runs). */
export function useTradePhase(flow: AnyActorRef): TradePhase {
  const child = useSelector(flow, (snapshot) => tradeChildOf(snapshot));
  return useSelector(child, (snapshot) => tradePhaseOf(snapshot));
}

/** The running contract action's wallet step ('1 of 2') when it has several, else null. */
export function useTradeStep(flow: AnyActorRef): string | null {
  const child = useSelector(flow, (snapshot) => tradeChildOf(snapshot));
  return useSelector(child, (snapshot) => tradeStepOf(snapshot));
}
