import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MINIMUM_PRICE_MESSAGE } from '../../domain/messages';
import { PRICE_MIN, PRICE_STEP } from '../../domain/priceRule';
import { PriceInput } from '../../src/components/trading/PriceInput';

describe('PriceInput (the one price field of the offer, listing and collection listing forms)', () => {
  it('labels a decimal input bounded by the price rule and reports what is typed', () => {
    const typed: string[] = [];
    render(<PriceInput label="Your offer (ETH)" value="" error={null} onChange={(value) => typed.push(value)} />);
    const input = screen.getByLabelText('Your offer (ETH)') as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.min).toBe(String(PRICE_MIN));
    expect(input.step).toBe(String(PRICE_STEP));
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(input, { target: { value: '0.5' } });
    expect(typed).toEqual(['0.5']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the rule's message under the input, which names it; the control beside sits in the row", () => {
    render(
      <PriceInput
        label="Listing price (ETH)"
        value="0"
        error={MINIMUM_PRICE_MESSAGE}
        disabled
        onChange={() => undefined}
        beside={{ className: 'sell-row', children: <button type="submit">List for sale</button> }}
      />,
    );
    const input = screen.getByLabelText('Listing price (ETH)') as HTMLInputElement;
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(MINIMUM_PRICE_MESSAGE);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(input.disabled).toBe(true);
    expect(input.parentElement?.className).toBe('sell-row');
    expect(input.parentElement?.querySelector('button')?.textContent).toBe('List for sale');
  });

  it('takes the focus as it appears when asked (the offer form opened by Make offer)', () => {
    render(<PriceInput label="Your offer (ETH)" value="" error={null} focus onChange={() => undefined} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Your offer (ETH)'));
  });
});
