import { zeroAddress, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated';
import { allOutSaleIdFromLogs, saleIdsFromLogs } from '../../contracts/receipts';
import { approve, balanceOf, createCollection, createTestChain, deployMarket, ETH, expectRevert, market, send, type TestChain, type Wallet } from './helpers';

// Trading and the dashboard trading rules on chain: prices are whole multiples of 0.0001 ETH (min 0.0001), holders cannot buy or offer.
const STEP = 10n ** 14n;

let chain: TestChain;
let marketplace: Address;
let factory: Address;
let seller: Wallet;
let buyer: Wallet;
let holder: Wallet;

beforeAll(async () => {
  chain = await createTestChain();
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain));
  seller = chain.wallets[1]!;
  buyer = chain.wallets[2]!;
  holder = chain.wallets[3]!;
});

const createSaleCall = (wallet: Wallet, collection: Address, tokenId: bigint, amount: bigint, price: bigint) =>
  wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, tokenId, amount, price, zeroAddress] });
const createAllCall = (wallet: Wallet, collection: Address, price: bigint) =>
  wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, price, zeroAddress] });
const offerCall = (wallet: Wallet, saleId: bigint, tokenId: bigint, amount: bigint, price: bigint) =>
  wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, tokenId, amount, price, zeroAddress], value: price * amount });

async function approvedCollection(tokens = 2, supply = 5) {
  const { collection } = await createCollection(chain, factory, seller, { tokens, supply });
  await approve(chain, seller, collection, marketplace);
  return collection;
}

async function listed(collection: Address, tokenId: bigint, amount: bigint, price: bigint): Promise<bigint> {
  const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, tokenId, amount, price, zeroAddress] });
  return saleIdsFromLogs(receipt.logs)[0]!;
}

describe('price rule: at least 0.0001 ETH and a whole multiple of it', () => {
  it('exposes the step as PRICE_STEP = 1e14 wei', async () => {
    expect(await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'PRICE_STEP' })).toBe(STEP);
  });

  it('createSale reverts InvalidPrice below the minimum or off the step, and lists at the minimum or any multiple', async () => {
    const collection = await approvedCollection();
    for (const price of [0n, 1n, STEP - 1n, STEP + 1n, 3n * STEP + 5n, ETH / 3n]) {
      await expectRevert(createSaleCall(seller, collection, 1n, 1n, price), 'InvalidPrice');
    }
    const atMinimum = await listed(collection, 1n, 1n, STEP);
    const multiple = await listed(collection, 2n, 1n, 12_345n * STEP);
    expect(await market(chain, marketplace).getSale(atMinimum)).toMatchObject({ price: STEP, active: true });
    expect(await market(chain, marketplace).getSale(multiple)).toMatchObject({ price: 12_345n * STEP, active: true });
  });

  it('createAllOutSale reverts InvalidPrice the same way and lists the whole collection at a valid price', async () => {
    const collection = await approvedCollection(2, 1);
    for (const price of [0n, STEP - 1n, 2n * STEP + 1n]) await expectRevert(createAllCall(seller, collection, price), 'InvalidPrice');
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, 7n * STEP, zeroAddress] });
    expect(allOutSaleIdFromLogs(receipt.logs)).not.toBeNull();
    expect(saleIdsFromLogs(receipt.logs)).toHaveLength(2);
  });

  it('makeOffer reverts InvalidPrice for offers and purchases off the step, and accepts a minimum offer', async () => {
    const collection = await approvedCollection();
    const saleId = await listed(collection, 1n, 3n, ETH / 10n);
    // Below the listing (an escrowed offer) and above it (a purchase): both follow the rule.
    for (const price of [0n, STEP - 1n, STEP + 1n, ETH / 10n + 1n]) await expectRevert(offerCall(buyer, saleId, 1n, 1n, price), 'InvalidPrice');
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 2n, STEP, zeroAddress], value: 2n * STEP });
    expect(await market(chain, marketplace).getOffer(saleId, buyer.account.address)).toMatchObject({ amount: 2n, price: STEP, valid: true });
    expect(await market(chain, marketplace).totalEscrow()).toBe(2n * STEP);
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
  });
});

describe('owners cannot buy or offer on a token they hold', () => {
  it('reverts AlreadyOwner for a buyer who bought units, for offers and purchases alike', async () => {
    const collection = await approvedCollection();
    const saleId = await listed(collection, 1n, 4n, ETH / 10n);
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 1n, ETH / 10n, zeroAddress], value: ETH / 10n });
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(1n);
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, ETH / 10n), 'AlreadyOwner');
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, ETH / 20n), 'AlreadyOwner');
    // Holding another token of the same collection does not count.
    const other = await listed(collection, 2n, 1n, ETH / 10n);
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [other, 2n, 1n, ETH / 20n, zeroAddress], value: ETH / 20n });
    expect(await market(chain, marketplace).getOffer(other, buyer.account.address)).toMatchObject({ amount: 1n, valid: true });
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [other, 2n] });
  });

  it('reverts AlreadyOwner for a holder who received units by transfer, until they hold none again', async () => {
    const collection = await approvedCollection();
    const saleId = await listed(collection, 1n, 2n, ETH / 10n);
    await send(chain, seller, { address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [seller.account.address, holder.account.address, 1n, 1n, '0x'] });
    await expectRevert(offerCall(holder, saleId, 1n, 1n, ETH / 20n), 'AlreadyOwner');
    await send(chain, holder, { address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [holder.account.address, chain.accounts[9]!, 1n, 1n, '0x'] });
    await send(chain, holder, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 1n, ETH / 20n, zeroAddress], value: ETH / 20n });
    expect(await market(chain, marketplace).getOffer(saleId, holder.account.address)).toMatchObject({ amount: 1n, price: ETH / 20n });
    await send(chain, holder, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
  });

  it('still answers the seller with Unauthorized (the seller-rule comes first), and nothing is escrowed by a refused call', async () => {
    const collection = await approvedCollection();
    const saleId = await listed(collection, 1n, 1n, ETH / 10n);
    await expectRevert(offerCall(seller, saleId, 1n, 1n, ETH / 10n), 'Unauthorized');
    expect(await market(chain, marketplace).totalEscrow()).toBe(0n);
    expect(await chain.publicClient.getBalance({ address: marketplace })).toBe(0n);
  });
});
