import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { displayName } from '../../app/format';
import { usePriceFormat } from '../../components/trading/currency';
import { PagedGrid } from '../../components/tokens/PagedGrid';
import { receivedOffersList } from '../../services/flows/dashboardLists';
import type { DashboardOffer, ReceivedOffersParams, TokenWithOffers } from '../../services/dashboard/tabs';
import { OfferTime } from '../token/OfferTime';
import { ChainActionButton } from './ChainActionButton';
import { OFFER_GRID, OfferCard } from './OfferCardToken';

const itemKey = (item: TokenWithOffers) => item.id;
const renderItem = (item: TokenWithOffers) => <ReceivedOfferCard item={item} />;

/** See docs/requirements.md#dashboard: a card per token with offers on the account's open sales, 12 a page; `collection` narrows it. */
export function ReceivedOffersTab({ seller, collection }: { seller: string; collection: string | null }) {
  const params: ReceivedOffersParams = { seller, collection };
  return (
    <>
      {collection !== null && (
        <p className="dashboard-filter">
          Showing the offers on one of your collections.{' '}
          <Link to="/account/dashboard" search={{ tab: 'received' }}>
            Show all received offers
          </Link>
        </p>
      )}
      <PagedGrid<TokenWithOffers, ReceivedOffersParams>
        key={JSON.stringify(params)}
        list={receivedOffersList}
        params={params}
        {...OFFER_GRID}
        label="Received offers"
        emptyText={collection === null ? 'No offers received yet' : 'No offers on this collection yet'}
        itemKey={itemKey}
        renderItem={renderItem}
      />
    </>
  );
}

function ReceivedOfferCard({ item }: { item: TokenWithOffers }) {
  const { token } = item;
  return (
    <OfferCard token={token} opens="dashboard">
      <table className="dashboard-offer-table">
        <thead>
          <tr>
            <th scope="col">Buyer</th>
            <th scope="col">Time</th>
            <th scope="col">Price</th>
            <th scope="col">
              <span className="dashboard-visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {item.offers.map((offer) => (
            <ReceivedOfferRow key={offer.id} offer={offer} />
          ))}
        </tbody>
      </table>
    </OfferCard>
  );
}

function ReceivedOfferRow({ offer }: { offer: DashboardOffer }) {
  const rowId = useId();
  const formatPrice = usePriceFormat();
  const price = formatPrice(offer.price, offer.chainId);
  return (
    <tr>
      <td id={`${rowId}-buyer`}>{displayName(offer.buyer)}</td>
      <td>
        <OfferTime createdAt={offer.createdAt} />
      </td>
      <td id={`${rowId}-price`}>{price}</td>
      <td>
        <ChainActionButton
          label="Accept"
          primary
          describedBy={`${rowId}-buyer ${rowId}-price`}
          action={{
            type: 'acceptOffer',
            chainId: offer.chainId,
            saleId: offer.saleId,
            buyer: offer.buyer.address,
            tokenId: offer.tokenId,
            priceWei: offer.price.amount,
            currency: offer.price.currency,
          }}
        />
      </td>
    </tr>
  );
}
