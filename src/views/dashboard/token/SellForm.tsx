import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useNativeSymbol } from '../../../components/trading/currency';
import { GatedButton } from '../../../components/offline/networkGate';
import { PhaseStatus } from '../../../components/trading/PhaseStatus';
import { PriceInput } from '../../../components/trading/PriceInput';
import type { TradePhase } from '../../../../machines/dashboard/dashboardTrade';
import type { DashboardActor } from './dashboardActor';
import { useTradeStep } from '../useTradePhase';

/** The owner's listing form: a price in the chain's native currency, one unit (docs/requirements.md#dashboard); validated on submit by the machine. */
export function SellForm({ dashboard, phase }: { dashboard: DashboardActor; phase: TradePhase }) {
  const canList = useSelector(dashboard, (snapshot) => snapshot.hasTag('canList'));
  const price = useSelector(dashboard, (snapshot) => snapshot.context.price);
  const error = useSelector(dashboard, (snapshot) => snapshot.context.priceError);
  const busy = useSelector(dashboard, (snapshot) => snapshot.hasTag('busy'));
  const listing = useSelector(dashboard, (snapshot) => snapshot.context.running?.type === 'createSale');
  const step = useTradeStep(dashboard);
  const nativeSymbol = useNativeSymbol(useSelector(dashboard, (snapshot) => snapshot.context.token?.chainId ?? null));

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
        <PriceInput
          label={`Listing price (${nativeSymbol})`}
          value={price}
          error={error}
          disabled={busy}
          onChange={(value) => dashboard.send({ type: 'price.change', value })}
          beside={{
            className: 'dashboard-token-sell-row',
            children: (
              <GatedButton gate="trade" type="submit" className="button button-primary" disabled={busy}>
                List for sale
              </GatedButton>
            ),
          }}
        />
      </form>
      {listing && <PhaseStatus phase={phase} step={step} />}
    </section>
  );
}
