import { parseEventLogs, zeroAddress } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionFactoryAbi, tradableCollectionAbi, tradableCollectionBytecode } from '../../contracts/generated';
import { createCollection, createTestChain, deployMarket, deployRevertName, expectRevert, registerCreator, send, type TestChain } from './helpers';

let chain: TestChain;
let factory: `0x${string}`;

beforeAll(async () => {
  chain = await createTestChain();
  factory = (await deployMarket(chain)).collectionFactory;
});

describe('CollectionFactory.CreateTradableCollection', () => {
  it('deploys a collection for a registered creator and mints every token to the caller', async () => {
    const creator = chain.wallets[1]!;
    // createCollection registers the creator first (addCreator from the owner); the deployment emits CreatedCollection only.
    const { collection, receipt } = await createCollection(chain, factory, creator, {
      name: 'Dawn', symbol: 'DWN', tokens: 4, supply: 7, baseURI: 'ipfs://dawn/', royaltiesBasispoints: 750,
    });
    const events = parseEventLogs({ abi: collectionFactoryAbi, logs: receipt.logs });
    expect(events.map((e) => e.eventName)).toEqual(['CreatedCollection']);
    expect(events[0]!.args).toEqual({ collection, creator: creator.account.address, name: 'Dawn', symbol: 'DWN', tokenCount: 4n });

    const transfers = parseEventLogs({ abi: tradableCollectionAbi, logs: receipt.logs, eventName: 'TransferBatch' });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.args).toMatchObject({ operator: factory, from: zeroAddress, to: creator.account.address, ids: [1n, 2n, 3n, 4n], values: [7n, 7n, 7n, 7n] });

    const read = <F extends 'name' | 'symbol' | 'tokenCount' | 'supplyPerToken' | 'creator' | 'baseURI'>(functionName: F) =>
      chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName });
    expect(await read('name')).toBe('Dawn');
    expect(await read('symbol')).toBe('DWN');
    expect(await read('tokenCount')).toBe(4n);
    expect(await read('supplyPerToken')).toBe(7n);
    expect(await read('creator')).toBe(creator.account.address);
    expect(await read('baseURI')).toBe('ipfs://dawn/');
    const balances = await chain.publicClient.readContract({
      address: collection, abi: tradableCollectionAbi, functionName: 'balanceOfBatch',
      args: [Array(6).fill(creator.account.address), [0n, 1n, 2n, 3n, 4n, 5n]],
    });
    expect(balances).toEqual([0n, 7n, 7n, 7n, 7n, 0n]);
    expect(await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'uri', args: [3n] }))
      .toBe('ipfs://dawn/3.json');

    const second = await createCollection(chain, factory, creator, { name: 'Dusk' });
    expect(parseEventLogs({ abi: collectionFactoryAbi, logs: second.receipt.logs }).map((e) => e.eventName)).toEqual(['CreatedCollection']);
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collectionsOf', args: [creator.account.address] }))
      .toEqual([collection, second.collection]);
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'isCreator', args: [creator.account.address] })).toBe(true);
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'isCreator', args: [chain.accounts[9]!] })).toBe(false);
    const count = await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collectionCount' });
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collections', args: [count - 1n] })).toBe(second.collection);
  });

  it('reports ERC-2981 royalties and the ERC-1155 / ERC-2981 interfaces', async () => {
    const { collection } = await createCollection(chain, factory, chain.wallets[2]!, { royaltiesRecipient: chain.accounts[5]!, royaltiesBasispoints: 1000 });
    const [receiver, amount] = await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltyInfo', args: [1n, 12_345n] });
    expect(receiver).toBe(chain.accounts[5]);
    expect(amount).toBe(1_234n);
    for (const id of ['0xd9b67a26', '0x2a55205a', '0x01ffc9a7'] as const) {
      expect(await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'supportsInterface', args: [id] })).toBe(true);
    }
  });

  it('rejects empty supplies, zero addresses and royalties above 100%', async () => {
    const creator = chain.wallets[1]!;
    await registerCreator(chain, factory, creator.account.address);
    const call = (tokens: bigint, supply: bigint, recipient: `0x${string}`, bp: bigint) =>
      creator.writeContract({ address: factory, abi: collectionFactoryAbi, functionName: 'CreateTradableCollection', args: ['X', 'X', tokens, supply, '', recipient, bp] });
    await expectRevert(call(0n, 1n, creator.account.address, 0n), 'InvalidSupply');
    await expectRevert(call(1n, 0n, creator.account.address, 0n), 'InvalidSupply');
    await expectRevert(call(1n, 1n, zeroAddress, 0n), 'InvalidAddress');
    await expectRevert(call(1n, 1n, creator.account.address, 10_001n), 'ERC2981InvalidDefaultRoyalty');
  });
});

describe('TradableCollection royalties', () => {
  it('lets only the creator reduce royalties, never raise them', async () => {
    const creator = chain.wallets[3]!;
    const { collection } = await createCollection(chain, factory, creator, { royaltiesBasispoints: 800 });
    const reduce = (wallet: typeof creator, bp: bigint) =>
      wallet.writeContract({ address: collection, abi: tradableCollectionAbi, functionName: 'reduceRoyalties', args: [bp] });
    await expectRevert(reduce(chain.wallets[4]!, 100n), 'Unauthorized');
    await expectRevert(reduce(creator, 801n), 'RoyaltiesCannotIncrease');

    const receipt = await send(chain, creator, { address: collection, abi: tradableCollectionAbi, functionName: 'reduceRoyalties', args: [300n] });
    const [event] = parseEventLogs({ abi: tradableCollectionAbi, logs: receipt.logs, eventName: 'RoyaltiesChanged' });
    expect(event!.args).toEqual({ recipient: creator.account.address, basispoints: 300n });
    expect(await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltiesBasispoints' })).toBe(300n);
    const [, amount] = await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltyInfo', args: [2n, 10_000n] });
    expect(amount).toBe(300n);
    await expectRevert(reduce(creator, 301n), 'RoyaltiesCannotIncrease');
    await send(chain, creator, { address: collection, abi: tradableCollectionAbi, functionName: 'reduceRoyalties', args: [0n] });
    const [, none] = await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltyInfo', args: [2n, 10_000n] });
    expect(none).toBe(0n);
  });

  it('lets only the creator transfer the royalties recipient, to a non-zero address', async () => {
    const creator = chain.wallets[3]!;
    const { collection } = await createCollection(chain, factory, creator, { royaltiesBasispoints: 500 });
    const transfer = (wallet: typeof creator, to: `0x${string}`) =>
      wallet.writeContract({ address: collection, abi: tradableCollectionAbi, functionName: 'transferRoyaltiesRecipient', args: [to] });
    await expectRevert(transfer(chain.wallets[4]!, chain.accounts[4]!), 'Unauthorized');
    await expectRevert(transfer(creator, zeroAddress), 'InvalidAddress');
    const receipt = await send(chain, creator, { address: collection, abi: tradableCollectionAbi, functionName: 'transferRoyaltiesRecipient', args: [chain.accounts[6]!] });
    expect(parseEventLogs({ abi: tradableCollectionAbi, logs: receipt.logs, eventName: 'RoyaltiesChanged' })[0]!.args)
      .toEqual({ recipient: chain.accounts[6], basispoints: 500n });
    expect(await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltiesRecipient' })).toBe(chain.accounts[6]);
    const [receiver, amount] = await chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltyInfo', args: [1n, 1000n] });
    expect([receiver, amount]).toEqual([chain.accounts[6], 50n]);
    // The new recipient does not become the creator.
    await expectRevert(transfer(chain.wallets[6]!, chain.accounts[7]!), 'Unauthorized');
  });

  it('can be deployed directly with an explicit creator', async () => {
    const hash = await chain.wallets[0]!.deployContract({
      abi: tradableCollectionAbi, bytecode: tradableCollectionBytecode,
      args: ['Direct', 'DIR', 2n, 3n, 'https://x/', chain.accounts[8]!, 100n, chain.accounts[7]!],
    });
    const { contractAddress } = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(await chain.publicClient.readContract({ address: contractAddress!, abi: tradableCollectionAbi, functionName: 'creator' })).toBe(chain.accounts[7]);
    expect(await chain.publicClient.readContract({ address: contractAddress!, abi: tradableCollectionAbi, functionName: 'balanceOf', args: [chain.accounts[7]!, 2n] })).toBe(3n);
    expect(await deployRevertName(chain, { abi: tradableCollectionAbi, bytecode: tradableCollectionBytecode, args: ['D', 'D', 1n, 1n, '', chain.accounts[8]!, 100n, zeroAddress] }))
      .toBe('InvalidAddress');
  });
});
