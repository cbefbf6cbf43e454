import { useSelector } from '@xstate/react';
import { acceptableOffers } from '../../../../machines/dashboard/tokenDashboardMachine';
import { displayName } from '../../../app/format';
import { usePriceFormat } from '../../../components/trading/currency';
import { GatedButton } from '../../../components/offline/networkGate';
import { PhaseStatus } from '../../../components/trading/PhaseStatus';
import type { TradePhase } from '../../../../machines/dashboard/dashboardTrade';
import { OfferTime } from '../../token/OfferTime';
import type { DashboardActor } from './dashboardActor';

/** Offers on the owner's open sales of this token, each with Accept (docs/requirements.md#dashboard: only the seller accepts). */
export function OffersBox({ dashboard, phase }: { dashboard: DashboardActor; phase: TradePhase }) {
  const token = useSelector(dashboard, (snapshot) => snapshot.context.token);
  const formatPrice = usePriceFormat();
  const offers = useSelector(dashboard, (snapshot) => snapshot.context.offers);
  const viewer = useSelector(dashboard, (snapshot) => snapshot.context.viewer);
  const busy = useSelector(dashboard, (snapshot) => snapshot.hasTag('busy'));
  const running = useSelector(dashboard, (snapshot) => snapshot.context.running);
  const shown = token ? acceptableOffers(offers, token, viewer) : [];

  return (
    <section className="dashboard-token-box" aria-label="Offers">
      <h2 className="token-section-title">Offers</h2>
      {shown.length === 0 ? (
        <p className="no-result">No offers yet</p>
      ) : (
        <ul className="dashboard-token-rows">
          {shown.map((offer) => (
            <li key={offer.id} className="dashboard-token-row">
              <span>{displayName(offer.buyer)}</span>
              <OfferTime className="dashboard-token-muted" createdAt={offer.createdAt} />
              <span className="dashboard-token-price">{formatPrice(offer.price, offer.chainId)}</span>
              <span className="dashboard-token-action">
                <GatedButton gate="trade" className="button button-primary" disabled={busy} onClick={() => dashboard.send({ type: 'offer.accept', offerId: offer.id })}>
                  Accept
                </GatedButton>
                {running?.type === 'acceptOffer' && running.saleId === offer.saleId && running.buyer === offer.buyer.address && (
                  <PhaseStatus phase={phase} />
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
