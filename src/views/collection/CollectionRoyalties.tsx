import { useSelector } from '@xstate/react';
import type { FormEvent, InputHTMLAttributes } from 'react';
import type { RoyaltiesField } from '../../../machines/collection/collectionRoyaltiesMachine';
import { royaltiesPercent } from '../../../machines/collection/royaltiesRules';
import { useFlow } from '../../app/flows';
import { checksumAddress } from '../../app/format';
import { PhaseStatus, useTradePhase } from '../../components/trading/PhaseStatus';
import { collectionRoyaltiesFlow } from '../../services/flows/collectionRoyalties';

/**
 * See docs/requirements.md#collection-page (the creator's royalties controls): the collection's creator reduces its royalties and transfers the royalties
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
      <RoyaltiesForm
        id="royalties-basispoints"
        label="New royalties (basis points, 100 = 1%)"
        input={{ type: 'number', inputMode: 'numeric', min: 0, max: current ? Math.max(0, current.basispoints - 1) : undefined, step: 1 }}
        value={values.basispoints}
        error={errors.basispoints}
        disabled={disabled}
        submitLabel={running === 'reduceRoyalties' ? 'Reducing…' : 'Reduce royalties'}
        onChange={(value) => change('basispoints', value)}
        onSubmit={submit('royalties.reduce')}
      />
      <RoyaltiesForm
        id="royalties-recipient"
        label="New royalties recipient (address)"
        input={{ type: 'text', autoComplete: 'off', spellCheck: false, placeholder: '0x…' }}
        value={values.recipient}
        error={errors.recipient}
        disabled={disabled}
        submitLabel={running === 'transferRoyaltiesRecipient' ? 'Transferring…' : 'Transfer recipient'}
        onChange={(value) => change('recipient', value)}
        onSubmit={submit('royalties.transfer')}
      />
      <PhaseStatus phase={phase} />
    </section>
  );
}

interface RoyaltiesFormProps {
  /** The input's id; its error is `${id}-error`. */
  id: string;
  label: string;
  /** The field's own input attributes (type, limits, hints). */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'disabled'>;
  value: string;
  error: string | null;
  disabled: boolean;
  submitLabel: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}

/** One on-chain change: a labelled input, its error, and the button that sends it. */
function RoyaltiesForm({ id, label, input, value, error, disabled, submitLabel, onChange, onSubmit }: RoyaltiesFormProps) {
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  return (
    <form className="collection-royalties-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={disabled}>
        {submitLabel}
      </button>
    </form>
  );
}
