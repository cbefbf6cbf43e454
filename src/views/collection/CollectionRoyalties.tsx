import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { RoyaltiesField } from '../../../machines/collection/collectionRoyaltiesMachine';
import { royaltiesPercent } from '../../../machines/collection/royaltiesRules';
import { useFlow } from '../../app/flows';
import { checksumAddress } from '../../app/format';
import { PhaseStatus, useTradePhase } from '../../components/trading/PhaseStatus';
import { collectionRoyaltiesFlow } from '../../services/flows/collection';

/**
 * Seed 000 §6 (issue 17 item 7a): the collection's creator reduces its royalties and transfers the royalties
 * recipient on chain. The page mounts this for the signed-in creator only; the values shown are the contract's.
 */
export function CollectionRoyalties({ chainId, collection }: { chainId: number; collection: string }) {
  const flow = useFlow(collectionRoyaltiesFlow, { input: { chainId, collection } });
  const current = useSelector(flow, (snapshot) => snapshot.context.current);
  const values = useSelector(flow, (snapshot) => ({ basispoints: snapshot.context.basispoints, recipient: snapshot.context.recipient }), (a, b) => a.basispoints === b.basispoints && a.recipient === b.recipient);
  const errors = useSelector(flow, (snapshot) => snapshot.context.errors);
  const loading = useSelector(flow, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(flow, (snapshot) => snapshot.matches('failed'));
  const busy = useSelector(flow, (snapshot) => snapshot.hasTag('busy'));
  const running = useSelector(flow, (snapshot) => (snapshot.matches('running') ? snapshot.context.action?.type ?? null : null));
  const phase = useTradePhase(flow);

  const change = (field: RoyaltiesField, value: string) => flow.send({ type: 'royalties.input', field, value });
  const submit = (type: 'royalties.reduce' | 'royalties.transfer') => (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type });
  };
  const disabled = busy || loading || !current;

  return (
    <section className="collection-royalties" aria-labelledby="collection-royalties-heading" aria-busy={loading || busy || undefined}>
      <h2 id="collection-royalties-heading">Royalties</h2>
      {failed ? (
        <p className="collection-royalties-failed" role="alert">
          The royalties could not be read from the chain.{' '}
          <button type="button" className="button" onClick={() => flow.send({ type: 'royalties.retry' })}>
            Retry
          </button>
        </p>
      ) : (
        <dl className="collection-royalties-current">
          <div>
            <dt>Current royalties</dt>
            <dd data-testid="royalties-basispoints">{current ? `${royaltiesPercent(current.basispoints)} (${current.basispoints} basis points)` : 'Loading ...'}</dd>
          </div>
          <div>
            <dt>Royalties recipient</dt>
            <dd>
              <code data-testid="royalties-recipient">{current ? checksumAddress(current.recipient) : 'Loading ...'}</code>
            </dd>
          </div>
        </dl>
      )}
      <form className="collection-royalties-form" onSubmit={submit('royalties.reduce')} noValidate>
        <label htmlFor="royalties-basispoints-input">New royalties (basis points, 100 = 1%)</label>
        <input
          id="royalties-basispoints-input"
          type="number"
          inputMode="numeric"
          min={0}
          max={current ? Math.max(0, current.basispoints - 1) : undefined}
          step={1}
          value={values.basispoints}
          aria-invalid={Boolean(errors.basispoints)}
          aria-describedby={errors.basispoints ? 'royalties-basispoints-error' : undefined}
          onChange={(event) => change('basispoints', event.target.value)}
          disabled={disabled}
        />
        {errors.basispoints && (
          <p id="royalties-basispoints-error" className="field-error" role="alert">
            {errors.basispoints}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={disabled}>
          {running === 'reduceRoyalties' ? 'Reducing…' : 'Reduce royalties'}
        </button>
      </form>
      <form className="collection-royalties-form" onSubmit={submit('royalties.transfer')} noValidate>
        <label htmlFor="royalties-recipient-input">New royalties recipient (address)</label>
        <input
          id="royalties-recipient-input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          value={values.recipient}
          aria-invalid={Boolean(errors.recipient)}
          aria-describedby={errors.recipient ? 'royalties-recipient-error' : undefined}
          onChange={(event) => change('recipient', event.target.value)}
          disabled={disabled}
        />
        {errors.recipient && (
          <p id="royalties-recipient-error" className="field-error" role="alert">
            {errors.recipient}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={disabled}>
          {running === 'transferRoyaltiesRecipient' ? 'Transferring…' : 'Transfer recipient'}
        </button>
      </form>
      <PhaseStatus phase={phase} />
    </section>
  );
}
