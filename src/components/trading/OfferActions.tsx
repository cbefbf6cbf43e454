// Accept (for the seller) or Retract (for the buyer) on one row of a token's offers list.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { OFFER_UNAVAILABLE_MESSAGE } from '../../../machines/trading/tradeRules';
import { useSystemActor } from '../../app/appActorContext';
import { PhaseStatus } from './PhaseStatus';
import { sameAddress, sellerAddress, type OfferRow, type OfferToken } from './offerTypes';
import { useContractAction } from './useContractAction';
import '../../styles/trading.css';

export type { OfferRow, OfferToken } from './offerTypes';

export function OfferActions({ offer, token }: { offer: OfferRow; token: OfferToken }) {
  const wallet = useSystemActor('walletSession');
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  // Once this row's action succeeded its button goes; the list refreshes from live events.
  const [done, setDone] = useState(false);
  const action = useContractAction(() => setDone(true));
  const isSeller = sameAddress(address, sellerAddress(offer.seller));
  const isBuyer = sameAddress(address, offer.buyer.address);
  if (done || !registered || (!isSeller && !isBuyer)) return null;

  const chainId = token.chainId;
  if (isSeller && offer.state === 'made') {
    return (
      <span className="offer-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={action.busy}
          onClick={() =>
            action.run({
              type: 'acceptOffer',
              chainId,
              saleId: offer.saleId,
              buyer: offer.buyer.address,
              tokenId: token.tokenId,
              priceWei: offer.price.amount,
              currency: offer.price.currency,
            })
          }
        >
          Accept
        </button>
        <PhaseStatus phase={action.phase} />
      </span>
    );
  }
  if (isBuyer && (offer.state === 'made' || offer.state === 'invalidated')) {
    return (
      <span className="offer-actions">
        {offer.state === 'invalidated' && <span className="offer-unavailable">{OFFER_UNAVAILABLE_MESSAGE}</span>}
        <button
          type="button"
          className="button"
          disabled={action.busy}
          onClick={() => action.run({ type: 'retractOffer', chainId, saleId: offer.saleId, tokenId: token.tokenId })}
        >
          Retract
        </button>
        <PhaseStatus phase={action.phase} />
      </span>
    );
  }
  return null;
}
