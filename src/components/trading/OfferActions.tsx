// Accept (for the seller) or Retract (for the buyer) on one row of a token's offers list.
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { sameAddress, sellerAddress, type OfferRow, type OfferToken } from './offerTypes';

export type { OfferRow, OfferToken } from './offerTypes';

export function OfferActions({ offer, token }: { offer: OfferRow; token: OfferToken }) {
  const wallet = useSystemActor('walletSession');
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  void token;
  const isSeller = sameAddress(address, sellerAddress(offer.seller));
  const isBuyer = sameAddress(address, offer.buyer.address);
  if (offer.state !== 'made' || (!isSeller && !isBuyer)) return null;
  return null;
}
