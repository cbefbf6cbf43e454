// The trade panel outside the token page: a stand-in for the page flow that runs the sale flow (overridable by its
// id, `sale`) and hands it the token and its live patch, as tokenPageMachine does with its `sale` child.
import { useEffect } from 'react';
import { useFlow } from '../../src/app/flows';
import { TokenTradePanel, type TradeToken } from '../../src/components/trading/TokenTradePanel';
import { tokenSaleFlow } from '../../src/services/flows/token';
import { useTokenPatch } from '../../src/services/live/tokenPatches';

export function SalePanel({ token }: { token: TradeToken }) {
  const patch = useTokenPatch(token._id);
  const sale = useFlow(tokenSaleFlow, { input: { token, patch } });
  useEffect(() => {
    sale.send({ type: 'sale.token', token, patch });
  }, [sale, token, patch]);
  return <TokenTradePanel sale={sale} chainId={token.chainId} />;
}
