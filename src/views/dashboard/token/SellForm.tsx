import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { PRICE_MIN, PRICE_STEP } from '../../../../domain/priceRule';
import { LISTING_CURRENCY } from '../../../../machines/dashboard/tokenDashboardMachine';
import { GatedButton } from '../../../components/offline/networkGate';
import { PhaseStatus } from '../../../components/trading/PhaseStatus';
import type { TradePhase } from '../../../../machines/dashboard/dashboardTrade';
import type { DashboardActor } from './dashboardActor';
import { useTradeStep } from '../useTradePhase';

/** The owner's listing form: a price in ETH, one unit (docs/requirements.md#dashboard); validated on submit by the machine. */
export function SellForm({ dashboard, phase }: { dashboard: DashboardActor; phase: TradePhase }) {
  const canList = useSelector(dashboard, (snapshot) => snapshot.hasTag('canList'));
  const price = useSelector(dashboard, (snapshot) => snapshot.context.price);
  const error = useSelector(dashboard, (snapshot) => snapshot.context.priceError);
  const busy = useSelector(dashboard, (snapshot) => snapshot.hasTag('busy'));
  const listing = useSelector(dashboard, (snapshot) => snapshot.context.running?.type === 'createSale');
  const step = useTradeStep(dashboard);
  const inputId = useId();
  const errorId = useId();

  if (!canList) {
    return (
      <section className="dashboard-token-sell" aria-label="Sell">
        <p className="dashboard-token-note">Every unit you hold is listed. Cancel a listing to list it at another price.</p>
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dashboard.send({ type: 'listing.submit' });
  };
  return (
    <section className="dashboard-token-sell" aria-label="Sell">
      <form className="dashboard-token-sell-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Listing price ({LISTING_CURRENCY})</label>
        <div className="dashboard-token-sell-row">
          <input
            id={inputId}
            type="number"
            inputMode="decimal"
            min={PRICE_MIN}
            step={PRICE_STEP}
            value={price}
            disabled={busy}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => dashboard.send({ type: 'price.change', value: event.target.value })}
          />
          <GatedButton gate="trade" type="submit" className="button button-primary" disabled={busy}>
            List for sale
          </GatedButton>
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {listing && <PhaseStatus phase={phase} step={step} />}
    </section>
  );
}
