// The shapes the token page's offers list passes to the trading components.
import type { OfferFacts } from '../../../machines/trading/offerMachine';

export interface OfferRow extends OfferFacts {
  tokenId: string;
}

export interface OfferToken {
  _id: string;
  tokenId: string;
  chainId: number;
  collection: { address?: string | null; chainId: number };
}
