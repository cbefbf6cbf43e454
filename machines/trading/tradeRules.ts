import { MINIMUM_PRICE_MESSAGE, price as priceValidator, SELLER_CANNOT_ORDER_MESSAGE } from '../forms/validators';
import { ACCOUNT_BANNED_MESSAGE, CONNECT_WALLET_FOR_OFFER_MESSAGE, CONNECT_WALLET_FOR_ORDER_MESSAGE } from '../wallet/constants';
import { toBaseUnits } from './amounts';

// Seed 000 §5 "Order cannot be placed by the seller" and "Owners cannot buy or offer on their own token";
// the seed names an already-owned message without its text: ours.
export const ALREADY_OWNED_MESSAGE = 'You already own this token';
export const OFFER_UNAVAILABLE_MESSAGE = 'No longer available. Please retract your offer';
export const CANCEL_AT_COLLECTION_MESSAGE = 'This listing belongs to a whole-collection sale. Cancel it at the collection';

export interface Viewer {
  address: string | null;
  /** Signed in with a valid API key (offers and purchases need a registered account). */
  registered: boolean;
  banned: boolean;
}

export interface OrderBlock {
  message: string;
  /** No registered wallet: the wallet modal opens with the message. */
  openWallet: boolean;
}

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Why the viewer may not buy ('order') or make an offer ('offer') on a listing; null when they may. */
export function orderBlock(kind: 'order' | 'offer', viewer: Viewer, listing: { seller: string; owner: string | null }): OrderBlock | null {
  if (viewer.banned) return { message: ACCOUNT_BANNED_MESSAGE, openWallet: false };
  if (!viewer.address || !viewer.registered) {
    return { message: kind === 'offer' ? CONNECT_WALLET_FOR_OFFER_MESSAGE : CONNECT_WALLET_FOR_ORDER_MESSAGE, openWallet: true };
  }
  if (sameAddress(viewer.address, listing.seller)) return { message: SELLER_CANNOT_ORDER_MESSAGE, openWallet: false };
  if (sameAddress(viewer.address, listing.owner)) return { message: ALREADY_OWNED_MESSAGE, openWallet: false };
  return null;
}

/** An offer or listing price typed by the user: the validator's message, or the price in wei. */
export function parsePrice(value: string): { error: string } | { wei: string } {
  const error = priceValidator(value, {});
  if (error) return { error };
  const wei = toBaseUnits(value);
  return wei === null ? { error: MINIMUM_PRICE_MESSAGE } : { wei };
}
