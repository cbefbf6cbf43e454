import { encodeFunctionData, getAddress, parseEventLogs, zeroAddress, type Abi, type Address, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionFactoryAbi, marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated';
import { testActorAbi, testActorBytecode } from '../../contracts/generated/test/TestActor';
import { collectionFromLogs, saleIdsFromLogs } from '../../contracts/receipts';
import { approve, balanceOf, createCollection, createTestChain, deployMarket, ETH, ethBalance, expectRevert, market, registerCreator, send, type TestChain, type Wallet } from './helpers';

let chain: TestChain;
let marketplace: Address;
let factory: Address;
let operator: Wallet;
let buyer: Wallet;
const price = ETH / 10n;
const EthMode = { Accept: 0, Revert: 1, BurnGas: 2, Reenter: 3 } as const;

beforeAll(async () => {
  chain = await createTestChain();
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain, { feeRecipient: chain.accounts[8]!, feeBasisPoints: 250 }));
  operator = chain.wallets[6]!;
  buyer = chain.wallets[3]!;
});

async function deployActor(): Promise<Address> {
  const hash = await operator.deployContract({ abi: testActorAbi, bytecode: testActorBytecode });
  return getAddress((await chain.publicClient.waitForTransactionReceipt({ hash })).contractAddress!);
}

/** Has the actor contract call `target` (bubbling up reverts). */
function actorCall<const abi extends Abi>(actor: Address, target: Address, abi: abi, functionName: string, args: readonly unknown[], value = 0n) {
  const data = encodeFunctionData({ abi: abi as Abi, functionName, args } as never) as Hex;
  return send(chain, operator, { address: actor, abi: testActorAbi, functionName: 'execute', args: [target, data], value });
}

function actorCallRaw(actor: Address, target: Address, data: Hex, value = 0n) {
  return operator.writeContract({ address: actor, abi: testActorAbi, functionName: 'execute', args: [target, data], value });
}

const setMode = (actor: Address, mode: number) => send(chain, operator, { address: actor, abi: testActorAbi, functionName: 'setEthMode', args: [mode] });

/** The actor (registered as a creator by the factory owner) creates a collection (royalties to itself), approves the marketplace and lists token 1. */
async function actorListing(actor: Address, amount = 3n) {
  await registerCreator(chain, factory, actor);
  const created = await actorCall(actor, factory, collectionFactoryAbi, 'CreateTradableCollection', ['Actor', 'ACT', 1n, amount, '', actor, 500n]);
  const collection = collectionFromLogs(created.logs)!;
  await actorCall(actor, collection, tradableCollectionAbi, 'setApprovalForAll', [marketplace, true]);
  const listed = await actorCall(actor, marketplace, marketplaceAbi, 'createSale', [collection, 1n, amount, price, zeroAddress]);
  return { collection, saleId: saleIdsFromLogs(listed.logs)[0]! };
}

async function marketplaceSolvent() {
  const view = market(chain, marketplace);
  expect(await ethBalance(chain, marketplace)).toBe((await view.totalEscrow()) + (await view.totalPending()));
}

describe('a seller whose receive() reverts', () => {
  it('cannot block a purchase: its proceeds and royalty are credited and withdrawable later', async () => {
    const actor = await deployActor();
    const { collection, saleId } = await actorListing(actor);
    await setMode(actor, EthMode.Revert);
    const feeBefore = await ethBalance(chain, chain.accounts[8]!);
    const receipt = await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 2n, price, zeroAddress], value: 2n * price });
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(2n);
    const total = 2n * price;
    const fee = (total * 250n) / 10_000n;
    const royalty = (total * 500n) / 10_000n;
    expect(await ethBalance(chain, chain.accounts[8]!)).toBe(feeBefore + fee);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: receipt.logs, eventName: 'WithdrawalCredited' }).map((e) => e.args)).toEqual([
      { account: actor, amount: royalty },
      { account: actor, amount: total - fee - royalty },
    ]);
    const view = market(chain, marketplace);
    expect(await view.pending(actor)).toBe(total - fee);
    expect(await ethBalance(chain, marketplace)).toBe(total - fee);
    await marketplaceSolvent();

    const withdraw = encodeFunctionData({ abi: marketplaceAbi, functionName: 'withdraw' });
    await expectRevert(actorCallRaw(actor, marketplace, withdraw), 'FailedCall');
    expect(await view.pending(actor)).toBe(total - fee);
    await setMode(actor, EthMode.Accept);
    const withdrawn = await actorCall(actor, marketplace, marketplaceAbi, 'withdraw', []);
    expect(parseEventLogs({ abi: marketplaceAbi, logs: withdrawn.logs, eventName: 'Withdrawn' })[0]!.args).toEqual({ account: actor, amount: total - fee });
    expect(await ethBalance(chain, actor)).toBe(total - fee);
    expect(await view.pending(actor)).toBe(0n);
    expect(await ethBalance(chain, marketplace)).toBe(0n);
    await expectRevert(actorCallRaw(actor, marketplace, withdraw), 'InsufficientFunds');
    await expectRevert(buyer.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'withdraw' }), 'InsufficientFunds');
  });

  it('cannot block it by burning all gas either (payouts carry a gas stipend)', async () => {
    const actor = await deployActor();
    const { saleId } = await actorListing(actor);
    await setMode(actor, EthMode.BurnGas);
    const receipt = await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 1n, price, zeroAddress], value: price });
    expect(receipt.gasUsed).toBeLessThan(400_000n);
    expect(await market(chain, marketplace).pending(actor)).toBe(price - (price * 250n) / 10_000n);
    await marketplaceSolvent();
  });

  it('a reverting fee recipient does not block sales either', async () => {
    const fresh = await deployMarket(chain);
    const actor = await deployActor();
    await setMode(actor, EthMode.Revert);
    await send(chain, chain.wallets[0]!, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'setFees', args: [actor, 1_000n] });
    const seller = chain.wallets[1]!;
    const { collection } = await createCollection(chain, factory, seller, { tokens: 1, supply: 1, royaltiesBasispoints: 0 });
    await approve(chain, seller, collection, fresh.marketplace);
    const [saleId] = saleIdsFromLogs((await send(chain, seller, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 1n, price, zeroAddress] })).logs);
    const before = await ethBalance(chain, seller.account.address);
    await send(chain, buyer, { address: fresh.marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId!, 1n, 1n, price, zeroAddress], value: price });
    expect(await ethBalance(chain, seller.account.address)).toBe(before + price - price / 10n);
    expect(await market(chain, fresh.marketplace).pending(actor)).toBe(price / 10n);
  });
});

describe('reentrancy', () => {
  it('a buyer re-entering retractOffer from its refund gets refunded exactly once', async () => {
    const seller = chain.wallets[1]!;
    const { collection } = await createCollection(chain, factory, seller, { tokens: 1, supply: 2 });
    await approve(chain, seller, collection, marketplace);
    const [saleId] = saleIdsFromLogs((await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 2n, price, zeroAddress] })).logs);
    const actor = await deployActor();
    const low = price / 2n;
    await actorCall(actor, marketplace, marketplaceAbi, 'makeOffer', [saleId!, 1n, 2n, low, zeroAddress], 2n * low);
    const retract = encodeFunctionData({ abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId!, 1n] });
    await send(chain, operator, { address: actor, abi: testActorAbi, functionName: 'setReentry', args: [marketplace, retract, false] });
    await setMode(actor, EthMode.Reenter);
    await actorCall(actor, marketplace, marketplaceAbi, 'retractOffer', [saleId!, 1n]);
    const read = (functionName: 'reentryAttempts' | 'reentrySuccesses') => chain.publicClient.readContract({ address: actor, abi: testActorAbi, functionName });
    expect(await read('reentryAttempts')).toBe(1n);
    expect(await read('reentrySuccesses')).toBe(0n);
    expect(await ethBalance(chain, actor)).toBe(2n * low);
    expect(await ethBalance(chain, marketplace)).toBe(await market(chain, marketplace).totalPending());
    await marketplaceSolvent();
  });

  it('a buyer re-entering from onERC1155Received makes the whole purchase revert (ReentrancyGuard)', async () => {
    const seller = chain.wallets[1]!;
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 2 });
    await approve(chain, seller, collection, marketplace);
    const ids = saleIdsFromLogs((await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, price, zeroAddress] })).logs);
    const actor = await deployActor();
    // An open offer the attacker tries to pull back while the purchase is in flight.
    await actorCall(actor, marketplace, marketplaceAbi, 'makeOffer', [ids[1]!, 2n, 1n, price / 2n, zeroAddress], price / 2n);
    const retract = encodeFunctionData({ abi: marketplaceAbi, functionName: 'retractOffer', args: [ids[1]!, 2n] });
    await send(chain, operator, { address: actor, abi: testActorAbi, functionName: 'setReentry', args: [marketplace, retract, true] });
    const buy = encodeFunctionData({ abi: marketplaceAbi, functionName: 'makeOffer', args: [ids[0]!, 1n, 1n, price, zeroAddress] });
    await expectRevert(actorCallRaw(actor, marketplace, buy, price), 'ReentrancyGuardReentrantCall');
    expect(await balanceOf(chain, collection, actor, 1n)).toBe(0n);
    expect(await market(chain, marketplace).getOffer(ids[1]!, actor)).toMatchObject({ amount: 1n, price: price / 2n });
    // Without the re-entry the same purchase goes through.
    await send(chain, operator, { address: actor, abi: testActorAbi, functionName: 'setReentry', args: [marketplace, retract, false] });
    await actorCall(actor, marketplace, marketplaceAbi, 'makeOffer', [ids[0]!, 1n, 1n, price, zeroAddress], price);
    expect(await balanceOf(chain, collection, actor, 1n)).toBe(1n);
    await marketplaceSolvent();
  });
});
