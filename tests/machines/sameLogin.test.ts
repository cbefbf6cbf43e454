import { describe, expect, it } from 'vitest';
import { sameLogin } from '../../machines/wallet/sessionSelectors';

// The accountLikes and profilePage machines load again only for another login; both ask this one question.
describe('sameLogin', () => {
  const alice = { address: '0xAbC0000000000000000000000000000000000001', key: 'k1' };

  it('behavior: one address in another letter case with the same key is the same login', () => {
    expect(sameLogin(alice, { ...alice, address: alice.address.toLowerCase() })).toBe(true);
  });

  it('behavior: a new key for the same address is another login', () => {
    expect(sameLogin(alice, { ...alice, key: 'k2' })).toBe(false);
  });

  it('behavior: none and none are the same; none and a login are not', () => {
    expect(sameLogin(null, null)).toBe(true);
    expect(sameLogin(null, alice)).toBe(false);
    expect(sameLogin(alice, null)).toBe(false);
  });
});
