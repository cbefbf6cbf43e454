// The trading rules the client applies before asking the wallet. The rules themselves are shared with the server's
// POST /trade/check (domain/trading.ts, domain/price.ts); the page supplies the facts (seller, holder, banned).
import { MINIMUM_PRICE_MESSAGE } from '../../domain/messages';
import { priceError } from '../../domain/priceRule';
import { toBaseUnits } from './amounts';

export {
  ALREADY_OWNED_MESSAGE,
  NOT_COLLECTION_CREATOR_MESSAGE,
  NOT_TOKEN_OWNER_MESSAGE,
  NOTHING_TO_LIST_MESSAGE,
  SALE_CLOSED_MESSAGE,
  listBlock,
  orderBlock,
  viewerBlock,
  type OrderBlock,
  type Viewer,
} from '../../domain/trading';

// The client's own notices (no text in the seed): ours.
export const OFFER_UNAVAILABLE_MESSAGE = 'No longer available. Please retract your offer';
export const CANCEL_AT_COLLECTION_MESSAGE = 'This listing belongs to a whole-collection sale. Cancel it at the collection';

/** An offer or listing price typed by the user: the price rule's message, or the price in wei. */
export function parsePrice(value: string): { error: string } | { wei: string } {
  const error = priceError(value);
  if (error) return { error };
  const wei = toBaseUnits(value);
  return wei === null ? { error: MINIMUM_PRICE_MESSAGE } : { wei };
}
