// Buy at the listed price and make an offer on the token page (docs/requirements.md#token-page, docs/requirements.md#trading-offers), driven by the sale
// flow (machines/trading/saleMachine.ts): it decides what shows, checks the rules and runs the contract action.
import { useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { activeSale, SESSION_SETTLING_REASON, type SaleActor, type SaleListing } from '../../../machines/trading/saleMachine';
import { formatPrice } from '../../app/format';
import { PhaseStatus, useTradePhase } from './PhaseStatus';
import '../../styles/trading.css';
import { GateReason, useNetworkGate } from '../offline/networkGate';
import { useNativeSymbol, useTokenCurrencies } from './currency';
import { PriceInput } from './PriceInput';

export interface TradeSale extends SaleListing {
  allOutSaleId?: string | null;
  amount: string;
}

export interface TradeToken {
  _id: string;
  tokenId: string;
  chainId: number;
  isSold: boolean;
  collection: { address?: string | null; chainId: number };
  tokenHolding?: {
    salePrice?: { amount: string; currency: string } | null;
    owner: { address: string };
    /** Active sales of this holding (GraphQL TokenHolding.bazaarSales). */
    bazaarSales?: TradeSale[] | null;
  } | null;
}

export { activeSale };

/**
 * Shown only when a sale exists, the token was not just sold, and the viewer is not the owner (the flow decides).
 * `sale` is the token page's sale child: the page hands it the token and its live patch (a refetch or a Sold patch
 * may close the listing); `chainId` picks the allow-listed offer currencies.
 */
export function TokenTradePanel({ sale, chainId }: { sale: SaleActor; chainId: number }) {
  const available = useSelector(sale, (snapshot) => snapshot.hasTag('available'));
  const listing = useSelector(sale, (snapshot) => activeSale(snapshot.context.token));
  const formOpen = useSelector(sale, (snapshot) => snapshot.matches({ form: 'open' }));
  const offer = useSelector(sale, (snapshot) => snapshot.context.offer);
  const offerError = useSelector(sale, (snapshot) => snapshot.context.offerError);
  const offerCurrency = useSelector(sale, (snapshot) => snapshot.context.offerCurrency);
  const canChooseCurrency = useSelector(sale, (snapshot) => snapshot.can({ type: 'offer.currency', currency: null }));
  const tokenCurrencies = useTokenCurrencies(chainId);
  const nativeSymbol = useNativeSymbol(chainId);
  const canBuy = useSelector(sale, (snapshot) => snapshot.can({ type: 'sale.buy' }));
  const canOpen = useSelector(sale, (snapshot) => snapshot.can({ type: 'offer.open' }));
  const canSubmit = useSelector(sale, (snapshot) => snapshot.can({ type: 'offer.submit' }));
  const canCancel = useSelector(sale, (snapshot) => snapshot.can({ type: 'offer.cancel' }));
  const phase = useTradePhase(sale);
  // The wallet session still restoring (a full navigation) or signing in: Buy and Make offer wait, saying why.
  const settling = useSelector(sale, (snapshot) => snapshot.context.sessionSettling);
  // Offline, or a stored copy on screen (it could hide a sale): no trade.
  const gate = useNetworkGate('trade');
  const currencyId = useId();
  const settlingId = useId();

  if (!available || !listing) return null;

  // See docs/requirements.md#trading-offers: an offer in the sale's native currency, or in an allow-listed token (approved, then escrowed).
  const chosenToken = tokenCurrencies.find((entry) => entry.address === offerCurrency) ?? null;
  const offerSymbol = chosenToken?.symbol ?? nativeSymbol;

  const describedBy = [settling ? settlingId : null, gate.describedBy].filter(Boolean).join(' ') || undefined;

  const submitOffer = (event: FormEvent) => {
    event.preventDefault();
    sale.send({ type: 'offer.submit' });
  };

  return (
    <section className="trade-panel" aria-label="Buy or make an offer">
      <div className="trade-price">
        <span className="token-label">Price</span>
        <strong>{formatPrice(listing.price, nativeSymbol)}</strong>
      </div>
      <div className="trade-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => sale.send({ type: 'sale.buy' })}
          disabled={!canBuy || gate.blocked}
          aria-describedby={describedBy}
        >
          Buy for {formatPrice(listing.price, nativeSymbol)}
        </button>
        {!formOpen && (
          <button type="button" className="button" onClick={() => sale.send({ type: 'offer.open' })} disabled={!canOpen || gate.blocked} aria-describedby={describedBy}>
            Make offer
          </button>
        )}
        <GateReason gate={gate} />
        {settling && (
          <span id={settlingId} className="network-gate-reason">
            {SESSION_SETTLING_REASON}
          </span>
        )}
      </div>
      {formOpen && (
        <form className="trade-offer-form" onSubmit={submitOffer} noValidate>
          {tokenCurrencies.length > 0 && (
            <>
              <label htmlFor={currencyId}>Currency</label>
              <select
                id={currencyId}
                value={offerCurrency ?? ''}
                disabled={!canChooseCurrency}
                onChange={(event) => sale.send({ type: 'offer.currency', currency: event.target.value === '' ? null : event.target.value })}
              >
                <option value="">{nativeSymbol}</option>
                {tokenCurrencies.map((entry) => (
                  <option key={entry.address} value={entry.address}>
                    {entry.symbol}
                  </option>
                ))}
              </select>
            </>
          )}
          <PriceInput
            label={`Your offer (${offerSymbol})`}
            value={offer}
            error={offerError}
            focus
            onChange={(value) => sale.send({ type: 'offer.change', value })}
          />
          <div className="trade-actions">
            <button type="submit" className="button button-primary" disabled={!canSubmit || gate.blocked} aria-describedby={describedBy}>
              Make offer
            </button>
            <button type="button" className="button" onClick={() => sale.send({ type: 'offer.cancel' })} disabled={!canCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <PhaseStatus phase={phase} />
    </section>
  );
}
