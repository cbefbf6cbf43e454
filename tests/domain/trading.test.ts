import { describe, expect, it } from 'vitest';
import { sameAddress } from '../../domain/address';
import { listBlock, orderBlock, viewerBlock } from '../../domain/trading';

const ME = '0xAbC0000000000000000000000000000000000001';
const OTHER = '0x0000000000000000000000000000000000000002';
const viewer = { address: ME, registered: true, banned: false };

// See docs/requirements.md#trading-offers "Order cannot be placed by the seller: 'Sorry. Order cannot be placed as you are the seller'.
// Owners cannot buy or offer on their own token; banned accounts cannot buy or offer."
describe('trading rules (requirements: trading offers; who may buy, offer and list)', () => {
  it("banned first: 'This account is banned'; then a wallet and sign-in are needed", () => {
    expect(viewerBlock('order', { ...viewer, banned: true })).toEqual({ message: 'This account is banned', openWallet: false });
    expect(viewerBlock('offer', { address: null, registered: false, banned: false })).toEqual({ message: 'Please connect your wallet to place an offer', openWallet: true });
    expect(viewerBlock('order', { ...viewer, registered: false })).toEqual({ message: 'Please connect your wallet to place the order', openWallet: true });
    expect(viewerBlock('list', viewer)).toBeNull();
  });

  it('the seller cannot order; a holder cannot order or offer', () => {
    expect(orderBlock('order', viewer, { seller: ME.toLowerCase(), owner: null })?.message).toBe('Sorry. Order cannot be placed as you are the seller');
    expect(orderBlock('offer', viewer, { seller: OTHER, owner: ME })?.message).toBe('You already own this token');
    expect(orderBlock('offer', viewer, { seller: OTHER, owner: null, viewerHolds: true })?.message).toBe('You already own this token');
    expect(orderBlock('order', viewer, { seller: OTHER, owner: OTHER })).toBeNull();
  });

  it("listing: only a holder lists a token; only the creator who still holds some lists a collection", () => {
    expect(listBlock('list', viewer, { viewerHolds: false })?.message).toBe('Only the owner of this token may list it');
    expect(listBlock('list', viewer, { viewerHolds: true })).toBeNull();
    expect(listBlock('listCollection', viewer, { viewerHolds: true, creator: OTHER })?.message).toBe('Only the creator of this collection may list the full collection');
    expect(listBlock('listCollection', viewer, { viewerHolds: false, creator: ME })?.message).toBe('This collection is sold out');
    expect(listBlock('listCollection', viewer, { viewerHolds: true, creator: ME.toLowerCase() })).toBeNull();
  });

  it('addresses match case-insensitively; nobody matches a missing one', () => {
    expect(sameAddress('0xAbC', '0xabc')).toBe(true);
    expect(sameAddress(null, '0xabc')).toBe(false);
    expect(sameAddress(undefined, undefined)).toBe(false);
  });
});
