import { useSelector } from '@xstate/react';
import { belongsToAllOutSale, openListings, remainingUnits } from '../../../../machines/dashboard/tokenDashboardMachine';
import { CANCEL_AT_COLLECTION_MESSAGE } from '../../../../machines/trading/tradeRules';
import { formatPrice } from '../../../app/format';
import { useNativeSymbol } from '../../../components/trading/currency';
import { PhaseStatus } from '../../../components/trading/PhaseStatus';
import type { TradePhase } from '../../../../machines/dashboard/dashboardTrade';
import type { DashboardActor } from './dashboardActor';

/** The owner's open sales of this token; one inside a whole-collection sale is cancelled at the collection. */
export function ListingsBox({ dashboard, phase }: { dashboard: DashboardActor; phase: TradePhase }) {
  const token = useSelector(dashboard, (snapshot) => snapshot.context.token);
  const viewer = useSelector(dashboard, (snapshot) => snapshot.context.viewer);
  const busy = useSelector(dashboard, (snapshot) => snapshot.hasTag('busy'));
  const running = useSelector(dashboard, (snapshot) => snapshot.context.running);
  const nativeSymbol = useNativeSymbol(token?.chainId);
  const listings = token ? openListings(token, viewer) : [];

  return (
    <section className="dashboard-token-box" aria-label="Listings">
      <h2 className="token-section-title">Listings</h2>
      {listings.length === 0 && running?.type === 'createSale' ? (
        // Listing runs (approval, then the listing): not 'Not listed' until the listing is on chain or has failed.
        <p className="no-result">Listing for sale…</p>
      ) : listings.length === 0 ? (
        <p className="no-result">Not listed</p>
      ) : (
        <ul className="dashboard-token-rows">
          {listings.map((sale) => {
            const remaining = remainingUnits(sale);
            return (
              <li key={sale.saleId} className="dashboard-token-row">
                <span className="dashboard-token-price">{formatPrice(sale.price, nativeSymbol)}</span>
                <span className="dashboard-token-muted">
                  {remaining.toString()} {remaining === 1n ? 'unit' : 'units'}
                </span>
                {belongsToAllOutSale(sale) ? (
                  <span className="dashboard-token-muted">{CANCEL_AT_COLLECTION_MESSAGE}</span>
                ) : (
                  <span className="dashboard-token-action">
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => dashboard.send({ type: 'listing.cancel', saleId: sale.saleId })}
                    >
                      Cancel listing
                    </button>
                    {running?.type === 'cancelSale' && running.saleId === sale.saleId && <PhaseStatus phase={phase} />}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
