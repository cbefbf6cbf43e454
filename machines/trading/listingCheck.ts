// No stale buys: a purchase reads its listing on chain right before the wallet is asked, and a change heard live while
// it runs stops it as well. A listing that was sold, cancelled or repriced since the page showed it ends the purchase
// with what happened and, for a new price, that price; nothing is signed. (A repriced listing on chain is a new sale:
// the contract has no price update, so the page hears of it live, as a cancellation followed by a listing.)
import { isZeroAddress } from '../../domain/address';
import { fromBaseUnits } from './amounts';
import type { TradeError } from './tradeErrors';

/** A listing as the marketplace contract's getSale returns it (amounts in base units, as decimal strings). */
export interface ListingOnChain {
  seller: string;
  /** Units still for sale: 0 once sold out. */
  amount: string;
  price: string;
  cancelled: boolean;
  /** Exists, not cancelled and not sold out. */
  active: boolean;
}

export interface CheckListingInput {
  chainId: number;
  saleId: string;
}

/** What changed in the listing a purchase is for. */
export type ListingChange = { kind: 'sold' } | { kind: 'cancelled' } | { kind: 'price'; priceWei: string };

/** The purchase being made: its sale and the price per unit the buyer saw. */
export interface PurchaseTerms {
  saleId: string;
  priceWei: string;
}

/** The change between the terms the buyer saw and the listing on chain; null when it is as shown. */
export function changeOnChain(terms: PurchaseTerms, listing: ListingOnChain): ListingChange | null {
  if (listing.cancelled || isZeroAddress(listing.seller)) return { kind: 'cancelled' };
  if (!listing.active || listing.amount === '0') return { kind: 'sold' };
  return listing.price === terms.priceWei ? null : { kind: 'price', priceWei: listing.price };
}

/**
 * The change the page heard live (a refetched token, a Sold or new owner patch): the token was sold, the listing is
 * gone, or the token's open listing is now another sale or price. Null while the purchase's listing is still open.
 */
export function changeHeardLive(terms: PurchaseTerms, now: { sold: boolean; listing: { saleId: string; priceWei: string } | null }): ListingChange | null {
  if (now.sold) return { kind: 'sold' };
  if (!now.listing) return { kind: 'cancelled' };
  if (now.listing.saleId === terms.saleId && now.listing.priceWei === terms.priceWei) return null;
  return { kind: 'price', priceWei: now.listing.priceWei };
}

export const LISTING_SOLD_MESSAGE = 'This token was just sold to someone else. Nothing was signed.';
export const LISTING_CANCELLED_MESSAGE = 'This listing was just cancelled. Nothing was signed.';

/** 'The price changed to 0.08 ETH. Nothing was signed: check the new price and buy again.' */
export function priceChangedMessage(priceWei: string, nativeSymbol: string): string {
  const price = `${fromBaseUnits(priceWei) ?? priceWei} ${nativeSymbol}`;
  return `The price changed to ${price}. Nothing was signed: check the new price and buy again.`;
}

/** The purchase's failure for a change: shown like any failed step, with the code LISTING_CHANGED. */
export function listingChangeError(change: ListingChange, nativeSymbol: string): TradeError {
  const message =
    change.kind === 'sold' ? LISTING_SOLD_MESSAGE : change.kind === 'cancelled' ? LISTING_CANCELLED_MESSAGE : priceChangedMessage(change.priceWei, nativeSymbol);
  return { message, code: 'LISTING_CHANGED', source: 'chain' };
}
