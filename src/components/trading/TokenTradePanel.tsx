// Buy at the listed price and make an offer on the token page (issues 5 and 6 build it).

export interface TradeToken {
  _id: string;
  tokenId: string;
  chainId: number;
  isSold: boolean;
  collection: { address?: string | null; chainId: number };
  tokenHolding?: { salePrice?: { amount: string; currency: string } | null; owner: { address: string } } | null;
}

export function TradePanelSlot({ token }: { token: TradeToken }) {
  void token;
  return null;
}
export { TradePanelSlot as TokenTradePanel };
