import { parseEventLogs, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployDemoCurrency } from '../../contracts/currency';
import { demoWETHAbi, marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated';
import type { ContractCall } from '../../machines/trading/chainActions';
import { contractRequest } from '../../src/services/chain/contractCalls';
import { balanceOf, createCollection, createTestChain, deployMarket, ETH, ethBalance, send, type TestChain } from '../contracts/helpers';

// The services' contract requests against the real compiled contracts on an in-process chain: every action the
// contractAction machine can send, with the arguments and value the wallet would be asked to sign.
let chain: TestChain;
let marketplace: Address;
let factory: Address;

const run = (wallet: TestChain['wallets'][number], call: ContractCall) => send(chain, wallet, contractRequest(call, marketplace) as never);

beforeAll(async () => {
  chain = await createTestChain();
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain));
}, 120_000);

describe('contract requests of the chain actions (real contracts)', () => {
  it('approves, lists, buys at the listed price, offers, retracts (refund minus gas) and cancels', async () => {
    const [seller, buyer] = [chain.wallets[1]!, chain.wallets[2]!];
    const { collection } = await createCollection(chain, factory, seller, { tokens: 3, supply: 1 });
    const read = () => chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'isApprovedForAll', args: [seller.account.address, marketplace] });
    expect(await read()).toBe(false);
    await run(seller, { type: 'setApprovalForAll', chainId: 31337, collection });
    expect(await read()).toBe(true);

    const price = (ETH / 100n).toString();
    const saleIdOf = async (call: ContractCall) => {
      const receipt = await run(seller, call);
      const [created] = parseEventLogs({ abi: marketplaceAbi, eventName: 'CreatedSale', logs: receipt.logs });
      return created!.args.saleId.toString();
    };
    const first = await saleIdOf({ type: 'createSale', chainId: 31337, collection, tokenId: '1', amount: '1', priceWei: price, currency: 'ETH' });
    await run(buyer, { type: 'makeOffer', chainId: 31337, saleId: first, tokenId: '1', amount: '1', priceWei: price, currency: 'ETH', purchase: true });
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(1n);

    const second = await saleIdOf({ type: 'createSale', chainId: 31337, collection, tokenId: '2', amount: '1', priceWei: price, currency: 'ETH' });
    const before = await ethBalance(chain, buyer.account.address);
    const offered = await run(buyer, { type: 'makeOffer', chainId: 31337, saleId: second, tokenId: '2', amount: '1', priceWei: (ETH / 1000n).toString(), currency: 'ETH' });
    const retracted = await run(buyer, { type: 'retractOffer', chainId: 31337, saleId: second, tokenId: '2' });
    expect(await ethBalance(chain, buyer.account.address)).toBe(before - offered.cost - retracted.cost);

    await run(buyer, { type: 'makeOffer', chainId: 31337, saleId: second, tokenId: '2', amount: '1', priceWei: (ETH / 1000n).toString(), currency: 'ETH' });
    await run(seller, { type: 'acceptOffer', chainId: 31337, saleId: second, buyer: buyer.account.address, tokenId: '2', priceWei: (ETH / 1000n).toString(), currency: 'ETH' });
    expect(await balanceOf(chain, collection, buyer.account.address, 2n)).toBe(1n);

    const third = await saleIdOf({ type: 'createSale', chainId: 31337, collection, tokenId: '3', amount: '1', priceWei: price, currency: 'ETH' });
    const cancelled = await run(seller, { type: 'cancelSale', chainId: 31337, saleId: third });
    expect(parseEventLogs({ abi: marketplaceAbi, eventName: 'CancelledSale', logs: cancelled.logs })).toHaveLength(1);
  }, 120_000);

  it('lists a whole collection and cancels it at the collection', async () => {
    const seller = chain.wallets[3]!;
    const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 1 });
    await run(seller, { type: 'setApprovalForAll', chainId: 31337, collection });
    const created = await run(seller, { type: 'createAllOutSale', chainId: 31337, collection, priceWei: (ETH / 50n).toString(), currency: 'ETH' });
    const [allOut] = parseEventLogs({ abi: marketplaceAbi, eventName: 'CreatedAllOutSale', logs: created.logs });
    const cancelled = await run(seller, { type: 'cancelAllOutSale', chainId: 31337, allOutSaleId: allOut!.args.allOutSaleId.toString() });
    expect(parseEventLogs({ abi: marketplaceAbi, eventName: 'CancelledSale', logs: cancelled.logs })).toHaveLength(2);
  }, 120_000);

  it('a WETH offer: approves the allowance, offers with the token (escrowed), the seller accepts and is paid in WETH', async () => {
    const [seller, buyer] = [chain.wallets[4]!, chain.wallets[5]!];
    const { address: weth } = await deployDemoCurrency({ walletClient: chain.wallets[0]!, publicClient: chain.publicClient, marketplace, fund: [buyer.account.address] });
    const wethOf = (account: Address) => chain.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'balanceOf', args: [account] });
    const { collection } = await createCollection(chain, factory, seller, { tokens: 1, supply: 1 });
    await run(seller, { type: 'setApprovalForAll', chainId: 31337, collection });
    const created = await run(seller, { type: 'createSale', chainId: 31337, collection, tokenId: '1', amount: '1', priceWei: (ETH / 10n).toString(), currency: 'ETH' });
    const saleId = parseEventLogs({ abi: marketplaceAbi, eventName: 'CreatedSale', logs: created.logs })[0]!.args.saleId.toString();
    const priceWei = (ETH / 20n).toString();
    await run(buyer, { type: 'approveToken', chainId: 31337, token: weth, amount: priceWei });
    const allowance = await chain.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'allowance', args: [buyer.account.address, marketplace] });
    expect(allowance).toBe(ETH / 20n);
    const offered = await run(buyer, { type: 'makeOffer', chainId: 31337, saleId, tokenId: '1', amount: '1', priceWei, currency: weth });
    const [made] = parseEventLogs({ abi: marketplaceAbi, eventName: 'OfferMade', logs: offered.logs });
    expect(made!.args.currency).toBe(weth);
    expect(await wethOf(buyer.account.address)).toBe(10n * ETH - ETH / 20n);
    const sellerBefore = await wethOf(seller.account.address);
    await run(seller, { type: 'acceptOffer', chainId: 31337, saleId, buyer: buyer.account.address, tokenId: '1', priceWei, currency: weth });
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(1n);
    expect(await wethOf(seller.account.address)).toBeGreaterThan(sellerBefore);
  }, 120_000);
});
