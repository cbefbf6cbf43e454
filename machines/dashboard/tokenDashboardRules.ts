// The token dashboard's rules (docs/requirements.md#dashboard, docs/requirements.md#trading-offers/"Offer", docs/requirements.md#dashboard "Only a token's owner may list
// it and accept offers"): pure functions over the fetched token, shared by the machine and its view.
import { sameAddress } from '../../domain/address';
import { DEFAULT_SALE_AMOUNT } from '../../domain/priceRule';
import type { ChainAction } from '../trading/chainActions';
import { NATIVE_CURRENCY } from '../../domain/nativeCurrency';

/** One open per-token sale of the holding (GraphQL TokenHolding.bazaarSales). */
export interface DashboardSale {
  saleId: string;
  /** Set when the sale is part of a whole-collection (all-out) sale. */
  allOutSaleId?: string | null;
  seller: string;
  amount: string;
  soldAmount?: string | null;
  price: { amount: string; currency: string };
  wasCancelled: boolean;
}

/** What the machine needs of the token shown (src/services/token TokenDetail satisfies it). */
export interface DashboardToken {
  _id: string;
  tokenId: string;
  chainId: number;
  collection: { address?: string | null; chainId: number };
  tokenHolding?: {
    id: string;
    owner: { address: string };
    /** Units held (ERC-1155); listed units stay in the wallet until sold. */
    amount?: string | null;
    bazaarSales?: DashboardSale[] | null;
  } | null;
}

/** An offer on one of the viewer's sales of this token (getOffersByToken with seller = viewer). */
export interface DashboardOffer {
  id: string;
  saleId: string;
  buyer: { address: string };
  price: { amount: string; currency: string };
  state: string;
}

/** What `fetchDashboard` answers: the token by holding id and the offers on the viewer's sales of it. */
export interface TokenDashboardData<TToken extends DashboardToken = DashboardToken, TOffer extends DashboardOffer = DashboardOffer> {
  token: TToken;
  offers: TOffer[];
}


// Live events that change this token's listings, offers or holding (docs/requirements.md#live-events).
export const TOKEN_DASHBOARD_LIVE_EVENTS = ['CreatedSale', 'CancelledSale', 'OfferMade', 'OfferRetracted', 'Sold', 'TransferSingle'] as const;

// Refetch shortly after a burst of live events (Sold comes with TransferSingle, an all-out cancel with many
// CancelledSale) and after a confirmed transaction, when the indexer (polling every 100 ms) has seen the block.
export const TOKEN_DASHBOARD_REFETCH_DELAY_MS = 500;

const units = (value: string | null | undefined, fallback: bigint): bigint => {
  try {
    return value === null || value === undefined || value === '' ? fallback : BigInt(value);
  } catch {
    return fallback;
  }
};

/** Units of the sale still for sale. */
export const remainingUnits = (sale: DashboardSale): bigint => units(sale.amount, 0n) - units(sale.soldAmount, 0n);

/** A per-token listing inside a whole-collection sale is cancelled at the collection, not on its own (docs/requirements.md#dashboard). */
export const belongsToAllOutSale = (sale: Pick<DashboardSale, 'allOutSaleId'>): boolean => !!sale.allOutSaleId && sale.allOutSaleId !== '0';

/** The viewer holds units of this holding (the holding is theirs and not emptied). */
export function ownsHolding(token: DashboardToken, viewer: string | null): boolean {
  const holding = token.tokenHolding;
  return !!holding && sameAddress(holding.owner.address, viewer) && units(holding.amount, 1n) > 0n;
}

/** The viewer's open sales of this token: not cancelled, units left. */
export function openListings(token: DashboardToken, viewer: string | null): DashboardSale[] {
  return (token.tokenHolding?.bazaarSales ?? []).filter(
    (sale) => !sale.wasCancelled && remainingUnits(sale) > 0n && sameAddress(sale.seller, viewer),
  );
}

/** Units the owner holds that no open sale covers yet: a new listing needs one. */
export function unlistedUnits(token: DashboardToken, viewer: string | null): bigint {
  if (!ownsHolding(token, viewer)) return 0n;
  const listed = openListings(token, viewer).reduce((sum, sale) => sum + remainingUnits(sale), 0n);
  const left = units(token.tokenHolding?.amount, 1n) - listed;
  return left > 0n ? left : 0n;
}

/** Offers the owner may accept: still made, on one of their open sales of this token. */
export function acceptableOffers<TOffer extends DashboardOffer>(offers: TOffer[], token: DashboardToken, viewer: string | null): TOffer[] {
  const open = new Set(openListings(token, viewer).map((sale) => sale.saleId));
  return offers.filter((offer) => offer.state === 'made' && open.has(offer.saleId));
}

/** The listing: amount 1 at the price in wei (docs/requirements.md#trading-offers "Default sale amount for a token listing is 1"). */
export function createSaleAction(token: DashboardToken, priceWei: string): ChainAction {
  return {
    type: 'createSale',
    chainId: token.chainId,
    collection: token.collection.address ?? '',
    tokenId: token.tokenId,
    amount: String(DEFAULT_SALE_AMOUNT),
    priceWei,
    // A new listing is in the native currency, as the API names it (address(0) on chain).
    currency: NATIVE_CURRENCY,
    // The token's database id: the server's trade check finds the viewer's holding by it.
    token_id: token._id,
  };
}

export function cancelSaleAction(token: DashboardToken, sale: DashboardSale): ChainAction {
  return { type: 'cancelSale', chainId: token.chainId, saleId: sale.saleId };
}

export function acceptOfferAction(token: DashboardToken, offer: DashboardOffer): ChainAction {
  return {
    type: 'acceptOffer',
    chainId: token.chainId,
    saleId: offer.saleId,
    buyer: offer.buyer.address,
    tokenId: token.tokenId,
    priceWei: offer.price.amount,
    currency: offer.price.currency,
  };
}

/** A live event about this token that may change what the dashboard shows (a collection's or an account's names no token). */
export function concernsToken(name: string, doc: object, tokenId: string | null | undefined): boolean {
  const about = 'token_id' in doc ? doc.token_id : undefined;
  return !!tokenId && (TOKEN_DASHBOARD_LIVE_EVENTS as readonly string[]).includes(name) && about !== undefined && about !== null && String(about) === tokenId;
}
