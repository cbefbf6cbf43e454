import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import { useFlow } from '../../app/flows';
import { displayName } from '../../app/format';
import { usePriceFormat } from '../../components/trading/currency';
import { OfferActions } from '../../components/trading/OfferActions';
import { tokenOfferActionsFlow, tokenOffersFlow } from '../../services/flows/token';
import type { OfferListParams, TokenDetail } from '../../services/token';
import { formatDateTime } from './dates';

const STATE_NAMES: Record<string, string> = {
  made: 'Active',
  retracted: 'Retracted',
  accepted: 'Accepted',
  invalidated: 'No longer available',
};

export interface TokenOffersProps {
  token: TokenDetail;
  /** The current owner: offers on their sale of this token. */
  seller: string | null;
}

/**
 * The token's offers, 12 at a time (docs/requirements.md#trading-offers "offers 12"), through the tokenOffers flow: its pagedList child
 * loads them, and live offer events for this token (made, retracted, sale cancelled, sold) reload them. Accept and
 * Retract run in the offer flow, which outlives the list's reloads.
 */
export function TokenOffers({ token, seller }: TokenOffersProps) {
  const params: OfferListParams = { token: token._id, seller };
  const formatPrice = usePriceFormat();
  const tokenOffers = useFlow(tokenOffersFlow, { input: { pageSize: PAGE_SIZE.offers, params } });
  const actions = useFlow(tokenOfferActionsFlow, { input: { token: { tokenId: token.tokenId, chainId: token.chainId } } });
  // A new owner (the token was sold) lists the offers on their sale: the flow reloads when its params change.
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    tokenOffers.send({ type: 'offers.params', params: JSON.parse(paramsKey) as OfferListParams });
  }, [tokenOffers, paramsKey]);

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
                  <td>{formatPrice(offer.price)}</td>
                  <td>
                    <time dateTime={offer.createdAt}>{formatDateTime(offer.createdAt)}</time>
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
        <div className="list-error" role="alert">
          <p>Could not load offers. {error}</p>
          <button type="button" className="button" onClick={() => list.send({ type: 'list.retry' })}>
            Retry
          </button>
        </div>
      )}
      {canLoadMore && (
        <button type="button" className="button" onClick={() => list.send({ type: 'list.loadMore' })}>
          Show more offers
        </button>
      )}
    </section>
  );
}
