import { describe, expect, it } from 'vitest';
import { fromBaseUnits, offerValue, toBaseUnits } from '../../machines/trading/amounts';
import { SUCCESS_MESSAGES, stepsOf, successMessage, type ChainAction } from '../../machines/trading/chainActions';
import { TradeCheckError, tradeCheckOf } from '../../machines/trading/tradeCheck';
import { tradeErrorOf } from '../../machines/trading/tradeErrors';
import {
  ALREADY_OWNED_MESSAGE,
  listBlock,
  NOT_COLLECTION_CREATOR_MESSAGE,
  NOT_TOKEN_OWNER_MESSAGE,
  NOTHING_TO_LIST_MESSAGE,
  orderBlock,
  parsePrice,
} from '../../machines/trading/tradeRules';

const SELLER = '0x00000000000000000000000000000000000000AA';
const BUYER = '0x00000000000000000000000000000000000000bb';
const registered = { address: BUYER, registered: true, banned: false };

describe('trading rules (requirements: trading offers)', () => {
  it('converts prices to 18-decimal integers and refuses what is not a number', () => {
    expect(toBaseUnits('0.0001')).toBe('100000000000000');
    expect(toBaseUnits('1.5')).toBe('1500000000000000000');
    expect(toBaseUnits('.25')).toBe('250000000000000000');
    expect(toBaseUnits('1e3')).toBeNull();
    expect(toBaseUnits('0.0000000000000000001')).toBeNull();
    expect(offerValue('1500000000000000000', '2')).toBe('3000000000000000000');
  });

  it('converts wei back to decimal strings for the server check, exactly', () => {
    expect(fromBaseUnits('100000000000000')).toBe('0.0001');
    expect(fromBaseUnits('1500000000000000000')).toBe('1.5');
    expect(fromBaseUnits('2000000000000000000')).toBe('2');
    expect(fromBaseUnits('0')).toBe('0');
    expect(fromBaseUnits('100000000000001')).toBe('0.000100000000000001');
    expect(fromBaseUnits('-1')).toBeNull();
    for (const value of ['0.0001', '12.3456', '1000']) expect(fromBaseUnits(toBaseUnits(value)!)).toBe(value);
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
    // The server knows holdings the page may not show: any units held count as owning.
    expect(orderBlock('offer', registered, { seller: SELLER, owner: null, viewerHolds: true })?.message).toBe(ALREADY_OWNED_MESSAGE);
  });

  it('lets only holders list a token, and only the creator (still holding some) list a full collection', () => {
    expect(listBlock('list', { ...registered, banned: true }, { viewerHolds: true })?.message).toBe('This account is banned');
    expect(listBlock('list', { address: null, registered: false, banned: false }, { viewerHolds: true })).toMatchObject({ openWallet: true });
    expect(listBlock('list', registered, { viewerHolds: false })?.message).toBe(NOT_TOKEN_OWNER_MESSAGE);
    expect(listBlock('list', registered, { viewerHolds: true })).toBeNull();
    expect(listBlock('listCollection', registered, { viewerHolds: true, creator: SELLER })?.message).toBe(NOT_COLLECTION_CREATOR_MESSAGE);
    expect(listBlock('listCollection', registered, { viewerHolds: false, creator: BUYER.toUpperCase().replace('0X', '0x') })?.message).toBe(NOTHING_TO_LIST_MESSAGE);
    expect(listBlock('listCollection', registered, { viewerHolds: true, creator: BUYER })).toBeNull();
  });

  it('builds the server check of each action; cancel, accept and retract have none', () => {
    const offer: ChainAction = { type: 'makeOffer', chainId: 31337, saleId: '7', tokenId: '2', amount: '1', priceWei: '50000000000000000', currency: 'ETH', token_id: '41' };
    expect(tradeCheckOf(offer)).toEqual({ kind: 'offer', chainId: 31337, saleId: '7', token_id: '41', price: '0.05' });
    expect(tradeCheckOf({ ...offer, purchase: true, token_id: undefined })).toEqual({ kind: 'order', chainId: 31337, saleId: '7', price: '0.05' });
    const sale: ChainAction = { type: 'createSale', chainId: 1, collection: '0xc', tokenId: '3', amount: '1', priceWei: '100000000000000', currency: 'ETH' };
    expect(tradeCheckOf(sale)).toEqual({ kind: 'list', chainId: 1, collection: '0xc', tokenId: '3', price: '0.0001' });
    expect(tradeCheckOf({ ...sale, token_id: '9' })).toEqual({ kind: 'list', chainId: 1, token_id: '9', price: '0.0001' });
    const all: ChainAction = { type: 'createAllOutSale', chainId: 1, collection: '0xc', priceWei: '1', currency: 'ETH' };
    expect(tradeCheckOf(all)).toEqual({ kind: 'listCollection', chainId: 1, collection: '0xc', price: '0.000000000000000001' });
    expect(tradeCheckOf({ ...all, container_id: '5' })).toMatchObject({ container_id: '5' });
    expect(tradeCheckOf({ type: 'cancelSale', chainId: 1, saleId: '1' })).toBeNull();
    expect(tradeCheckOf({ type: 'retractOffer', chainId: 1, saleId: '1', tokenId: '1' })).toBeNull();
    expect(tradeCheckOf({ type: 'acceptOffer', chainId: 1, saleId: '1', buyer: '0xb', tokenId: '1', priceWei: '1', currency: 'ETH' })).toBeNull();
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

  it("reads the marketplace's trading-rule reverts as the rules' messages, and a refused server check as its message", () => {
    const revert = (errorName: string) => ({ name: 'ContractFunctionExecutionError', cause: { name: 'ContractFunctionRevertedError', data: { errorName } } });
    expect(tradeErrorOf(revert('InvalidPrice'))).toEqual({ message: 'Minimum allowed price is 0.0001', code: 'InvalidPrice', source: 'chain' });
    expect(tradeErrorOf(revert('AlreadyOwner'))).toEqual({ message: ALREADY_OWNED_MESSAGE, code: 'AlreadyOwner', source: 'chain' });
    expect(tradeErrorOf(new TradeCheckError('This account is banned', 'banned'))).toEqual({ message: 'This account is banned', code: 'banned', source: 'server' });
  });
});
