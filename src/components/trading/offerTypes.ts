// The shapes the token page's offers list passes to the trading components.

export interface OfferRow {
  saleId: string;
  tokenId: string;
  buyer: { address: string };
  /** The seller's address (a string) or person info. */
  seller: string | { address: string };
  price: { amount: string; currency: string };
  state: string;
}

export interface OfferToken {
  _id: string;
  tokenId: string;
  chainId: number;
  collection: { address?: string | null; chainId: number };
}

export const sellerAddress = (seller: OfferRow['seller']): string => (typeof seller === 'string' ? seller : seller.address);
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();
