// Nothing typed is lost offline: a typed price kept as a draft (the token dashboard's listing price, a My creations card's price
// per token). One record shape for both; each machine keys it per account and decides when it is kept.

/** Stored beside the price; a draft of another version is discarded. */
export const PRICE_DRAFT_VERSION = 1;

export interface PriceDraftRecord {
  version: number;
  price: string;
}

/** The record to keep for a typed price (null: nothing typed, forget the draft). */
export const priceDraftRecord = (price: string): PriceDraftRecord | null => (price === '' ? null : { version: PRICE_DRAFT_VERSION, price });

/** The typed price of a stored record, or null when it is not a price draft of this version. */
export function restoredPriceDraft(stored: unknown): string | null {
  const candidate = stored as Partial<PriceDraftRecord> | null | undefined;
  return candidate && candidate.version === PRICE_DRAFT_VERSION && typeof candidate.price === 'string' && candidate.price !== '' ? candidate.price : null;
}
