// Buy at the listed price and make an offer on the token page (seed 000 §2 "Token detail", §5).
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { PRICE_MIN, PRICE_STEP } from '../../../domain/price';
import { orderBlock, parsePrice, sameAddress } from '../../../machines/trading/tradeRules';
import { useSystemActor } from '../../app/appActorContext';
import { formatPrice } from '../../app/format';
import { patchToken, useTokenPatch } from '../../services/live/tokenPatches';
import { openWalletModal } from '../wallet/walletModalStore';
import { PhaseStatus } from './PhaseStatus';
import { useContractAction } from './useContractAction';
import '../../styles/trading.css';

export interface TradeSale {
  saleId: string;
  allOutSaleId?: string | null;
  seller: string;
  amount: string;
  price: { amount: string; currency: string };
  wasCancelled: boolean;
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

/** The owner's active listing of this token, if any. */
export function activeSale(token: TradeToken): TradeSale | null {
  const owner = token.tokenHolding?.owner.address;
  const sales = (token.tokenHolding?.bazaarSales ?? []).filter((sale) => !sale.wasCancelled);
  return sales.find((sale) => sameAddress(sale.seller, owner)) ?? sales[0] ?? null;
}

export function TokenTradePanel({ token }: { token: TradeToken }) {
  const wallet = useSystemActor('walletSession');
  const notifications = useSystemActor('notifications');
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  const patch = useTokenPatch(token._id);
  const owner = patch?.ownerAddress ?? token.tokenHolding?.owner.address ?? null;
  const sale = activeSale(token);
  const [offering, setOffering] = useState(false);
  const [offer, setOffer] = useState('');
  const inputId = useId();
  const errorId = useId();
  const action = useContractAction((done) => {
    if (done.type === 'makeOffer' && done.purchase) patchToken(token._id, { isSold: true, ownerAddress: address ?? undefined });
    if (done.type === 'makeOffer' && !done.purchase) {
      setOffering(false);
      setOffer('');
    }
  });

  // Shown only when a sale exists, the token was not just sold, and the viewer is not the owner.
  if (!sale || token.isSold || patch?.isSold || sameAddress(address, owner)) return null;

  const viewer = () => {
    const snapshot = wallet.getSnapshot();
    return { address: snapshot.context.address, registered: snapshot.hasTag('registered'), banned: snapshot.hasTag('banned') };
  };
  const allowed = (kind: 'order' | 'offer') => {
    const block = orderBlock(kind, viewer(), { seller: sale.seller, owner });
    if (!block) return true;
    notifications.send({ type: 'notify.show', kind: 'error', text: block.message });
    if (block.openWallet) openWalletModal();
    return false;
  };
  const parsed = parsePrice(offer);
  const offerError = offer.trim() === '' ? null : 'error' in parsed ? parsed.error : null;
  // token_id (the database id) lets the server's trade check find the token without a lookup by sale.
  const base = { chainId: token.chainId, saleId: sale.saleId, tokenId: token.tokenId, amount: '1', currency: sale.price.currency, token_id: token._id };

  const buy = () => {
    if (allowed('order')) action.run({ type: 'makeOffer', ...base, priceWei: sale.price.amount, purchase: true });
  };
  const submitOffer = (event: FormEvent) => {
    event.preventDefault();
    if ('error' in parsed || !allowed('offer')) return;
    action.run({ type: 'makeOffer', ...base, priceWei: parsed.wei });
  };

  return (
    <section className="trade-panel" aria-label="Buy or make an offer">
      <div className="trade-price">
        <span className="token-label">Price</span>
        <strong>{formatPrice(sale.price)}</strong>
      </div>
      <div className="trade-actions">
        <button type="button" className="button button-primary" onClick={buy} disabled={action.busy}>
          Buy for {formatPrice(sale.price)}
        </button>
        {!offering && (
          <button type="button" className="button" onClick={() => setOffering(true)} disabled={action.busy}>
            Make offer
          </button>
        )}
      </div>
      {offering && (
        <form className="trade-offer-form" onSubmit={submitOffer} noValidate>
          <label htmlFor={inputId}>Your offer ({sale.price.currency})</label>
          <input
            id={inputId}
            type="number"
            inputMode="decimal"
            min={PRICE_MIN}
            step={PRICE_STEP}
            value={offer}
            autoFocus
            aria-invalid={offerError !== null}
            aria-describedby={offerError ? errorId : undefined}
            onChange={(event) => setOffer(event.target.value)}
          />
          {offerError && (
            <p id={errorId} className="field-error" role="alert">
              {offerError}
            </p>
          )}
          <div className="trade-actions">
            <button type="submit" className="button button-primary" disabled={'error' in parsed || action.busy}>
              Make offer
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setOffering(false);
                setOffer('');
              }}
              disabled={action.busy}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      <PhaseStatus phase={action.phase} />
    </section>
  );
}
