// Accept (for the seller) or Retract (for the buyer) on one row of a token's offers list, driven by the page's
// offer flow (machines/trading/offerMachine.ts): it decides what the viewer may do and runs the contract action.
import { useSelector } from '@xstate/react';
import { offerRowOf, type OfferActor, type OfferRow as OfferRowView } from '../../../machines/trading/offerMachine';
import { GateReason, useNetworkGate } from '../offline/networkGate';
import { PhaseStatus, useTradePhase } from './PhaseStatus';
import type { OfferRow } from './offerTypes';
import '../../styles/trading.css';

export type { OfferRow, OfferToken } from './offerTypes';

const sameRow = (a: OfferRowView, b: OfferRowView) =>
  a.accept === b.accept && a.retract === b.retract && a.notice === b.notice && a.running === b.running && a.busy === b.busy;

export function OfferActions({ offer, actions }: { offer: OfferRow; actions: OfferActor }) {
  const row = useSelector(actions, (snapshot) => offerRowOf(snapshot, offer), sameRow);
  const phase = useTradePhase(actions);
  const shown = row.running ? phase : 'idle';
  const tradeGate = useNetworkGate('trade');
  const networkGate = useNetworkGate('network');

  if (row.accept) {
    return (
      <span className="offer-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={row.busy || tradeGate.blocked}
          aria-describedby={tradeGate.describedBy}
          onClick={() => actions.send({ type: 'offer.accept', offer })}
        >
          Accept
        </button>
        <GateReason gate={tradeGate} />
        <PhaseStatus phase={shown} />
      </span>
    );
  }
  if (row.retract) {
    return (
      <span className="offer-actions">
        {row.notice && <span className="offer-unavailable">{row.notice}</span>}
        <button
          type="button"
          className="button"
          disabled={row.busy || networkGate.blocked}
          aria-describedby={networkGate.describedBy}
          onClick={() => actions.send({ type: 'offer.retract', offer })}
        >
          Retract
        </button>
        <GateReason gate={networkGate} />
        <PhaseStatus phase={shown} />
      </span>
    );
  }
  return null;
}
