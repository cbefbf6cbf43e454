import { BaseError, ContractFunctionRevertedError, parseEventLogs, zeroAddress, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CURRENCY_FUNDING, deployDemoCurrency } from '../../contracts/currency';
import { demoWETHAbi, marketplaceAbi } from '../../contracts/generated';
import { saleIdsFromLogs } from '../../contracts/receipts';
import { approve, balanceOf, createCollection, createTestChain, deployMarket, ETH, expectRevert, market, send, type TestChain, type Wallet } from './helpers';

// Token-currency offers (docs/requirements.md#trading-offers; they have their own flow, which rejects the native currency
// with 'use makeOffer instead'): escrowed in an allow-listed ERC-20, accepted by the seller, paid out in it.
let chain: TestChain;
let marketplace: Address;
let factory: Address;
let weth: Address;
let seller: Wallet;
let buyer: Wallet;
let other: Wallet;
let feeRecipient: Address;
let royaltyRecipient: Address;
const price = ETH / 20n;

beforeAll(async () => {
  chain = await createTestChain();
  feeRecipient = chain.accounts[8]!;
  royaltyRecipient = chain.accounts[5]!;
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain, { feeRecipient, feeBasisPoints: 250 }));
  seller = chain.wallets[1]!;
  buyer = chain.wallets[3]!;
  other = chain.wallets[4]!;
  ({ address: weth } = await deployDemoCurrency({
    walletClient: chain.wallets[0]!,
    publicClient: chain.publicClient,
    marketplace,
    fund: [buyer.account.address, other.account.address],
  }));
});

const tokenBalance = (account: Address) => chain.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'balanceOf', args: [account] });
const escrow = () => chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'tokenEscrow', args: [weth] });
const approveToken = (wallet: Wallet, amount: bigint) => send(chain, wallet, { address: weth, abi: demoWETHAbi, functionName: 'approve', args: [marketplace, amount] });
const tokenOffer = (wallet: Wallet, saleId: bigint, p: bigint, currency: Address = weth, amount = 1n) =>
  send(chain, wallet, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOfferWithToken', args: [saleId, 1n, amount, p, currency] });
const tokenOfferCall = (wallet: Wallet, saleId: bigint, p: bigint, currency: Address = weth, amount = 1n) =>
  wallet.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'makeOfferWithToken', args: [saleId, 1n, amount, p, currency] });
const accept = (wallet: Wallet, saleId: bigint, buyerAddress: Address, p: bigint, currency: Address = weth) =>
  send(chain, wallet, { address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, buyerAddress, 1n, p, currency] });

async function listed() {
  const { collection } = await createCollection(chain, factory, seller, { tokens: 2, supply: 5, royaltiesRecipient: royaltyRecipient, royaltiesBasispoints: 500 });
  await approve(chain, seller, collection, marketplace);
  const receipt = await send(chain, seller, { address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 2n, ETH / 10n, zeroAddress] });
  return { collection, saleId: saleIdsFromLogs(receipt.logs)[0]! };
}

describe('the demo currency', () => {
  it('is allow-listed by the deployer and funds the given accounts with 10 WETH', async () => {
    expect(await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'isAllowedCurrency', args: [weth] })).toBe(true);
    expect(await chain.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'symbol' })).toBe('WETH');
    expect(await chain.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'decimals' })).toBe(18);
    expect(DEMO_CURRENCY_FUNDING).toBe(10n * ETH);
    expect(await tokenBalance(other.account.address)).toBe(10n * ETH);
  });

  it('only owners change the allow-list, and only for contracts', async () => {
    await expectRevert(other.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'setAllowedCurrency', args: [weth, false] }), 'Unauthorized');
    await expectRevert(chain.wallets[0]!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'setAllowedCurrency', args: [zeroAddress, true] }), 'InvalidAddress');
    await expectRevert(chain.wallets[0]!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'setAllowedCurrency', args: [chain.accounts[9]!, true] }), 'InvalidAddress');
  });
});

describe('makeOfferWithToken', () => {
  it("refuses the native currency with 'use makeOffer instead' and a currency not allow-listed", async () => {
    const { saleId } = await listed();
    const refused = await tokenOfferCall(buyer, saleId, price, zeroAddress).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(BaseError);
    const reverted = (refused as BaseError).walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError;
    expect(reverted.reason).toBe('use makeOffer instead');
    await expectRevert(tokenOfferCall(buyer, saleId, price, factory), 'UnsupportedCurrency');
  });

  it('needs the token approval first, then escrows price * amount (never a purchase, even at the listed price)', async () => {
    const { saleId } = await listed();
    await approveToken(buyer, 0n);
    await expectRevert(tokenOfferCall(buyer, saleId, ETH / 10n), 'ERC20InsufficientAllowance');
    await approveToken(buyer, ETH / 5n);
    const before = await tokenBalance(buyer.account.address);
    const escrowBefore = await escrow();
    const receipt = await tokenOffer(buyer, saleId, ETH / 10n, weth, 2n);
    const [made] = parseEventLogs({ abi: marketplaceAbi, eventName: 'OfferMade', logs: receipt.logs });
    expect(made!.args).toMatchObject({ saleId, tokenId: 1n, buyer: buyer.account.address, amount: 2n, price: ETH / 10n, currency: weth });
    expect(parseEventLogs({ abi: marketplaceAbi, eventName: 'Sold', logs: receipt.logs })).toHaveLength(0);
    expect(before - (await tokenBalance(buyer.account.address))).toBe(ETH / 5n);
    expect((await escrow()) - escrowBefore).toBe(ETH / 5n);
    expect(await market(chain, marketplace).getOffer(saleId, buyer.account.address)).toEqual({ amount: 2n, price: ETH / 10n, currency: weth, valid: true });
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
  });

  it('applies the price step and the owner rules', async () => {
    const { saleId } = await listed();
    await approveToken(buyer, ETH);
    await expectRevert(tokenOfferCall(buyer, saleId, 10n ** 13n), 'InvalidPrice');
    await expectRevert(tokenOfferCall(seller, saleId, price), 'Unauthorized');
  });

  it('replaces an earlier native offer of the same buyer and refunds it in ETH', async () => {
    const { saleId } = await listed();
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 1n, price, zeroAddress], value: price });
    const nativeEscrow = await market(chain, marketplace).totalEscrow();
    await approveToken(buyer, price);
    await tokenOffer(buyer, saleId, price);
    expect(nativeEscrow - (await market(chain, marketplace).totalEscrow())).toBe(price);
    expect(await market(chain, marketplace).getOffer(saleId, buyer.account.address)).toMatchObject({ currency: weth, price });
    // …and a native offer replaces the token offer, refunding the token.
    const tokensBefore = await tokenBalance(buyer.account.address);
    await send(chain, buyer, { address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, 1n, 1n, price, zeroAddress], value: price });
    expect((await tokenBalance(buyer.account.address)) - tokensBefore).toBe(price);
    expect(await market(chain, marketplace).getOffer(saleId, buyer.account.address)).toMatchObject({ currency: zeroAddress, price });
  });
});

describe('retracting and accepting a token offer', () => {
  it('retract refunds the token, even after the currency left the allow-list', async () => {
    const { saleId } = await listed();
    await approveToken(other, price);
    await tokenOffer(other, saleId, price);
    const owner = chain.wallets[0]!;
    await send(chain, owner, { address: marketplace, abi: marketplaceAbi, functionName: 'setAllowedCurrency', args: [weth, false] });
    await expectRevert(seller.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, other.account.address, 1n, price, weth] }), 'UnsupportedCurrency');
    const before = await tokenBalance(other.account.address);
    await send(chain, other, { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, 1n] });
    expect((await tokenBalance(other.account.address)) - before).toBe(price);
    await send(chain, owner, { address: marketplace, abi: marketplaceAbi, functionName: 'setAllowedCurrency', args: [weth, true] });
  });

  it('the seller accepts in the offer currency only: the token moves, fee, royalty and seller are paid in WETH', async () => {
    const { collection, saleId } = await listed();
    await approveToken(buyer, price);
    await tokenOffer(buyer, saleId, price);
    await expectRevert(seller.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, buyer.account.address, 1n, price, zeroAddress] }), 'NoSuchOffer');
    await expectRevert(other.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, buyer.account.address, 1n, price, weth] }), 'Unauthorized');
    const parties = [seller.account.address, feeRecipient, royaltyRecipient];
    const before = await Promise.all(parties.map(tokenBalance));
    const escrowBefore = await escrow();
    const receipt = await accept(seller, saleId, buyer.account.address, price);
    const after = await Promise.all(parties.map(tokenBalance));
    const fee = (price * 250n) / 10_000n;
    const royalty = (price * 500n) / 10_000n;
    expect(after[0]! - before[0]!).toBe(price - fee - royalty);
    expect(after[1]! - before[1]!).toBe(fee);
    expect(after[2]! - before[2]!).toBe(royalty);
    expect(escrowBefore - (await escrow())).toBe(price);
    expect(await balanceOf(chain, collection, buyer.account.address, 1n)).toBe(1n);
    const [sold] = parseEventLogs({ abi: marketplaceAbi, eventName: 'Sold', logs: receipt.logs });
    expect(sold!.args).toMatchObject({ saleId, buyer: buyer.account.address, amount: 1n, price, currency: weth });
    expect(parseEventLogs({ abi: marketplaceAbi, eventName: 'OfferAccepted', logs: receipt.logs })).toHaveLength(1);
    expect(await market(chain, marketplace).getOffer(saleId, buyer.account.address)).toMatchObject({ amount: 0n, currency: zeroAddress });
  });

  it('keeps the marketplace token balance equal to escrow plus credits', async () => {
    const held = await tokenBalance(marketplace);
    const credited = await chain.publicClient.readContract({ address: marketplace, abi: marketplaceAbi, functionName: 'totalPendingTokenWithdrawals', args: [weth] });
    expect(held).toBe((await escrow()) + credited);
  });
});
