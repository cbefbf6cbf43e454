// The server's check of the trading rules (POST /api/v1/trade/check) before the first wallet step.
import { fromBaseUnits } from './amounts';
import type { ChainAction } from './chainActions';
import type { TradeCheckRequest } from '../../domain/contracts/trade';

// The request body is the wire contract's (domain/contracts/trade.ts): `collection` + `tokenId` identify the row when
// the database ids are not known.
export type { TradeCheckKind, TradeCheckRequest } from '../../domain/contracts/trade';

export interface CheckActionInput {
  action: ChainAction;
  account: string;
}

/** What the server checks for an action; null for actions without trading rules (cancel, accept, retract). */
export function tradeCheckOf(action: ChainAction): TradeCheckRequest | null {
  const price = (wei: string) => fromBaseUnits(wei) ?? wei;
  switch (action.type) {
    case 'makeOffer':
      return {
        kind: action.purchase ? 'order' : 'offer',
        chainId: action.chainId,
        saleId: action.saleId,
        ...(action.token_id ? { token_id: action.token_id } : {}),
        price: price(action.priceWei),
      };
    case 'createSale':
      return {
        kind: 'list',
        chainId: action.chainId,
        ...(action.token_id ? { token_id: action.token_id } : { collection: action.collection, tokenId: action.tokenId }),
        price: price(action.priceWei),
      };
    case 'createAllOutSale':
      return {
        kind: 'listCollection',
        chainId: action.chainId,
        ...(action.container_id ? { container_id: action.container_id } : { collection: action.collection }),
        price: price(action.priceWei),
      };
    default:
      return null;
  }
}

/** A rejection of the check: the server's message, shown like any failed step. */
export class TradeCheckError extends Error {
  override name = 'TradeCheckError';
  readonly source = 'server';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
