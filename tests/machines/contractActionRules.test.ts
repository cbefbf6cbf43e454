import { describe, expect, it } from 'vitest';
import { offerValue, toBaseUnits } from '../../machines/trading/amounts';
import { SUCCESS_MESSAGES, stepsOf, successMessage, type ChainAction } from '../../machines/trading/chainActions';
import { tradeErrorOf } from '../../machines/trading/tradeErrors';
import { ALREADY_OWNED_MESSAGE, orderBlock, parsePrice } from '../../machines/trading/tradeRules';

const SELLER = '0x00000000000000000000000000000000000000AA';
const BUYER = '0x00000000000000000000000000000000000000bb';
const registered = { address: BUYER, registered: true, banned: false };

describe('trading rules (seed 000 §5)', () => {
  it('converts prices to 18-decimal integers and refuses what is not a number', () => {
    expect(toBaseUnits('0.0001')).toBe('100000000000000');
    expect(toBaseUnits('1.5')).toBe('1500000000000000000');
    expect(toBaseUnits('.25')).toBe('250000000000000000');
    expect(toBaseUnits('1e3')).toBeNull();
    expect(toBaseUnits('0.0000000000000000001')).toBeNull();
    expect(offerValue('1500000000000000000', '2')).toBe('3000000000000000000');
  });

  it('validates offer prices with the shared messages: minimum 0.0001, step 0.0001, numeric', () => {
    expect(parsePrice('0.0001')).toEqual({ wei: '100000000000000' });
    expect(parsePrice('0.00009')).toEqual({ error: 'Minimum allowed price is 0.0001' });
    expect(parsePrice('abc')).toEqual({ error: 'Minimum allowed price is 0.0001' });
    expect(parsePrice('0.00015')).toEqual({ error: 'Allowed price step is 0.0001' });
    expect(parsePrice('')).toHaveProperty('error');
  });

  it('blocks orders and offers in the seed order: banned, not connected, seller, owner', () => {
    const listing = { seller: SELLER, owner: SELLER };
    expect(orderBlock('order', { ...registered, banned: true }, listing)).toEqual({ message: 'This account is banned', openWallet: false });
    expect(orderBlock('order', { address: null, registered: false, banned: false }, listing)).toEqual({ message: 'Please connect your wallet to place the order', openWallet: true });
    expect(orderBlock('offer', { address: BUYER, registered: false, banned: false }, listing)).toEqual({ message: 'Please connect your wallet to place an offer', openWallet: true });
    expect(orderBlock('offer', { ...registered, address: SELLER.toLowerCase() }, listing)?.message).toBe('Sorry. Order cannot be placed as you are the seller');
    expect(orderBlock('order', registered, { seller: SELLER, owner: BUYER.toUpperCase().replace('0X', '0x') })?.message).toBe(ALREADY_OWNED_MESSAGE);
    expect(orderBlock('order', registered, listing)).toBeNull();
  });

  it('puts the approval before a sale only when the collection is not approved', () => {
    const sale: ChainAction = { type: 'createAllOutSale', chainId: 1, collection: '0xc', priceWei: '1', currency: 'ETH' };
    expect(stepsOf(sale, false).map((step) => step.type)).toEqual(['setApprovalForAll', 'createAllOutSale']);
    expect(stepsOf(sale, true)).toEqual([sale]);
    const retract: ChainAction = { type: 'retractOffer', chainId: 1, saleId: '1', tokenId: '1' };
    expect(stepsOf(retract, false)).toEqual([retract]);
    expect(successMessage(sale)).toBe(SUCCESS_MESSAGES.collectionListed);
    expect(successMessage({ type: 'makeOffer', chainId: 1, saleId: '1', tokenId: '1', amount: '1', priceWei: '1', currency: 'ETH' })).toBe('Offer placed');
  });

  it('reads wallet errors from the catalogue and reverts as chain errors with a code', () => {
    expect(tradeErrorOf({ code: 4001 })).toEqual({ message: 'You canceled the request in your wallet.', code: 'userRejected', source: 'wallet' });
    expect(tradeErrorOf({ name: 'X', cause: { name: 'ContractFunctionRevertedError', data: { errorName: 'NoSuchOffer' } } })).toEqual({
      message: 'NoSuchOffer',
      code: 'NoSuchOffer',
      source: 'chain',
    });
    expect(tradeErrorOf({ name: 'ContractFunctionRevertedError', reason: 'not for sale' })).toMatchObject({ message: 'not for sale', source: 'chain' });
    expect(tradeErrorOf(new Error('boom'))).toEqual({ message: 'Something went wrong. Please try again.', code: 'unknown', source: 'wallet' });
  });
});
