import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { createPublicClient, createWalletClient, custom, http, zeroAddress, type Address, type Hash, type PublicClient, type WalletClient } from 'viem';
import { collectionFactoryAbi, marketplaceAbi, tradableCollectionAbi } from '../../../contracts/generated/index';
import { allOutSaleIdFromLogs, collectionFromLogs, saleIdsFromLogs } from '../../../contracts/receipts';
import { registerCreator } from './creators';
import { chainWalletProvider, installTestWallet, TEST_WALLET_NAME, type TestWallet } from './testWallet';

// Shared steps of the trading e2e suite: the stack's chain, contract calls made by a script as a chain account,
// on-chain reads (balances, sales, offers), waits for the indexer through GraphQL, and signed-in browser pages.

export const WALLET_REJECTED = 'You canceled the request in your wallet.';

export interface Stack {
  rpcUrl: string;
  chainId: number;
  marketplace: Address;
  collectionFactory: Address;
  publicClient: PublicClient;
  walletClient: WalletClient;
  accounts: readonly Address[];
}

export async function readStack(request: APIRequestContext): Promise<Stack> {
  const config = (await (await request.get('/api/v1/config')).json()) as {
    evms: Array<{ chainId: number; providerURL: string; contracts: { marketplace: Address; collectionFactory: Address } }>;
  };
  const evm = config.evms[0]!;
  const publicClient = createPublicClient({ transport: http(evm.providerURL) });
  // Sends as a wallet does (estimated first): a call that would revert is refused with its reason, nothing is mined.
  const walletClient = createWalletClient({ transport: custom(chainWalletProvider(evm.providerURL)) });
  return {
    rpcUrl: evm.providerURL,
    chainId: evm.chainId,
    marketplace: evm.contracts.marketplace,
    collectionFactory: evm.contracts.collectionFactory,
    publicClient,
    walletClient,
    accounts: await walletClient.getAddresses(),
  };
}

export const addressOf = (stack: Stack, index: number): Address => stack.accounts[index]!;

async function mined(stack: Stack, hash: Hash) {
  const receipt = await stack.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status, `transaction ${hash}`).toBe('success');
  return receipt;
}

async function send(stack: Stack, index: number, call: Parameters<WalletClient['writeContract']>[0]) {
  return mined(stack, await stack.walletClient.writeContract({ ...call, account: addressOf(stack, index), chain: null } as never));
}

/** Native balance read on chain (eth_getBalance at the latest block). */
export async function balanceOf(stack: Stack, address: string): Promise<bigint> {
  return stack.publicClient.getBalance({ address: address as Address, blockTag: 'latest' });
}

/** Transactions sent so far by the account (its nonce): unchanged means nothing reached the chain. */
export async function nonceOf(stack: Stack, address: string): Promise<number> {
  return stack.publicClient.getTransactionCount({ address: address as Address, blockTag: 'latest' });
}

/** What a mined transaction cost its sender in gas (from its receipt). */
export async function gasCostOf(stack: Stack, hash: string): Promise<bigint> {
  const receipt = await stack.publicClient.getTransactionReceipt({ hash: hash as Hash });
  return receipt.gasUsed * receipt.effectiveGasPrice;
}

export interface TestToken {
  tokenId: number;
  /** Token database id. */
  _id: string;
  name: string;
  /** The creator's TokenHolding id: the /token/$id route id. */
  holdingId: string;
}

export interface TestCollection {
  address: Address;
  _id: string;
  name: string;
  tokens: TestToken[];
}

export async function graphql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await request.post('/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
  return body.data!;
}

interface HoldingNode {
  id: string;
  amount: string;
  owner: { address: string };
  bazaarSales: Array<{ saleId: string; wasCancelled: boolean }>;
  token: { _id: string; tokenId: string; name: string; isSold: boolean };
}

/** Holdings with units in a collection (optionally of one owner), as the server indexed them. */
export async function holdingsOf(request: APIRequestContext, collectionId: string, owner?: string): Promise<HoldingNode[]> {
  const data = await graphql<{ getTokenHoldings: { edges: Array<{ node: HoldingNode }> } }>(
    request,
    `query($filters: TokenHoldingFilter) { getTokenHoldings(filters: $filters, pagination: { perPage: 100 }) {
      edges { node { id amount owner { address } bazaarSales { saleId wasCancelled } token { _id tokenId name isSold } } } } }`,
    { filters: { collection_id: collectionId, ...(owner ? { owner: owner.toLowerCase() } : {}) } },
  );
  return data.getTokenHoldings.edges.map((e) => e.node);
}

/**
 * A fresh collection minted on chain by account #creator (supply 1 per token), waited for until the indexer
 * has its rows: each test trades on tokens of its own, so no spec's leftovers matter. The factory is curated:
 * the account is registered as a creator first (by the factory owner) when it is not one yet.
 */
/** `prefix`: the collection name's start (a long name tests layouts); a unique suffix is added. */
export async function mintCollection(request: APIRequestContext, stack: Stack, creator: number, tokenCount = 3, prefix = 'Trading Test '): Promise<TestCollection> {
  await registerCreator(request, addressOf(stack, creator));
  const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const receipt = await send(stack, creator, {
    address: stack.collectionFactory,
    abi: collectionFactoryAbi,
    functionName: 'CreateTradableCollection',
    args: [name, 'TRDT', BigInt(tokenCount), 1n, `ipfs://e2e-${name.replace(/\W/g, '')}/`, addressOf(stack, creator), 500n],
  } as never);
  const address = collectionFromLogs(receipt.logs)!;
  let found: { _id: string } | undefined;
  await expect
    .poll(async () => {
      const data = await graphql<{ getCollections: { edges: Array<{ node: { _id: string } }> } }>(
        request,
        'query($f: CollectionFilter) { getCollections(filters: $f) { edges { node { _id } } } }',
        { f: { address: address.toLowerCase(), chainId: stack.chainId } },
      );
      found = data.getCollections.edges[0]?.node;
      return found ? (await holdingsOf(request, found._id)).length : 0;
    }, { message: `indexer picks up collection ${name}`, timeout: 15_000 })
    .toBe(tokenCount);
  const holdings = await holdingsOf(request, found!._id);
  const tokens = holdings
    .map((h) => ({ tokenId: Number(h.token.tokenId), _id: h.token._id, name: h.token.name, holdingId: h.id }))
    .sort((a, b) => a.tokenId - b.tokenId);
  return { address, _id: found!._id, name, tokens };
}

export async function isApproved(stack: Stack, collection: Address, owner: number): Promise<boolean> {
  return stack.publicClient.readContract({
    address: collection, abi: tradableCollectionAbi, functionName: 'isApprovedForAll', args: [addressOf(stack, owner), stack.marketplace],
  }) as Promise<boolean>;
}

export async function unitsHeld(stack: Stack, collection: Address, owner: string, tokenId: number): Promise<bigint> {
  return stack.publicClient.readContract({
    address: collection, abi: tradableCollectionAbi, functionName: 'balanceOf', args: [owner as Address, BigInt(tokenId)],
  }) as Promise<bigint>;
}

/** Approves the marketplace and lists one unit of a token (as a script, not through the UI); returns the sale id. */
export async function listOnChain(stack: Stack, seller: number, collection: Address, tokenId: number, priceWei: bigint): Promise<bigint> {
  if (!(await isApproved(stack, collection, seller))) {
    await send(stack, seller, { address: collection, abi: tradableCollectionAbi, functionName: 'setApprovalForAll', args: [stack.marketplace, true] } as never);
  }
  const receipt = await send(stack, seller, {
    address: stack.marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, BigInt(tokenId), 1n, priceWei, zeroAddress],
  } as never);
  return saleIdsFromLogs(receipt.logs)[0]!;
}

/** An escrowed offer below the listing price, made by a script as account #buyer. */
export async function offerOnChain(stack: Stack, buyer: number, saleId: bigint, tokenId: number, priceWei: bigint): Promise<void> {
  await send(stack, buyer, {
    address: stack.marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, BigInt(tokenId), 1n, priceWei, zeroAddress], value: priceWei,
  } as never);
}

export interface SaleOnChain {
  seller: string;
  amount: bigint;
  price: bigint;
  allOutSaleId: bigint;
  cancelled: boolean;
  active: boolean;
}

export async function saleOnChain(stack: Stack, saleId: bigint): Promise<SaleOnChain> {
  return stack.publicClient.readContract({ address: stack.marketplace, abi: marketplaceAbi, functionName: 'getSale', args: [saleId] }) as Promise<SaleOnChain>;
}

export async function offerAmountOnChain(stack: Stack, saleId: bigint, buyer: string): Promise<bigint> {
  const offer = (await stack.publicClient.readContract({
    address: stack.marketplace, abi: marketplaceAbi, functionName: 'getOffer', args: [saleId, buyer as Address],
  })) as { amount: bigint };
  return offer.amount;
}

/** The marketplace fee in basis points of a sale's total (paid to the fee recipient; the seller gets the rest, less royalties). */
export async function marketplaceFeeBasisPoints(stack: Stack): Promise<bigint> {
  return stack.publicClient.readContract({ address: stack.marketplace, abi: marketplaceAbi, functionName: 'feeBasisPoints' }) as Promise<bigint>;
}

/** The last sale id and all-out sale id created on the marketplace: unchanged means no listing was made. */
export async function saleCounters(stack: Stack): Promise<{ sales: bigint; allOutSales: bigint }> {
  const read = (functionName: 'saleCount' | 'allOutSaleCount') =>
    stack.publicClient.readContract({ address: stack.marketplace, abi: marketplaceAbi, functionName }) as Promise<bigint>;
  return { sales: await read('saleCount'), allOutSales: await read('allOutSaleCount') };
}

/** The contract a mined transaction called (lower case), to tell the collection approval from the listing. */
export async function calledContract(stack: Stack, hash: string): Promise<string> {
  return ((await stack.publicClient.getTransaction({ hash: hash as Hash })).to ?? '').toLowerCase();
}

/** The per-token sale ids a mined transaction created (CreatedSale logs): one for createSale, one per token for an all-out sale. */
export async function createdSaleIds(stack: Stack, hash: string): Promise<bigint[]> {
  return saleIdsFromLogs((await stack.publicClient.getTransactionReceipt({ hash: hash as Hash })).logs);
}

export async function allOutSaleOnChain(stack: Stack, allOutSaleId: bigint): Promise<{ seller: string; cancelled: boolean; saleCount: bigint; price: bigint }> {
  return stack.publicClient.readContract({
    address: stack.marketplace, abi: marketplaceAbi, functionName: 'getAllOutSale', args: [allOutSaleId],
  }) as Promise<{ seller: string; cancelled: boolean; saleCount: bigint; price: bigint }>;
}

/** The all-out sale id a mined createAllOutSale created. */
export async function createdAllOutSaleId(stack: Stack, hash: string): Promise<bigint | null> {
  return allOutSaleIdFromLogs((await stack.publicClient.getTransactionReceipt({ hash: hash as Hash })).logs);
}

/** Waits until the indexer shows the open sale on the token's holding (the page reads bazaarSales). */
export async function waitForListing(request: APIRequestContext, collection: TestCollection, tokenId: number, saleId: bigint): Promise<void> {
  await expect
    .poll(async () => {
      const holding = (await holdingsOf(request, collection._id)).find((h) => h.token.tokenId === String(tokenId));
      return holding?.bazaarSales.some((s) => s.saleId === saleId.toString() && !s.wasCancelled) ?? false;
    }, { message: `indexer shows sale ${saleId}`, timeout: 15_000 })
    .toBe(true);
}

export interface OfferNode {
  saleId: string;
  state: string;
  buyer: { address: string };
  price: { amount: string };
}

export async function offersOf(request: APIRequestContext, tokenDbId: string): Promise<OfferNode[]> {
  const data = await graphql<{ getOffersByToken: { edges: Array<{ node: OfferNode }> } }>(
    request,
    'query($t: ID!) { getOffersByToken(token: $t, pagination: { perPage: 50 }) { edges { node { saleId state buyer { address } price { amount } } } } }',
    { t: tokenDbId },
  );
  return data.getOffersByToken.edges.map((e) => e.node);
}

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet;
  address: string;
}

/** A browser context of its own with the test wallet as account #index, signed in (SIWE) on `path`. */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  stack: Stack,
  index: number,
  path: string,
  contextOptions: BrowserContextOptions = {},
): Promise<SignedInPage> {
  const context = await browser.newContext({ baseURL, ...contextOptions });
  const page = await context.newPage();
  const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: index });
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  const connect = page.getByRole('banner').getByRole('button', { name: 'Connect wallet' });
  // A guarded route (/account/…) opens the wallet modal by itself and lands on the target after connecting.
  const guarded = path.startsWith('/account');
  if (guarded) await expect(dialog).toBeVisible();
  else await connect.click();
  await dialog.getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
  if (guarded) await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
  return { context, page, wallet, address: addressOf(stack, index).toLowerCase() };
}

/** The notification bar's text (one notice shown at a time). */
export { expectNotice, notice } from './notices';
