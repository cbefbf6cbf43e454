import { parseEventLogs, zeroAddress, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated';
import { saleIdsFromLogs } from '../../contracts/receipts';
import { approve, balanceOf, createCollection, createTestChain, deployMarket, ETH, ethBalance, expectRevert, market, send, type TestChain, type Wallet } from './helpers';

let chain: TestChain;
let marketplace: Address;
let factory: Address;
let seller: Wallet;
let buyer: Wallet;
let buyer2: Wallet;
let feeRecipient: Address;
let royaltyRecipient: Address;
const price = ETH / 10n;
// The marketplace's price step (0.0001 ETH).
const STEP = 10n ** 14n;

beforeAll(async () => {
  chain = await createTestChain();
  feeRecipient = chain.accounts[8]!;
  royaltyRecipient = chain.accounts[5]!;
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain, { feeRecipient, feeBasisPoints: 250 }));
  seller = chain.wallets[1]!;
  buyer = chain.wallets[3]!;
  buyer2 = chain.wallets[4]!;
});

/** A fresh collection (royalty 500 bp to royaltyRecipient) with token 1 listed: returns the sale id. */
async function listed(amount = 5n, p = price, royaltiesBasispoints = 500) {
  const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 5, royaltiesRecipient: royaltyRecipient, royaltiesBasispoints });
  await approve(chain, seller, collection, marketplace);
  const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, amount, p, zeroAddress] });
  return { collection, saleId: saleIdsFromLogs(receipt.logs)[0]! };
}

async function snapshot(addresses: Address[]): Promise<bigint[]> {
  return Promise.all(addresses.map((a) => ethBalance(chain, a)));
}

const offer = (wallet: Wallet, saleId: bigint, tokenId: bigint, amount: bigint, p: bigint, value: bigint, currency: Address = zeroAddress) =>
  send(chain, wallet, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, tokenId, amount, p, currency], value });
const offerCall = (wallet: Wallet, saleId: bigint, tokenId: bigint, amount: bigint, p: bigint, value: bigint, currency: Address = zeroAddress) =>
  wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, tokenId, amount, p, currency], value });

describe('makeOffer at the listed price (purchase)', () => {
  it('transfers the tokens and pays seller, fee and royalty to the wei', async () => {
    const { collection, saleId } = await listed();
    const parties = [seller.account.address, buyer.account.address, feeRecipient, royaltyRecipient, marketplace];
    const before = await snapshot(parties);
    const receipt = await offer(buyer, saleId, 1n, 2n, price, 2n * price);
    const after = await snapshot(parties);
    const total = 2n * price;
    const fee = (total * 250n) / 10_000n;
    const royalty = (total * 500n) / 10_000n;
    expect(after[0]! - before[0]!).toBe(total - fee - royalty);
    expect(before[1]! - after[1]!).toBe(total + receipt.cost);
    expect(after[2]! - before[2]!).toBe(fee);
    expect(after[3]! - before[3]!).toBe(royalty);
    expect(after[4]).toBe(0n);

    const sold = parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs, eventName: 'Sold' });
    expect(sold.map((e) => e.args)).toEqual([{ saleId, tokenId: 1n, buyer: buyer.account.address, seller: seller.account.address, amount: 2n, price, currency: zeroAddress }]);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs, eventName: 'OfferMade' })).toHaveLength(0);
    const [transfer] = parseEventLogs({ abi: tradableCollectionAbi, logs: receipt.logs, eventName: 'TransferSingle' });
    expect(transfer!.args).toEqual({ operator: marketplace, from: seller.account.address, to: buyer.account.address, id: 1n, value: 2n });
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(2n);
    expect(await balanceOf(chain, collection, seller.account.address, 1n)).toBe(3n);
    expect(await market(chain, marketplace).getSale(saleId)).toMatchObject({ amount: 3n, active: true });

    // Buying the rest sells out the listing; it then accepts no more purchases.
    await offer(buyer2, saleId, 1n, 3n, price, 3n * price);
    expect(await market(chain, marketplace).getSale(saleId)).toMatchObject({ amount: 0n, active: false, cancelled: false });
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, price, price), 'NoSuchMarketplace');
    await expectRevert(seller.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [saleId] }), 'NoSuchMarketplace');
  });

  it('buys at the offered price when it is above the listing', async () => {
    const { saleId } = await listed(5n, price, 0);
    const parties = [seller.account.address, feeRecipient];
    const before = await snapshot(parties);
    const high = price + 12_345n * STEP;
    const receipt = await offer(buyer, saleId, 1n, 1n, high, high);
    const after = await snapshot(parties);
    const fee = (high * 250n) / 10_000n;
    expect(after[0]! - before[0]!).toBe(high - fee);
    expect(after[1]! - before[1]!).toBe(fee);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs, eventName: 'Sold' })[0]!.args.price).toBe(high);
  });

  it('pays the royalty to the seller when the seller is the royalty recipient, and caps royalty at what the fee leaves', async () => {
    const fresh = await deployMarket(chain, { feeRecipient, feeBasisPoints: 9_800 });
    const { collection } = await createCollection(chain, factory, seller, { tokens: 1, supply: 2, royaltiesBasispoints: 500 });
    await approve(chain, seller, collection, fresh.marketplace);
    const [saleId] = saleIdsFromLogs((await send(chain, seller, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 2n, 10_000n * STEP, zeroAddress] })).logs);
    const before = await snapshot([seller.account.address, feeRecipient]);
    await send(chain, buyer, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId!, 1n, 1n, 10_000n * STEP, zeroAddress], value: 10_000n * STEP });
    const after = await snapshot([seller.account.address, feeRecipient]);
    // fee 9800 steps, royalty min(500, 200) = 200 steps to the seller (royalty recipient), rest 0.
    expect(after[1]! - before[1]!).toBe(9_800n * STEP);
    expect(after[0]! - before[0]!).toBe(200n * STEP);
  });

  it('sends a royalty addressed to the marketplace itself to the seller, so nothing is stranded', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 1, supply: 1, royaltiesRecipient: marketplace, royaltiesBasispoints: 1_000 });
    await approve(chain, seller, collection, marketplace);
    const [saleId] = saleIdsFromLogs((await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 1n, price, zeroAddress] })).logs);
    const before = await ethBalance(chain, seller.account.address);
    await offer(buyer, saleId!, 1n, 1n, price, price);
    expect(await ethBalance(chain, seller.account.address)).toBe(before + price - (price * 250n) / 10_000n);
    expect(await ethBalance(chain, marketplace)).toBe(0n);
    expect(await market(chain, marketplace).totalPending()).toBe(0n);
  });

  it('reverts on wrong value, zero price, bad amounts, own sale, unknown sale, wrong token or currency, revoked approval or moved tokens', async () => {
    const { collection, saleId } = await listed(3n);
    await expectRevert(offerCall(buyer, saleId, 1n, 2n, price, 2n * price - 1n), 'InsufficientFunds');
    await expectRevert(offerCall(buyer, saleId, 1n, 2n, price, 2n * price + 1n), 'InsufficientFunds');
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, 0n, 0n), 'InvalidPrice');
    await expectRevert(offerCall(buyer, saleId, 1n, 0n, price, 0n), 'InsufficientTokens');
    await expectRevert(offerCall(buyer, saleId, 1n, 4n, price, 4n * price), 'InsufficientTokens');
    await expectRevert(offerCall(seller, saleId, 1n, 1n, price, price), 'Unauthorized');
    await expectRevert(offerCall(buyer, 9_999n, 1n, 1n, price, price), 'NoSuchMarketplace');
    await expectRevert(offerCall(buyer, saleId, 2n, 1n, price, price), 'NoSuchMarketplace');
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, price, price, chain.accounts[9]!), 'UnsupportedCurrency');
    await approve(chain, seller, collection, marketplace, false);
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, price, price), 'NotApproved');
    await approve(chain, seller, collection, marketplace, true);
    await send(chain, seller, { address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [seller.account.address, chain.accounts[9]!, 1n, 4n, '0x'] });
    await expectRevert(offerCall(buyer, saleId, 1n, 2n, price, 2n * price), 'InsufficientTokens');
    await offer(buyer, saleId, 1n, 1n, price, price);
    expect(await ethBalance(chain, marketplace)).toBe(0n);
  });
});

describe('offers below the listed price', () => {
  it('escrows the offer, replaces it on a new offer and refunds on retract, to the wei', async () => {
    const { saleId } = await listed();
    const view = market(chain, marketplace);
    const low = price / 2n;
    const start = await ethBalance(chain, buyer.account.address);
    const first = await offer(buyer, saleId, 1n, 2n, low, 2n * low);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: first.logs }).map((e) => [e.eventName, e.args])).toEqual([
      ['OfferMade', { saleId, tokenId: 1n, buyer: buyer.account.address, amount: 2n, price: low, currency: zeroAddress }],
    ]);
    expect(await view.getOffer(saleId, buyer.account.address)).toEqual({ amount: 2n, price: low, currency: zeroAddress, valid: true });
    expect(await ethBalance(chain, marketplace)).toBe(2n * low);
    expect(await view.totalEscrow()).toBe(2n * low);

    const lower = low - STEP;
    const second = await offer(buyer, saleId, 1n, 3n, lower, 3n * lower);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: second.logs }).map((e) => e.eventName)).toEqual(['OfferMade']);
    expect(await view.getOffer(saleId, buyer.account.address)).toMatchObject({ amount: 3n, price: lower });
    expect(await ethBalance(chain, marketplace)).toBe(3n * lower);
    expect(await view.totalEscrow()).toBe(3n * lower);
    expect(await ethBalance(chain, buyer.account.address)).toBe(start - 3n * lower - first.cost - second.cost);

    const retract = (wallet: Wallet, id: bigint, tokenId: bigint) =>
      wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [id, tokenId] });
    await expectRevert(retract(buyer2, saleId, 1n), 'NoSuchOffer');
    await expectRevert(retract(buyer, saleId, 2n), 'NoSuchMarketplace');
    await expectRevert(retract(buyer, 9_999n, 1n), 'NoSuchMarketplace');
    const retracted = await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
    expect(parseEventLogs({ abi: marketplaceAbi, logs: retracted.logs }).map((e) => [e.eventName, e.args])).toEqual([
      ['OfferRetracted', { saleId, tokenId: 1n, buyer: buyer.account.address }],
    ]);
    expect(await ethBalance(chain, buyer.account.address)).toBe(start - first.cost - second.cost - retracted.cost);
    expect(await ethBalance(chain, marketplace)).toBe(0n);
    expect(await view.totalEscrow()).toBe(0n);
    expect(await view.getOffer(saleId, buyer.account.address)).toEqual({ amount: 0n, price: 0n, currency: zeroAddress, valid: false });
    await expectRevert(retract(buyer, saleId, 1n), 'NoSuchOffer');
  });

  it('lets only the seller accept an offer at its price; tokens move and the escrow pays out to the wei', async () => {
    const { collection, saleId } = await listed(5n);
    const low = price / 4n;
    await offer(buyer, saleId, 1n, 2n, low, 2n * low);
    await offer(buyer2, saleId, 1n, 1n, low, low);
    const accept = (wallet: Wallet, who: Address, p: bigint, tokenId = 1n, currency: Address = zeroAddress) =>
      wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, who, tokenId, p, currency] });
    await expectRevert(accept(buyer2, buyer.account.address, low), 'Unauthorized');
    await expectRevert(accept(seller, buyer.account.address, low + 1n), 'NoSuchOffer');
    await expectRevert(accept(seller, chain.accounts[9]!, low), 'NoSuchOffer');
    await expectRevert(accept(seller, buyer.account.address, low, 2n), 'NoSuchMarketplace');
    await expectRevert(accept(seller, buyer.account.address, low, 1n, chain.accounts[9]!), 'UnsupportedCurrency');

    const parties = [seller.account.address, buyer.account.address, feeRecipient, royaltyRecipient];
    const before = await snapshot(parties);
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, buyer.account.address, 1n, low, zeroAddress] });
    const after = await snapshot(parties);
    const total = 2n * low;
    const fee = (total * 250n) / 10_000n;
    const royalty = (total * 500n) / 10_000n;
    expect(after[0]! - before[0]!).toBe(total - fee - royalty - receipt.cost);
    expect(after[1]).toBe(before[1]);
    expect(after[2]! - before[2]!).toBe(fee);
    expect(after[3]! - before[3]!).toBe(royalty);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs }).map((e) => [e.eventName, e.args])).toEqual([
      ['OfferAccepted', { saleId, tokenId: 1n, buyer: buyer.account.address }],
      ['Sold', { saleId, tokenId: 1n, buyer: buyer.account.address, seller: seller.account.address, amount: 2n, price: low, currency: zeroAddress }],
    ]);
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(2n);
    const view = market(chain, marketplace);
    expect(await view.getOffer(saleId, buyer.account.address)).toMatchObject({ amount: 0n });
    expect(await view.getSale(saleId)).toMatchObject({ amount: 3n });
    expect(await view.totalEscrow()).toBe(low);
    expect(await ethBalance(chain, marketplace)).toBe(low);
    await expectRevert(accept(seller, buyer.account.address, low), 'NoSuchOffer');

    // An offer larger than what is left cannot be accepted (the buyer now holds units, so another account offers).
    const late = chain.wallets[7]!;
    await offer(late, saleId, 1n, 3n, low, 3n * low);
    await offer(chain.wallets[6]!, saleId, 1n, 1n, price, price);
    expect(await view.getOffer(saleId, late.account.address)).toMatchObject({ valid: false });
    await expectRevert(accept(seller, late.account.address, low), 'InsufficientTokens');
    // Once the seller no longer holds the tokens, accepting fails too.
    await send(chain, seller, { address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [seller.account.address, chain.accounts[9]!, 1n, 2n, '0x'] });
    await expectRevert(accept(seller, buyer2.account.address, low), 'InsufficientTokens');
    // Offers that can no longer be accepted are still refundable.
    for (const wallet of [late, buyer2]) {
      await send(chain, wallet, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
    }
    expect(await ethBalance(chain, marketplace)).toBe(0n);
    expect(await view.totalEscrow()).toBe(0n);
  });
});

describe('cancelling a sale invalidates its offers', () => {
  it('blocks accepting and new offers; buyers still retract their escrow in full', async () => {
    const { saleId } = await listed();
    const low = price / 4n;
    await offer(buyer, saleId, 1n, 1n, low, low);
    await offer(buyer2, saleId, 1n, 2n, low, 2n * low);
    await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [saleId] });
    const view = market(chain, marketplace);
    expect(await view.getOffer(saleId, buyer.account.address)).toEqual({ amount: 1n, price: low, currency: zeroAddress, valid: false });
    await expectRevert(seller.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, buyer.account.address, 1n, low, zeroAddress] }), 'NoSuchMarketplace');
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, low, low), 'NoSuchMarketplace');
    await expectRevert(offerCall(buyer, saleId, 1n, 1n, price, price), 'NoSuchMarketplace');
    const before = await ethBalance(chain, buyer2.account.address);
    const retracted = await send(chain, buyer2, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
    expect(await ethBalance(chain, buyer2.account.address)).toBe(before + 2n * low - retracted.cost);
    expect(await view.totalEscrow()).toBe(low);
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
    expect(await ethBalance(chain, marketplace)).toBe(0n);
  });

  it('also through cancelAllOutSale', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 2 });
    await approve(chain, seller, collection, marketplace);
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, price, zeroAddress] });
    const [first, second] = saleIdsFromLogs(receipt.logs);
    await offer(buyer, second!, 2n, 1n, price / 2n, price / 2n);
    // A purchase on an all-out listing works like any listing.
    await offer(buyer2, first!, 1n, 1n, price, price);
    const allOutSaleId = parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs, eventName: 'CreatedAllOutSale' })[0]!.args.allOutSaleId;
    await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [allOutSaleId] });
    expect(await market(chain, marketplace).getOffer(second!, buyer.account.address)).toMatchObject({ valid: false });
    await expectRevert(seller.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [second!, buyer.account.address, 2n, price / 2n, zeroAddress] }), 'NoSuchMarketplace');
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [second!, 2n] });
    expect(await ethBalance(chain, marketplace)).toBe(0n);
  });
});
