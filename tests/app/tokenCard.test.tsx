import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { displayName, formatPrice, formatUnits, shortenAddress } from '../../src/app/format';
import { TokenCard } from '../../src/components/tokens/TokenCard';
import { makeToken } from './fixtures';

describe('price formatting (18 decimals, shown with up to 8)', () => {
  it.each([
    ['1000000000000000000', '1'],
    ['1500000000000000000', '1.5'],
    ['100000000000000', '0.0001'],
    ['123456789012345678', '0.12345679'], // rounded at the 8th decimal
    ['123456784999999999', '0.12345678'],
    ['1', '0'], // below the shown precision
    ['0', '0'],
    ['250000000000000000000', '250'],
    ['99999999999999999999', '100'], // rounding carries into the whole part
  ])('formatUnits(%s) = %s', (wei, shown) => {
    expect(formatUnits(wei)).toBe(shown);
  });

  it('formatPrice adds the currency symbol', () => {
    expect(formatPrice({ amount: '15000000000000000', currency: 'ETH' })).toBe('0.015 ETH');
  });

  it('behavior: a malformed amount shows a dash instead of throwing', () => {
    expect(formatUnits('not-a-number')).toBe('—');
  });
});

describe('creator display name', () => {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('first name plus last name', () => {
    expect(displayName({ address, firstName: 'Ada', alias: 'ada.eth', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
  it('alias when there is no first name, plus last name if present', () => {
    expect(displayName({ address, alias: 'lumen' })).toBe('lumen');
    expect(displayName({ address, alias: 'lumen', lastName: 'Ray' })).toBe('lumen Ray');
  });
  it('otherwise the address shortened to first 4 and last 4 with an ellipsis', () => {
    expect(displayName({ address, lastName: 'Ray' })).toBe('0x70...79C8');
    expect(shortenAddress(address)).toBe('0x70...79C8');
  });
  it('falls back to the id when there is no address', () => {
    expect(displayName({ id: '5f8d0d55b54764421b7156c9' })).toBe('5f8d...56c9');
  });
});

describe('TokenCard', () => {
  it('default: image with intrinsic size and lazy loading, name, creator, likes', () => {
    render(<TokenCard token={makeToken(7)} />);
    const img = screen.getByRole('img', { name: 'Artwork 7' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
    expect(screen.getByRole('heading', { name: 'Artwork 7' })).toBeInTheDocument();
    expect(screen.getByText('lumen')).toBeInTheDocument();
    expect(screen.getByLabelText('1 like')).toBeInTheDocument();
    expect(screen.getByText('Not for sale')).toBeInTheDocument();
  });

  it('parameters: a listed token shows its sale price; a sold token shows SOLD; no link until /token exists', () => {
    const token = makeToken(8, {
      isSold: true,
      creatorInfo: { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
      tokenHolding: {
        id: 'h1',
        chainId: 31337,
        createdAt: '2026-11-01T10:00:00.000Z',
        owner: { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
        salePrice: { amount: '123456789012345678', currency: 'ETH' },
      },
    });
    render(<TokenCard token={token} />);
    expect(screen.getByText('0.12345679 ETH')).toBeInTheDocument();
    expect(screen.getByText('0x3C...93BC')).toBeInTheDocument();
    expect(screen.getByText('SOLD')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
