import { useId, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { priceError, type CollectionSellActor, type SellMode } from '../../../../machines/dashboard/collectionSellMachine';
import { formatPrice } from '../../../app/format';
import { GatedButton } from '../../../components/offline/networkGate';
import { PhaseStatus } from '../../../components/trading/PhaseStatus';
import { PriceInput } from '../../../components/trading/PriceInput';
import { useNativeSymbol } from '../../../components/trading/currency';
import type { TradePhase } from '../../../../machines/dashboard/dashboardTrade';
import { useTradeStep } from '../useTradePhase';

export const SOLD_OUT_TEXT = 'This collection is sold out';
export const UNPUBLISHED_TEXT = 'This collection is not on chain yet: publish it in the studio to sell it.';

/** The sell panel: the full collection at one price per token, or by token (the collection tokens view). */
export function SellCollectionPanel({ sell, phase, chainId }: { sell: CollectionSellActor; phase: TradePhase; chainId: number }) {
  const nativeSymbol = useNativeSymbol(chainId);
  const soldOut = useSelector(sell, (snapshot) => snapshot.matches('soldOut'));
  const unpublished = useSelector(sell, (snapshot) => snapshot.matches('unpublished'));
  const mode = useSelector(sell, (snapshot) => snapshot.context.mode);
  const price = useSelector(sell, (snapshot) => snapshot.context.price);
  const error = useSelector(sell, (snapshot) => priceError(snapshot.context));
  const listedAt = useSelector(sell, (snapshot) => snapshot.context.allOutSale?.price ?? null);
  const address = useSelector(sell, (snapshot) => snapshot.context.collection.address);
  const busy = useSelector(sell, (snapshot) => snapshot.hasTag('busy'));
  const listing = useSelector(sell, (snapshot) => snapshot.matches('listing'));
  const step = useTradeStep(sell);
  const modeName = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sell.send({ type: 'sell.submit' });
  };
  const select = (next: SellMode) => sell.send({ type: 'mode.select', mode: next });

  let body;
  if (soldOut) body = <p className="creations-sold-out">{SOLD_OUT_TEXT}</p>;
  else if (unpublished || !address) body = <p className="creations-note">{UNPUBLISHED_TEXT}</p>;
  else {
    body = (
      <>
        <fieldset className="creations-modes" disabled={busy}>
          <legend>How to sell</legend>
          <label>
            <input type="radio" name={modeName} value="full" checked={mode === 'full'} onChange={() => select('full')} /> Full collection
          </label>
          <label>
            <input type="radio" name={modeName} value="byToken" checked={mode === 'byToken'} onChange={() => select('byToken')} /> By token
          </label>
        </fieldset>
        {mode === 'byToken' ? (
          <p className="creations-note">
            List tokens one at a time, each at its own price.{' '}
            <Link to="/account/dashboard/collection/$address/$chainId" params={{ address, chainId: String(chainId) }} className="button">
              Choose tokens
            </Link>
          </p>
        ) : listedAt && !listing ? (
          <p className="creations-note">
            Listed as a full collection at {formatPrice(listedAt, nativeSymbol)} per token. Cancel the collection sale to list it again.
          </p>
        ) : (
          <form className="creations-sell-form" onSubmit={submit} noValidate>
            <PriceInput
              label={`Price per token (${nativeSymbol})`}
              value={price}
              error={error}
              disabled={busy}
              onChange={(value) => sell.send({ type: 'price.change', value })}
            />
            <GatedButton gate="trade" type="submit" className="button button-primary" disabled={busy}>
              List collection
            </GatedButton>
          </form>
        )}
      </>
    );
  }

  return (
    <section className="creations-sell" aria-label="Sell collection">
      <h3 className="creations-box-title">Sell</h3>
      {body}
      <PhaseStatus phase={phase} step={step} />
    </section>
  );
}
