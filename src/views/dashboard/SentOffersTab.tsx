import { useId } from 'react';
import { offerUnavailableNotice } from '../../../machines/trading/offerMachine';
import { displayName } from '../../app/format';
import { usePriceFormat } from '../../components/trading/currency';
import { PagedGrid } from '../../components/tokens/PagedGrid';
import type { SentOffer, SentOffersParams } from '../../services/dashboard/tabs';
import { sentOffersList } from '../../services/flows/dashboardLists';
import { OfferTime } from '../token/OfferTime';
import { ChainActionButton } from './ChainActionButton';
import { OFFER_GRID, OfferCard } from './OfferCardToken';

const itemKey = (offer: SentOffer) => offer.id;
const renderItem = (offer: SentOffer) => <SentOfferCard offer={offer} />;

/** See docs/requirements.md#dashboard: the account's open offers, a card each with seller, offer time, offer price and Retract. */
export function SentOffersTab({ buyer }: { buyer: string }) {
  return (
    <PagedGrid<SentOffer, SentOffersParams>
      key={buyer}
      list={sentOffersList}
      params={{ buyer }}
      {...OFFER_GRID}
      label="Sent offers"
      emptyText="You have no open offers"
      itemKey={itemKey}
      renderItem={renderItem}
    />
  );
}

function SentOfferCard({ offer }: { offer: SentOffer }) {
  const { token } = offer;
  const id = useId();
  const formatPrice = usePriceFormat();
  // The offer machine's rule: an offer on a sale no longer open asks to be retracted.
  const unavailable = offerUnavailableNotice(offer.saleActive);
  return (
    <OfferCard token={token} opens="token">
      <dl className="dashboard-offer-facts" id={`${id}-facts`}>
        <div>
          <dt>Seller</dt>
          <dd>{displayName(offer.sellerInfo)}</dd>
        </div>
        <div>
          <dt>Offer time</dt>
          <dd>
            <OfferTime createdAt={offer.createdAt} />
          </dd>
        </div>
        <div>
          <dt>Offer price</dt>
          <dd>{formatPrice(offer.price, offer.chainId)}</dd>
        </div>
      </dl>
      {unavailable && <p className="dashboard-offer-unavailable">{unavailable}</p>}
      <ChainActionButton
        label="Retract"
        describedBy={`${id}-facts`}
        action={{ type: 'retractOffer', chainId: offer.chainId, saleId: offer.saleId, tokenId: offer.tokenId }}
      />
    </OfferCard>
  );
}
