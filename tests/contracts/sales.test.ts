import { parseEventLogs, zeroAddress, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketplaceAbi, marketplaceBytecode, tradableCollectionAbi } from '../../contracts/generated';
import { plainERC1155Abi, plainERC1155Bytecode } from '../../contracts/generated/test/PlainERC1155';
import { allOutSaleIdFromLogs, saleIdsFromLogs } from '../../contracts/receipts';
import { approve, createCollection, createTestChain, deployMarket, deployRevertName, ETH, expectRevert, market, send, type TestChain, type Wallet } from './helpers';

let chain: TestChain;
let marketplace: Address;
let factory: Address;
let seller: Wallet;
let other: Wallet;
const price = ETH / 10n;

beforeAll(async () => {
  chain = await createTestChain();
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain));
  seller = chain.wallets[1]!;
  other = chain.wallets[2]!;
});

const createSale = (wallet: Wallet, collection: Address, tokenId: bigint, amount: bigint, p: bigint, currency: Address = zeroAddress) =>
  wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, tokenId, amount, p, currency] });

describe('createSale', () => {
  it('lists tokens, emits CreatedSale and exposes the sale through getSale', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 5 });
    await approve(chain, seller, collection, marketplace);
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 2n, 3n, price, zeroAddress] });
    const [saleId] = saleIdsFromLogs(receipt.logs);
    const events = parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs });
    expect(events).toHaveLength(1);
    expect(events[0]!.eventName).toBe('CreatedSale');
    expect(events[0]!.args).toEqual({ saleId, collection, tokenId: 2n, seller: seller.account.address, amount: 3n, price, currency: zeroAddress, allOutSaleId: 0n });
    expect(await market(chain, marketplace).getSale(saleId!)).toEqual({
      seller: seller.account.address, collection, tokenId: 2n, amount: 3n, price, currency: zeroAddress, allOutSaleId: 0n, cancelled: false, active: true,
    });
    expect(await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'saleCount' })).toBe(saleId);
    // Tokens stay with the seller until sold.
    expect(await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'balanceOf', args: [seller.account.address, 2n] })).toBe(5n);
    const second = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 1n, price, zeroAddress] });
    expect(saleIdsFromLogs(second.logs)).toEqual([saleId! + 1n]);
  });

  it('works for any ERC-1155 (no royalties needed)', async () => {
    const hash = await seller.deployContract({ abi: plainERC1155Abi, bytecode: plainERC1155Bytecode, args: [42n, 10n] });
    const plain = (await chain.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    await send(chain, seller, { address: plain, abi: plainERC1155Abi, functionName: 'setApprovalForAll', args: [marketplace, true] });
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [plain, 42n, 10n, price, zeroAddress] });
    expect(saleIdsFromLogs(receipt.logs)).toHaveLength(1);
  });

  it('reverts without approval, without tokens, with a zero price, another currency or a non-contract collection', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 5 });
    await expectRevert(createSale(seller, collection, 1n, 1n, price), 'NotApproved');
    await approve(chain, seller, collection, marketplace);
    await expectRevert(createSale(seller, collection, 1n, 6n, price), 'InsufficientTokens');
    await expectRevert(createSale(seller, collection, 1n, 0n, price), 'InsufficientTokens');
    await expectRevert(createSale(seller, collection, 3n, 1n, price), 'InsufficientTokens');
    await expectRevert(createSale(seller, collection, 1n, 1n, 0n), 'InvalidPrice');
    await expectRevert(createSale(seller, collection, 1n, 1n, price, chain.accounts[9]!), 'UnsupportedCurrency');
    await expectRevert(createSale(seller, chain.accounts[9]!, 1n, 1n, price), 'InvalidAddress');
    // Approved but holding nothing: another account cannot list the seller's tokens.
    await approve(chain, other, collection, marketplace);
    await expectRevert(createSale(other, collection, 1n, 1n, price), 'InsufficientTokens');
    // Revoking approval blocks new listings again.
    await approve(chain, seller, collection, marketplace, false);
    await expectRevert(createSale(seller, collection, 1n, 1n, price), 'NotApproved');
  });
});

describe('cancel', () => {
  it('lets only the seller cancel a standalone sale, once', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 1, supply: 2 });
    await approve(chain, seller, collection, marketplace);
    const [saleId] = saleIdsFromLogs((await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 2n, price, zeroAddress] })).logs);
    const cancel = (wallet: Wallet, id: bigint) => wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [id] });
    await expectRevert(cancel(other, saleId!), 'Unauthorized');
    await expectRevert(cancel(seller, 9_999n), 'NoSuchMarketplace');
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [saleId!] });
    const events = parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs });
    expect(events.map((e) => [e.eventName, e.args])).toEqual([['CancelledSale', { saleId }]]);
    expect(await market(chain, marketplace).getSale(saleId!)).toMatchObject({ cancelled: true, active: false, amount: 2n });
    await expectRevert(cancel(seller, saleId!), 'NoSuchMarketplace');
  });
});

describe('createAllOutSale and cancelAllOutSale', () => {
  it('lists every token id the seller holds with its whole balance, at one price', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 4, supply: 3 });
    // The seller gives away all of token 2 and one unit of token 3 first.
    await send(chain, seller, { address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [seller.account.address, other.account.address, 2n, 3n, '0x'] });
    await send(chain, seller, { address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [seller.account.address, other.account.address, 3n, 1n, '0x'] });
    await approve(chain, seller, collection, marketplace);
    const before = await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'saleCount' });
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, price, zeroAddress] });
    const allOutSaleId = allOutSaleIdFromLogs(receipt.logs)!;
    const events = parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs });
    expect(events.map((e) => e.eventName)).toEqual(['CreatedSale', 'CreatedSale', 'CreatedSale', 'CreatedAllOutSale']);
    const created = events.filter((e) => e.eventName === 'CreatedSale').map((e) => e.args);
    expect(created).toEqual([
      { saleId: before + 1n, collection, tokenId: 1n, seller: seller.account.address, amount: 3n, price, currency: zeroAddress, allOutSaleId },
      { saleId: before + 2n, collection, tokenId: 3n, seller: seller.account.address, amount: 2n, price, currency: zeroAddress, allOutSaleId },
      { saleId: before + 3n, collection, tokenId: 4n, seller: seller.account.address, amount: 3n, price, currency: zeroAddress, allOutSaleId },
    ]);
    expect(events[3]!.args).toEqual({ allOutSaleId, collection, seller: seller.account.address, price, currency: zeroAddress });
    const view = market(chain, marketplace);
    expect(await view.getAllOutSale(allOutSaleId)).toEqual({
      seller: seller.account.address, collection, price, currency: zeroAddress, firstSaleId: before + 1n, saleCount: 3n, cancelled: false,
    });
    expect(await view.getSale(before + 2n)).toMatchObject({ tokenId: 3n, amount: 2n, allOutSaleId, active: true });

    // A listing of an all-out sale cannot be cancelled on its own.
    await expectRevert(seller.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [before + 1n] }), 'BelongsToAllOutSale');
    const cancelAll = (wallet: Wallet, id: bigint) => wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [id] });
    await expectRevert(cancelAll(other, allOutSaleId), 'Unauthorized');
    await expectRevert(cancelAll(seller, allOutSaleId + 100n), 'NoSuchMarketplace');
    const cancelled = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [allOutSaleId] });
    expect(parseEventLogs({ abi: marketplaceAbi, logs: cancelled.logs }).map((e) => [e.eventName, e.args])).toEqual([
      ['CancelledSale', { saleId: before + 1n }],
      ['CancelledSale', { saleId: before + 2n }],
      ['CancelledSale', { saleId: before + 3n }],
      ['CancelledAllOutSale', { allOutSaleId }],
    ]);
    expect(await view.getAllOutSale(allOutSaleId)).toMatchObject({ cancelled: true });
    for (const id of [before + 1n, before + 2n, before + 3n]) expect(await view.getSale(id)).toMatchObject({ cancelled: true, active: false });
    await expectRevert(cancelAll(seller, allOutSaleId), 'NoSuchMarketplace');
  });

  it('skips sold-out listings when cancelling', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 1 });
    await approve(chain, seller, collection, marketplace);
    const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, price, zeroAddress] });
    const [first, second] = saleIdsFromLogs(receipt.logs);
    await send(chain, other, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [first!, 1n, 1n, price, zeroAddress], value: price });
    const cancelled = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [allOutSaleIdFromLogs(receipt.logs)!] });
    expect(parseEventLogs({ abi: marketplaceAbi, logs: cancelled.logs }).map((e) => e.eventName)).toEqual(['CancelledSale', 'CancelledAllOutSale']);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: cancelled.logs, eventName: 'CancelledSale' })[0]!.args.saleId).toBe(second);
  });

  it('reverts without approval, without any token, with a zero price, another currency or a collection without tokenCount()', async () => {
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 1 });
    const createAll = (wallet: Wallet, c: Address, p: bigint, currency: Address = zeroAddress) =>
      wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [c, p, currency] });
    await expectRevert(createAll(seller, collection, price), 'NotApproved');
    await approve(chain, seller, collection, marketplace);
    await expectRevert(createAll(seller, collection, 0n), 'InvalidPrice');
    await expectRevert(createAll(seller, collection, price, chain.accounts[9]!), 'UnsupportedCurrency');
    await expectRevert(createAll(seller, chain.accounts[9]!, price), 'InvalidAddress');
    await approve(chain, other, collection, marketplace);
    await expectRevert(createAll(other, collection, price), 'InsufficientTokens');
    const hash = await seller.deployContract({ abi: plainERC1155Abi, bytecode: plainERC1155Bytecode, args: [1n, 1n] });
    const plain = (await chain.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
    await send(chain, seller, { address: plain, abi: plainERC1155Abi, functionName: 'setApprovalForAll', args: [marketplace, true] });
    await expectRevert(createAll(seller, plain, price), 'InvalidAddress');
  });
});

describe('owners and fees', () => {
  it('starts with the deployer as owner and the given fee, both announced by events', async () => {
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: (await chain.publicClient.getContractEvents({ address: marketplace, abi: marketplaceAbi, eventName: 'CreatedOwner', fromBlock: 0n }))[0]!.transactionHash });
    const events = parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs });
    expect(events.map((e) => [e.eventName, e.args])).toEqual([
      ['CreatedOwner', { owner: chain.accounts[0] }],
      ['FeesChanged', { recipient: chain.accounts[0], basisPoints: 250n }],
    ]);
    expect(await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'fees' })).toEqual([chain.accounts[0], 250n]);
    expect(await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'isOwner', args: [chain.accounts[0]!] })).toBe(true);
  });

  it('rejects a zero fee recipient or a fee above 100% at deployment', async () => {
    const deploy = (args: readonly unknown[]) => deployRevertName(chain, { abi: marketplaceAbi, bytecode: marketplaceBytecode, args });
    expect(await deploy([zeroAddress, 250n])).toBe('InvalidAddress');
    expect(await deploy([chain.accounts[0]!, 10_001n])).toBe('InvalidBasisPoints');
    expect(await deploy([chain.accounts[0]!, 10_000n])).toBeNull();
  });

  it('lets owners add and remove owners and set fees; others are Unauthorized', async () => {
    const fresh = await deployMarket(chain);
    const owner = chain.wallets[0]!;
    const call = (wallet: Wallet, functionName: 'addOwner' | 'removeOwner', account: Address) =>
      wallet.writeContract({ address: fresh.marketplace, abi: marketplaceAbi, functionName, args: [account] });
    const setFees = (wallet: Wallet, recipient: Address, bp: bigint) =>
      wallet.writeContract({ address: fresh.marketplace, abi: marketplaceAbi, functionName: 'setFees', args: [recipient, bp] });
    await expectRevert(call(other, 'addOwner', other.account.address), 'Unauthorized');
    await expectRevert(call(other, 'removeOwner', owner.account.address), 'Unauthorized');
    await expectRevert(setFees(other, other.account.address, 1n), 'Unauthorized');
    await expectRevert(call(owner, 'removeOwner', owner.account.address), 'LastOwner');
    await expectRevert(call(owner, 'addOwner', zeroAddress), 'InvalidAddress');
    await expectRevert(call(owner, 'addOwner', owner.account.address), 'InvalidAddress');
    await expectRevert(call(owner, 'removeOwner', other.account.address), 'InvalidAddress');

    const added = await send(chain, owner, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'addOwner', args: [other.account.address] });
    expect(parseEventLogs({ abi: marketplaceAbi, logs: added.logs }).map((e) => [e.eventName, e.args])).toEqual([['CreatedOwner', { owner: other.account.address }]]);
    expect(await chain.publicClient.readContract({ address: fresh.marketplace, abi: marketplaceAbi, functionName: 'ownerCount' })).toBe(2n);
    // The new owner manages fees and may remove the first owner.
    const fees = await send(chain, other, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'setFees', args: [chain.accounts[7]!, 100n] });
    expect(parseEventLogs({ abi: marketplaceAbi, logs: fees.logs })[0]!.args).toEqual({ recipient: chain.accounts[7], basisPoints: 100n });
    expect(await chain.publicClient.readContract({ address: fresh.marketplace, abi: marketplaceAbi, functionName: 'fees' })).toEqual([chain.accounts[7], 100n]);
    await expectRevert(setFees(other, zeroAddress, 100n), 'InvalidAddress');
    await expectRevert(setFees(other, fresh.marketplace, 100n), 'InvalidAddress');
    await expectRevert(setFees(other, other.account.address, 10_001n), 'InvalidBasisPoints');
    const removed = await send(chain, other, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'removeOwner', args: [owner.account.address] });
    expect(parseEventLogs({ abi: marketplaceAbi, logs: removed.logs })[0]!.args).toEqual({ owner: owner.account.address });
    await expectRevert(setFees(owner, owner.account.address, 1n), 'Unauthorized');
    await expectRevert(call(other, 'removeOwner', other.account.address), 'LastOwner');
  });
});
