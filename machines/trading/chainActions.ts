// See docs/requirements.md#trading-offers "Chain actions with their inputs": what the contractAction machine runs, one call per wallet step.
import { isZeroAddress } from '../../domain/address';

/** A wallet address or contract address (0x…). */
export type Address = string;

// Optional `token_id` / `container_id`: the token's / collection's DATABASE id for the server's trade check
// (without them the server finds the row by chainId + collection address + on-chain tokenId, or by saleId).
export type ChainAction =
  | { type: 'createSale'; chainId: number; collection: Address; tokenId: string; amount: string; priceWei: string; currency: string; token_id?: string }
  | { type: 'createAllOutSale'; chainId: number; collection: Address; priceWei: string; currency: string; container_id?: string }
  | { type: 'cancelSale'; chainId: number; saleId: string }
  | { type: 'cancelAllOutSale'; chainId: number; allOutSaleId: string }
  | { type: 'acceptOffer'; chainId: number; saleId: string; buyer: Address; tokenId: string; priceWei: string; currency: string }
  | { type: 'retractOffer'; chainId: number; saleId: string; tokenId: string }
  /** An offer; `purchase` marks a buy at the listed price (the same contract call, another success notice). */
  | { type: 'makeOffer'; chainId: number; saleId: string; tokenId: string; amount: string; priceWei: string; currency: string; purchase?: boolean; token_id?: string }
  /**
   * See docs/requirements.md#trading-offers "CreateTradableCollection": the studio's publish, a factory call with the parameters
   * POST /api/v1/canvas/{id}/publish returned. `container_id` is the canvas's database id.
   */
  | {
      type: 'createCollection';
      chainId: number;
      factory: Address;
      name: string;
      symbol: string;
      howManyTokens: number;
      supplyPerToken: number;
      baseURI: string;
      royaltiesRecipient: Address;
      royaltiesBasispoints: number;
      container_id?: string;
    }
  /** See docs/requirements.md#trading-offers: the collection's creator lowers its royalties (basis points, never higher) … */
  | { type: 'reduceRoyalties'; chainId: number; collection: Address; basispoints: number }
  /** … and moves them to another recipient (the creator's royalties controls). */
  | { type: 'transferRoyaltiesRecipient'; chainId: number; collection: Address; recipient: Address };

/**
 * One transaction the wallet is asked to send: the action itself, the collection approval before a sale, or the
 * ERC-20 allowance (`approve` to the marketplace of the offer's total) before a token-currency offer.
 */
export type ContractCall =
  | ChainAction
  | { type: 'setApprovalForAll'; chainId: number; collection: Address }
  | { type: 'approveToken'; chainId: number; token: Address; amount: string };


/** An ERC-20 currency (an allow-listed token's address); the native currency is its symbol ("ETH") or address(0). */
export const isTokenCurrency = (currency: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(currency) && !isZeroAddress(currency);

export type TokenOfferAction = Extract<ChainAction, { type: 'makeOffer' }>;

/** An offer paid in an ERC-20 (docs/requirements.md#trading-offers makeOfferWithToken): the marketplace needs the allowance first. */
export const isTokenOffer = (action: ChainAction): action is TokenOfferAction => action.type === 'makeOffer' && isTokenCurrency(action.currency);

/** What a token offer escrows: price per unit times amount, in the token's base units. */
export const tokenOfferTotal = (action: TokenOfferAction): string => (BigInt(action.priceWei) * BigInt(action.amount)).toString();

export type SaleAction = Extract<ChainAction, { type: 'createSale' | 'createAllOutSale' }>;

/** Listing needs the marketplace approved as operator of the collection first. */
export const isSaleAction = (action: ChainAction): action is SaleAction =>
  action.type === 'createSale' || action.type === 'createAllOutSale';

// See docs/requirements.md#trading-offers "Other successes", capitalised as notices.
export const SUCCESS_MESSAGES = {
  saleCancelled: 'Sale cancelled',
  offerAccepted: 'Offer accepted',
  offerRetracted: 'Offer retracted',
  offerPlaced: 'Offer placed',
  purchaseSuccessful: 'Purchase successful',
  tokenListed: 'Token listed',
  collectionListed: 'Collection listed',
  // Not in the seed's list: the royalties controls' outcomes (the creator's royalties controls).
  royaltiesReduced: 'Royalties reduced',
  royaltiesRecipientTransferred: 'Royalties recipient transferred',
} as const;

/**
 * The notice of a mined action; null for the studio's publish, whose success is announced by the studio once the
 * indexer recorded the collection (collectionPublished), not when the transaction is mined.
 */
export function successMessage(action: ChainAction): string | null {
  switch (action.type) {
    case 'createSale':
      return SUCCESS_MESSAGES.tokenListed;
    case 'createAllOutSale':
      return SUCCESS_MESSAGES.collectionListed;
    case 'cancelSale':
    case 'cancelAllOutSale':
      return SUCCESS_MESSAGES.saleCancelled;
    case 'acceptOffer':
      return SUCCESS_MESSAGES.offerAccepted;
    case 'retractOffer':
      return SUCCESS_MESSAGES.offerRetracted;
    case 'makeOffer':
      return action.purchase ? SUCCESS_MESSAGES.purchaseSuccessful : SUCCESS_MESSAGES.offerPlaced;
    case 'createCollection':
      return null;
    case 'reduceRoyalties':
      return SUCCESS_MESSAGES.royaltiesReduced;
    case 'transferRoyaltiesRecipient':
      return SUCCESS_MESSAGES.royaltiesRecipientTransferred;
  }
}

/**
 * The wallet steps of an action: the approval first for a sale unless the collection is approved already, and for a
 * token offer unless the marketplace's allowance covers its total already.
 */
export function stepsOf(action: ChainAction, approved: boolean): ContractCall[] {
  if (isSaleAction(action) && !approved) return [{ type: 'setApprovalForAll', chainId: action.chainId, collection: action.collection }, action];
  if (isTokenOffer(action) && !approved) return [{ type: 'approveToken', chainId: action.chainId, token: action.currency, amount: tokenOfferTotal(action) }, action];
  return [action];
}
