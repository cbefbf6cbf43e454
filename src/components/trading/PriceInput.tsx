// The price field of every trading form (an offer on the token page, a token's listing, a collection's listing):
// its label, a decimal input bounded by the price rule (domain/priceRule.ts), and the rule's message from the form's
// machine shown under it and named by the input. The machine validates; the field only shows and reports the text.
import { useId, type ReactNode } from 'react';
import { PRICE_MIN, PRICE_STEP } from '../../../domain/priceRule';
import { focusOnMount } from '../data/focusOnMount';

export interface PriceInputProps {
  /** The visible label, e.g. 'Your offer (ETH)', 'Listing price (ETH)'. */
  label: string;
  value: string;
  /** The price rule's message for the value, or null while it is empty or valid. */
  error: string | null;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Focus the input as it appears (a form opened on the user's request). */
  focus?: boolean;
  /** A control beside the input (the form's submit button), the two wrapped in a row of this class. */
  beside?: { className: string; children: ReactNode };
}

export function PriceInput({ label, value, error, onChange, disabled, focus, beside }: PriceInputProps) {
  const inputId = useId();
  const errorId = useId();
  const input = (
    <input
      id={inputId}
      type="number"
      inputMode="decimal"
      min={PRICE_MIN}
      step={PRICE_STEP}
      value={value}
      ref={focus ? focusOnMount : undefined}
      disabled={disabled}
      aria-invalid={error !== null}
      aria-describedby={error ? errorId : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <>
      <label htmlFor={inputId}>{label}</label>
      {beside ? (
        <div className={beside.className}>
          {input}
          {beside.children}
        </div>
      ) : (
        input
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
