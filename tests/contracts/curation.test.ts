import { parseEventLogs, zeroAddress, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionFactoryAbi } from '../../contracts/generated';
import { collectionFromLogs } from '../../contracts/receipts';
import { createTestChain, deployMarket, expectRevert, send, type TestChain, type Wallet } from './helpers';

// The factory is curated: its owner (the deployer, account #0, also the marketplace's first owner) registers
// creators; nobody else may publish through it.

let chain: TestChain;
let factory: Address;
let owner: Wallet;

beforeAll(async () => {
  chain = await createTestChain();
  factory = (await deployMarket(chain)).collectionFactory;
  owner = chain.wallets[0]!;
});

const isCreator = (address: Address) =>
  chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'isCreator', args: [address] });

const publish = (wallet: Wallet, name = 'Curated') =>
  wallet.writeContract({
    address: factory, abi: collectionFactoryAbi, functionName: 'CreateTradableCollection',
    args: [name, 'CUR', 2n, 1n, `ipfs://${name}/`, wallet.account.address, 500n],
  });

const manage = (wallet: Wallet, functionName: 'addCreator' | 'removeCreator', creator: Address) =>
  wallet.writeContract({ address: factory, abi: collectionFactoryAbi, functionName, args: [creator] });

const factoryEvents = (receipt: { logs: Parameters<typeof parseEventLogs>[0]['logs'] }) =>
  parseEventLogs({ abi: collectionFactoryAbi, logs: receipt.logs }).map((e) => ({ eventName: e.eventName, args: e.args }));

describe('CollectionFactory curation', () => {
  it('is owned by the deployer', async () => {
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'owner' })).toBe(owner.account.address);
  });

  it('refuses an address the owner never registered: NotACreator(caller), nothing deployed', async () => {
    const stranger = chain.wallets[21]!;
    const before = await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collectionCount' });
    await expectRevert(publish(stranger), 'NotACreator');
    try {
      await chain.publicClient.simulateContract({
        account: stranger.account, address: factory, abi: collectionFactoryAbi, functionName: 'CreateTradableCollection',
        args: ['Curated', 'CUR', 2n, 1n, 'ipfs://x/', stranger.account.address, 500n],
      });
      expect.unreachable('the simulation should revert');
    } catch (error) {
      expect(String(error)).toContain(`NotACreator(address account)`);
      expect(String(error)).toContain(stranger.account.address);
    }
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collectionCount' })).toBe(before);
    expect(await isCreator(stranger.account.address)).toBe(false);
  });

  it('lets a registered creator publish: addCreator emits CreatedCreator, the deployment CreatedCollection only', async () => {
    const artist = chain.wallets[22]!;
    const added = await send(chain, owner, { address: factory, abi: collectionFactoryAbi, functionName: 'addCreator', args: [artist.account.address] });
    expect(factoryEvents(added)).toEqual([{ eventName: 'CreatedCreator', args: { creator: artist.account.address } }]);
    expect(await isCreator(artist.account.address)).toBe(true);

    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: await publish(artist, 'First') });
    expect(receipt.status).toBe('success');
    const collection = collectionFromLogs(receipt.logs)!;
    expect(factoryEvents(receipt)).toEqual([
      { eventName: 'CreatedCollection', args: { collection, creator: artist.account.address, name: 'First', symbol: 'CUR', tokenCount: 2n } },
    ]);
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collectionsOf', args: [artist.account.address] }))
      .toEqual([collection]);
  });

  it('revokes with removeCreator: RemovedCreator, then NotACreator; the creator\'s collections stay', async () => {
    const artist = chain.wallets[23]!;
    await send(chain, owner, { address: factory, abi: collectionFactoryAbi, functionName: 'addCreator', args: [artist.account.address] });
    const published = await chain.publicClient.waitForTransactionReceipt({ hash: await publish(artist, 'Kept') });
    const collection = collectionFromLogs(published.logs)!;

    const removed = await send(chain, owner, { address: factory, abi: collectionFactoryAbi, functionName: 'removeCreator', args: [artist.account.address] });
    expect(factoryEvents(removed)).toEqual([{ eventName: 'RemovedCreator', args: { creator: artist.account.address } }]);
    expect(await isCreator(artist.account.address)).toBe(false);
    await expectRevert(publish(artist, 'Refused'), 'NotACreator');
    expect(await chain.publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'collectionsOf', args: [artist.account.address] }))
      .toEqual([collection]);

    // Registered again, it may publish again.
    await send(chain, owner, { address: factory, abi: collectionFactoryAbi, functionName: 'addCreator', args: [artist.account.address] });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: await publish(artist, 'Back') })).status).toBe('success');
  });

  it('lets only the owner add or remove creators (OwnableUnauthorizedAccount)', async () => {
    const creator = chain.wallets[24]!;
    const outsider = chain.wallets[25]!;
    await expectRevert(manage(outsider, 'addCreator', outsider.account.address), 'OwnableUnauthorizedAccount');
    await expectRevert(manage(creator, 'addCreator', creator.account.address), 'OwnableUnauthorizedAccount');
    expect(await isCreator(creator.account.address)).toBe(false);

    await send(chain, owner, { address: factory, abi: collectionFactoryAbi, functionName: 'addCreator', args: [creator.account.address] });
    // A creator is not an owner: it can neither register others nor remove anyone.
    await expectRevert(manage(creator, 'addCreator', outsider.account.address), 'OwnableUnauthorizedAccount');
    await expectRevert(manage(creator, 'removeCreator', creator.account.address), 'OwnableUnauthorizedAccount');
    await expectRevert(manage(outsider, 'removeCreator', creator.account.address), 'OwnableUnauthorizedAccount');
    expect(await isCreator(creator.account.address)).toBe(true);
  });

  it('refuses the zero address, registering twice and removing a non-creator', async () => {
    const creator = chain.wallets[26]!;
    await expectRevert(manage(owner, 'addCreator', zeroAddress), 'InvalidAddress');
    await expectRevert(manage(owner, 'removeCreator', creator.account.address), 'NotACreator');
    await send(chain, owner, { address: factory, abi: collectionFactoryAbi, functionName: 'addCreator', args: [creator.account.address] });
    await expectRevert(manage(owner, 'addCreator', creator.account.address), 'AlreadyACreator');
  });

  it('hands the owner role on with transferOwnership: the new owner registers, the old one no longer can', async () => {
    const fresh = (await deployMarket(chain)).collectionFactory;
    const next = chain.wallets[27]!;
    const artist = chain.accounts[28]!;
    const transferred = await send(chain, owner, { address: fresh, abi: collectionFactoryAbi, functionName: 'transferOwnership', args: [next.account.address] });
    expect(factoryEvents(transferred)).toEqual([
      { eventName: 'OwnershipTransferred', args: { previousOwner: owner.account.address, newOwner: next.account.address } },
    ]);
    await expectRevert(owner.writeContract({ address: fresh, abi: collectionFactoryAbi, functionName: 'addCreator', args: [artist] }), 'OwnableUnauthorizedAccount');
    await send(chain, next, { address: fresh, abi: collectionFactoryAbi, functionName: 'addCreator', args: [artist] });
    expect(await chain.publicClient.readContract({ address: fresh, abi: collectionFactoryAbi, functionName: 'isCreator', args: [artist] })).toBe(true);
  });
});
