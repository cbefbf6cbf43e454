import { encodeFunctionData, getAddress, zeroAddress, type Address } from 'viem';
import { beforeAll, expect, it } from 'vitest';
import { marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated';
import { testActorAbi, testActorBytecode } from '../../contracts/generated/test/TestActor';
import { allOutSaleIdFromLogs, saleIdsFromLogs } from '../../contracts/receipts';
import { approve, createCollection, createTestChain, deployMarket, ethBalance, market, revertName, send, type TestChain, type Wallet } from './helpers';

// A seeded random walk of marketplace operations by 5 accounts, checked against a model after every step.
const SEED = Number(process.env.INVARIANT_SEED ?? 20_251_121);
const STEPS = Number(process.env.INVARIANT_STEPS ?? 500);
const TOKENS = 3;
const SUPPLY = 6n;
const CENT = 10n ** 16n;
// The marketplace's price step (0.0001 ETH): every price in the walk is a multiple of it.
const STEP = 10n ** 14n;

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(SEED);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: T[]): T | undefined => (items.length === 0 ? undefined : items[int(0, items.length - 1)]);

interface SaleModel { id: bigint; seller: Address; collection: Address; tokenId: bigint; amount: bigint; price: bigint; allOut: bigint; cancelled: boolean }
interface OfferModel { saleId: bigint; buyer: Address; amount: bigint; price: bigint }

let chain: TestChain;
let marketplace: Address;
let traders: Wallet[];
let collections: Address[];
let feeActor: Address;
const holdings = new Map<string, bigint>(); // `${collection}:${tokenId}:${holder}` → units
const sales = new Map<bigint, SaleModel>();
const allOuts = new Map<bigint, { seller: Address; saleIds: bigint[]; cancelled: boolean }>();
const offers = new Map<string, OfferModel>();
const counts: Record<string, number> = {};

const key = (c: Address, id: bigint, holder: Address) => `${c}:${id}:${holder}`;
const held = (c: Address, id: bigint, holder: Address) => holdings.get(key(c, id, holder)) ?? 0n;
const wallet = (address: Address) => traders.find((w) => w.account.address === address)!;
const isActive = (s: SaleModel) => !s.cancelled && s.amount > 0n;

beforeAll(async () => {
  chain = await createTestChain();
  traders = chain.wallets.slice(1, 6);
  // The fee recipient rejects ETH, so fees accumulate in pendingWithdrawals and the invariant covers them.
  const hash = await chain.wallets[0]!.deployContract({ abi: testActorAbi, bytecode: testActorBytecode });
  feeActor = getAddress((await chain.publicClient.waitForTransactionReceipt({ hash })).contractAddress!);
  await send(chain, chain.wallets[0]!, { address: feeActor, abi: testActorAbi, functionName: 'setEthMode', args: [1] });
  const deployed = await deployMarket(chain, { feeRecipient: feeActor, feeBasisPoints: 250 });
  marketplace = deployed.marketplace;
  collections = [];
  for (const [i, trader] of traders.entries()) {
    const { collection } = await createCollection(chain, deployed.collectionFactory, trader, {
      tokens: TOKENS, supply: Number(SUPPLY), royaltiesBasispoints: i * 200,
      // One collection pays royalties to the reverting contract too.
      royaltiesRecipient: i === 4 ? feeActor : trader.account.address,
    });
    collections.push(collection);
    for (let id = 1n; id <= TOKENS; id++) holdings.set(key(collection, id, trader.account.address), SUPPLY);
    for (const t of traders) await approve(chain, t, collection, marketplace);
  }
});

type Tx = Parameters<typeof send>[2];
/** Runs a call the model says succeeds (expectedError undefined) or reverts with expectedError. */
async function run(from: Wallet, call: Tx, expectedError?: string) {
  if (expectedError === undefined) return send(chain, from, call);
  let error: unknown;
  try {
    await from.writeContract(call as never);
  } catch (e) {
    error = e;
  }
  expect(error, `expected ${expectedError}`).toBeDefined();
  expect(revertName(error)).toBe(expectedError);
  counts[`reverted ${expectedError}`] = (counts[`reverted ${expectedError}`] ?? 0) + 1;
  return null;
}

function transfer(s: SaleModel, buyer: Address, amount: bigint) {
  holdings.set(key(s.collection, s.tokenId, s.seller), held(s.collection, s.tokenId, s.seller) - amount);
  holdings.set(key(s.collection, s.tokenId, buyer), held(s.collection, s.tokenId, buyer) + amount);
  s.amount -= amount;
}

const ops: Record<string, () => Promise<boolean>> = {
  async createSale() {
    const trader = pick(traders)!;
    const owned = collections.flatMap((c) => [1n, 2n, 3n].map((id) => ({ c, id }))).filter(({ c, id }) => held(c, id, trader.account.address) > 0n);
    const choice = pick(owned);
    if (!choice) return false;
    const amount = BigInt(int(1, Number(held(choice.c, choice.id, trader.account.address))));
    const price = BigInt(int(1, 9)) * CENT;
    const receipt = await run(trader, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [choice.c, choice.id, amount, price, zeroAddress] });
    const [id] = saleIdsFromLogs(receipt!.logs);
    sales.set(id!, { id: id!, seller: trader.account.address, collection: choice.c, tokenId: choice.id, amount, price, allOut: 0n, cancelled: false });
    return true;
  },
  async createAllOutSale() {
    const trader = pick(traders)!;
    const c = pick(collections.filter((col) => [1n, 2n, 3n].some((id) => held(col, id, trader.account.address) > 0n)));
    if (!c) return false;
    const price = BigInt(int(1, 9)) * CENT;
    const receipt = await run(trader, { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [c, price, zeroAddress] });
    const allOutId = allOutSaleIdFromLogs(receipt!.logs)!;
    const ids = saleIdsFromLogs(receipt!.logs);
    const listed = [1n, 2n, 3n].filter((id) => held(c, id, trader.account.address) > 0n);
    expect(ids.length).toBe(listed.length);
    ids.forEach((id, i) => sales.set(id, { id, seller: trader.account.address, collection: c, tokenId: listed[i]!, amount: held(c, listed[i]!, trader.account.address), price, allOut: allOutId, cancelled: false }));
    allOuts.set(allOutId, { seller: trader.account.address, saleIds: ids, cancelled: false });
    return true;
  },
  async buy() {
    const s = pick([...sales.values()].filter(isActive));
    if (!s) return false;
    const buyer = pick(traders.filter((t) => t.account.address !== s.seller))!;
    const amount = BigInt(int(1, Math.min(2, Number(s.amount))));
    const price = s.price + (random() < 0.2 ? BigInt(int(1, 1000)) * STEP : 0n);
    // An account already holding units of the token cannot buy more (AlreadyOwner, checked before the seller's balance).
    const owns = held(s.collection, s.tokenId, buyer.account.address) > 0n;
    const ok = !owns && held(s.collection, s.tokenId, s.seller) >= amount;
    await run(buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [s.id, s.tokenId, amount, price, zeroAddress], value: price * amount }, owns ? 'AlreadyOwner' : ok ? undefined : 'InsufficientTokens');
    if (ok) transfer(s, buyer.account.address, amount);
    return true;
  },
  async offer() {
    const s = pick([...sales.values()].filter((x) => isActive(x) && x.price > CENT));
    if (!s) return false;
    const buyer = pick(traders.filter((t) => t.account.address !== s.seller))!;
    const amount = BigInt(int(1, Number(s.amount)));
    const price = s.price - BigInt(int(1, Number(s.price / CENT) - 1)) * CENT;
    const owns = held(s.collection, s.tokenId, buyer.account.address) > 0n;
    await run(buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [s.id, s.tokenId, amount, price, zeroAddress], value: price * amount }, owns ? 'AlreadyOwner' : undefined);
    if (owns) return true;
    offers.set(`${s.id}:${buyer.account.address}`, { saleId: s.id, buyer: buyer.account.address, amount, price });
    return true;
  },
  async accept() {
    const o = pick([...offers.values()].filter((x) => isActive(sales.get(x.saleId)!)));
    if (!o) return false;
    const s = sales.get(o.saleId)!;
    const ok = o.amount <= s.amount && held(s.collection, s.tokenId, s.seller) >= o.amount;
    await run(wallet(s.seller), { address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [s.id, o.buyer, s.tokenId, o.price, zeroAddress] }, ok ? undefined : 'InsufficientTokens');
    if (ok) {
      transfer(s, o.buyer, o.amount);
      offers.delete(`${s.id}:${o.buyer}`);
    }
    return true;
  },
  async retract() {
    const o = pick([...offers.values()]);
    if (!o) return false;
    await run(wallet(o.buyer), { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [o.saleId, sales.get(o.saleId)!.tokenId] });
    offers.delete(`${o.saleId}:${o.buyer}`);
    return true;
  },
  async cancel() {
    const s = pick([...sales.values()].filter((x) => isActive(x) && x.allOut === 0n));
    if (!s) return false;
    await run(wallet(s.seller), { address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [s.id] });
    s.cancelled = true;
    return true;
  },
  async cancelAllOutSale() {
    const entry = pick([...allOuts.entries()].filter(([, a]) => !a.cancelled));
    if (!entry) return false;
    const [id, a] = entry;
    await run(wallet(a.seller), { address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [id] });
    a.cancelled = true;
    for (const saleId of a.saleIds) if (isActive(sales.get(saleId)!)) sales.get(saleId)!.cancelled = true;
    return true;
  },
  async invalid() {
    const s = pick([...sales.values()]);
    if (!s) return false;
    const stranger = pick(traders.filter((t) => t.account.address !== s.seller))!;
    switch (int(0, 3)) {
      case 0:
        await run(stranger, { address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [s.id] }, 'Unauthorized');
        break;
      case 1:
        if (offers.has(`${s.id}:${stranger.account.address}`)) return false;
        await run(stranger, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [s.id, s.tokenId] }, 'NoSuchOffer');
        break;
      case 2:
        if (!isActive(s)) return false;
        await run(stranger, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [s.id, s.tokenId, 1n, s.price, zeroAddress], value: s.price - 1n }, held(s.collection, s.tokenId, stranger.account.address) > 0n ? 'AlreadyOwner' : 'InsufficientFunds');
        break;
      default:
        if (s.allOut === 0n) return false;
        await run(wallet(s.seller), { address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [s.id] }, 'BelongsToAllOutSale');
    }
    return true;
  },
};
const weighted: [string, number][] = [['createSale', 12], ['createAllOutSale', 4], ['buy', 20], ['offer', 20], ['accept', 12], ['retract', 10], ['cancel', 6], ['cancelAllOutSale', 3], ['invalid', 8]];
const totalWeight = weighted.reduce((sum, [, w]) => sum + w, 0);
function nextOp(): string {
  let r = random() * totalWeight;
  for (const [name, w] of weighted) if ((r -= w) < 0) return name;
  return 'createSale';
}

async function checkInvariants(step: number) {
  const view = market(chain, marketplace);
  const [balance, escrow, pending] = await Promise.all([ethBalance(chain, marketplace), view.totalEscrow(), view.totalPending()]);
  const modelEscrow = [...offers.values()].reduce((sum, o) => sum + o.amount * o.price, 0n);
  expect(escrow, `escrow at step ${step}`).toBe(modelEscrow);
  expect(balance, `balance at step ${step}`).toBe(escrow + pending);
  expect(await view.pending(feeActor)).toBe(pending);
  const holders = traders.map((t) => t.account.address);
  for (const c of collections) {
    const owners = [1n, 2n, 3n].flatMap(() => holders);
    const ids = [1n, 2n, 3n].flatMap((id) => holders.map(() => id));
    const onChain = await chain.publicClient.readContract({ address: c, abi: tradableCollectionAbi, functionName: 'balanceOfBatch', args: [owners, ids] });
    for (let id = 1n; id <= TOKENS; id++) {
      const slice = onChain.slice(Number(id - 1n) * holders.length, Number(id) * holders.length);
      expect(slice.reduce((a, b) => a + b, 0n), `supply of ${c}#${id} at step ${step}`).toBe(SUPPLY);
      expect(slice, `holders of ${c}#${id} at step ${step}`).toEqual(holders.map((h) => held(c, id, h)));
    }
  }
}

it(`keeps balance = escrow + withdrawable and conserves supply over ${STEPS} random operations (seed ${SEED})`, async () => {
  let step = 0;
  while (step < STEPS) {
    const name = nextOp();
    if (!(await ops[name]!())) continue;
    counts[name] = (counts[name] ?? 0) + 1;
    step++;
    await checkInvariants(step);
  }
  for (const [name] of weighted) expect(counts[name], `operation ${name} ran`).toBeGreaterThan(3);

  // Everything left is refundable: retract all offers, let the fee actor withdraw, and nothing remains.
  // The model's sales match the chain's.
  for (const m of sales.values()) {
    expect(await market(chain, marketplace).getSale(m.id)).toMatchObject({ seller: m.seller, tokenId: m.tokenId, amount: m.amount, price: m.price, allOutSaleId: m.allOut, cancelled: m.cancelled });
  }
  while (offers.size > 0) await ops.retract!();
  await send(chain, chain.wallets[0]!, { address: feeActor, abi: testActorAbi, functionName: 'setEthMode', args: [0] });
  const pending = await market(chain, marketplace).pending(feeActor);
  expect(pending).toBeGreaterThan(0n);
  const withdraw = encodeFunctionData({ abi: marketplaceAbi, functionName: 'withdraw' });
  await send(chain, chain.wallets[0]!, { address: feeActor, abi: testActorAbi, functionName: 'execute', args: [marketplace, withdraw] });
  expect(await ethBalance(chain, marketplace)).toBe(0n);
  expect(await ethBalance(chain, feeActor)).toBe(pending);
  console.log(`invariant walk seed ${SEED}: ${JSON.stringify(counts)}`);
});
