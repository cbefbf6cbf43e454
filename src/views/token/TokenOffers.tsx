import { useSelector } from '@xstate/react';
import type { TokenOffersActor } from '../../../machines/token/tokenOffersMachine';
import type { OfferActor } from '../../../machines/trading/offerMachine';
import { displayName } from '../../app/format';
import { ListFailure } from '../../components/feedback/ReadFailure';
import { usePriceFormat } from '../../components/trading/currency';
import { OfferActions } from '../../components/trading/OfferActions';
import type { OfferListParams, TokenOffer } from '../../services/token';
import { OfferTime } from './OfferTime';

const STATE_NAMES: Record<string, string> = {
  made: 'Active',
  retracted: 'Retracted',
  accepted: 'Accepted',
  invalidated: 'No longer available',
};

export interface TokenOffersProps {
  /** The page's offers child: its params (token, current owner as seller) are the page flow's to hand over. */
  offers: TokenOffersActor<TokenOffer, OfferListParams>;
  /** The page's offer actions child (Accept, Retract). */
  actions: OfferActor;
}

/**
 * The token's offers, 12 at a time (docs/requirements.md#trading-offers "offers 12"), through the page's tokenOffers child: its pagedList
 * child loads them, and live offer events for this token (made, retracted, sale cancelled, sold) reload them; a new
 * owner (the token was sold) is handed to it by the page, which then lists the offers on their sale. Accept and
 * Retract run in the page's offer actions child, which outlives the list's reloads.
 */
export function TokenOffers({ offers: tokenOffers, actions }: TokenOffersProps) {
  const formatPrice = usePriceFormat();
  // The child runs as long as the machine does (invoked at its root).
  const list = useSelector(tokenOffers, (snapshot) => snapshot.children.list)!;
  const offers = useSelector(list, (snapshot) => snapshot.context.items);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('idle'));
  const error = useSelector(list, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'list.loadMore' }));

  return (
    <section className="token-section token-offers" aria-labelledby="token-offers" aria-busy={loading}>
      <h2 id="token-offers" className="token-section-title">
        Offers
      </h2>
      {offers.length > 0 && (
        // Its own scroll box on a narrow screen (labelled, reachable by keyboard to scroll): the page keeps the screen's width.
        <div className="token-offers-scroll" role="region" aria-label="Offer table" tabIndex={0}>
          <table className="token-offers-table">
            <thead>
              <tr>
                <th scope="col">Buyer</th>
                <th scope="col">Price</th>
                <th scope="col">Time</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="token-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.map((offer) => (
                <tr key={offer.id}>
                  <td>{displayName(offer.buyer)}</td>
                  <td>{formatPrice(offer.price, offer.chainId)}</td>
                  <td>
                    <OfferTime createdAt={offer.createdAt} />
                  </td>
                  <td>{STATE_NAMES[offer.state] ?? offer.state}</td>
                  <td className="token-offer-actions">
                    <OfferActions offer={offer} actions={actions} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && error === null && offers.length === 0 && <p className="no-result">No offers yet</p>}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading offers…
        </p>
      )}
      {error !== null && (
        <ListFailure message={`Could not load offers. ${error}`} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {canLoadMore && (
        <button type="button" className="button" onClick={() => list.send({ type: 'list.loadMore' })}>
          Show more offers
        </button>
      )}
    </section>
  );
}
