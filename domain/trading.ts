// The trading rules (docs/requirements.md#trading-offers "Order cannot be placed by the seller", "Owners cannot buy or offer on their own
// token; banned accounts cannot buy or offer"; docs/requirements.md#trading-offers "Only a token's owner may list it"). They are pure: the facts
// (seller, holder, creator, banned) come from the page on the client and from the database on the server.
import { sameAddress } from './address';
import { ACCOUNT_BANNED_MESSAGE, CONNECT_WALLET_FOR_OFFER_MESSAGE, CONNECT_WALLET_FOR_ORDER_MESSAGE, SELLER_CANNOT_ORDER_MESSAGE } from './messages';

// The seed names an already-owned message without its text, and no text for the rest: ours.
export const ALREADY_OWNED_MESSAGE = 'You already own this token';
export const NOT_TOKEN_OWNER_MESSAGE = 'Only the owner of this token may list it';
export const NOT_COLLECTION_CREATOR_MESSAGE = 'Only the creator of this collection may list the full collection';
export const NOTHING_TO_LIST_MESSAGE = 'This collection is sold out';
/** A sale that was cancelled or sold out by the time of the order or offer. */
export const SALE_CLOSED_MESSAGE = 'This token is no longer for sale';

export type TradeKind = 'order' | 'offer' | 'list' | 'listCollection';

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

/** The viewer-level rules every trade starts with: banned, then not connected / not signed in. */
export function viewerBlock(kind: TradeKind, viewer: Viewer): OrderBlock | null {
  if (viewer.banned) return { message: ACCOUNT_BANNED_MESSAGE, openWallet: false };
  if (!viewer.address || !viewer.registered) {
    return { message: kind === 'offer' ? CONNECT_WALLET_FOR_OFFER_MESSAGE : CONNECT_WALLET_FOR_ORDER_MESSAGE, openWallet: true };
  }
  return null;
}

/**
 * Why the viewer may not buy ('order') or make an offer ('offer') on a listing; null when they may.
 * `owner` is the holder the page shows; `viewerHolds` (the server knows it) is true when the viewer holds units.
 */
export function orderBlock(
  kind: 'order' | 'offer',
  viewer: Viewer,
  listing: { seller: string; owner: string | null; viewerHolds?: boolean },
): OrderBlock | null {
  const blocked = viewerBlock(kind, viewer);
  if (blocked) return blocked;
  if (sameAddress(viewer.address, listing.seller)) return { message: SELLER_CANNOT_ORDER_MESSAGE, openWallet: false };
  if (listing.viewerHolds || sameAddress(viewer.address, listing.owner)) return { message: ALREADY_OWNED_MESSAGE, openWallet: false };
  return null;
}

/**
 * Why the viewer may not list one token ('list': they must hold units of it) or a full collection
 * ('listCollection': they must be its creator and still hold some of it); null when they may.
 */
export function listBlock(
  kind: 'list' | 'listCollection',
  viewer: Viewer,
  target: { viewerHolds: boolean; creator?: string | null },
): OrderBlock | null {
  const blocked = viewerBlock(kind, viewer);
  if (blocked) return blocked;
  if (kind === 'listCollection') {
    if (!sameAddress(viewer.address, target.creator)) return { message: NOT_COLLECTION_CREATOR_MESSAGE, openWallet: false };
    return target.viewerHolds ? null : { message: NOTHING_TO_LIST_MESSAGE, openWallet: false };
  }
  return target.viewerHolds ? null : { message: NOT_TOKEN_OWNER_MESSAGE, openWallet: false };
}
