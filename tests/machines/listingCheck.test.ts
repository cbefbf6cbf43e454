// No stale buys: what a purchase compares right before the wallet, on chain and as heard live.
import { describe, expect, it } from 'vitest';
import { changeHeardLive, changeOnChain, listingChangeError, type ListingOnChain } from '../../machines/trading/listingCheck';

const SELLER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const terms = { saleId: '4', priceWei: '50000000000000000' };
const onChain = (overrides: Partial<ListingOnChain>): ListingOnChain => ({ seller: SELLER, amount: '1', price: '50000000000000000', cancelled: false, active: true, ...overrides });

describe('changeOnChain (the listing read with getSale)', () => {
  it('the listing as shown lets the purchase go on', () => {
    expect(changeOnChain(terms, onChain({}))).toBeNull();
  });

  it('sold out, cancelled, never created, repriced', () => {
    expect(changeOnChain(terms, onChain({ amount: '0', active: false }))).toEqual({ kind: 'sold' });
    expect(changeOnChain(terms, onChain({ cancelled: true, active: false }))).toEqual({ kind: 'cancelled' });
    expect(changeOnChain(terms, onChain({ seller: '0x0000000000000000000000000000000000000000', active: false }))).toEqual({ kind: 'cancelled' });
    // Raised: the old price would be an offer, not a purchase. Lowered: the buyer would pay more than asked.
    expect(changeOnChain(terms, onChain({ price: '80000000000000000' }))).toEqual({ kind: 'price', priceWei: '80000000000000000' });
    expect(changeOnChain(terms, onChain({ price: '10000000000000000' }))).toEqual({ kind: 'price', priceWei: '10000000000000000' });
  });
});

describe('changeHeardLive (the token the page refetched, or a Sold patch)', () => {
  it('the same sale at the same price: nothing changed', () => {
    expect(changeHeardLive(terms, { sold: false, listing: { saleId: '4', priceWei: '50000000000000000' } })).toBeNull();
  });

  it('sold, no listing left, listed again at another price', () => {
    expect(changeHeardLive(terms, { sold: true, listing: null })).toEqual({ kind: 'sold' });
    expect(changeHeardLive(terms, { sold: false, listing: null })).toEqual({ kind: 'cancelled' });
    expect(changeHeardLive(terms, { sold: false, listing: { saleId: '5', priceWei: '80000000000000000' } })).toEqual({ kind: 'price', priceWei: '80000000000000000' });
  });
});

describe('what the buyer is told', () => {
  it('what happened, the new price in the chain\'s currency, and that nothing was signed', () => {
    expect(listingChangeError({ kind: 'sold' }, 'ETH')).toEqual({ message: 'This token was just sold to someone else. Nothing was signed.', code: 'LISTING_CHANGED', source: 'chain' });
    expect(listingChangeError({ kind: 'cancelled' }, 'ETH').message).toBe('This listing was just cancelled. Nothing was signed.');
    expect(listingChangeError({ kind: 'price', priceWei: '80000000000000000' }, 'ETH').message).toBe(
      'The price changed to 0.08 ETH. Nothing was signed: check the new price and buy again.',
    );
    expect(listingChangeError({ kind: 'price', priceWei: '2500000000000000000' }, 'matic').message).toBe(
      'The price changed to 2.5 matic. Nothing was signed: check the new price and buy again.',
    );
  });
});
