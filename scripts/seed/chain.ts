// Contract calls the seed (and the indexer tests) make as artists and collectors, one receipt at a time.
import { getAddress, type Account, type Address, type Chain, type Hash, type PublicClient, type TransactionReceipt, type Transport, type WalletClient } from 'viem';
import { collectionFactoryAbi, marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated/index.js';
import { allOutSaleIdFromLogs, collectionFromLogs, saleIdsFromLogs } from '../../contracts/receipts.js';

export type SeedWallet = WalletClient<Transport, Chain | undefined, Account>;
export const NATIVE = '0x0000000000000000000000000000000000000000' as const;

export interface Market {
  publicClient: PublicClient;
  marketplace: Address;
  collectionFactory: Address;
}

async function mined(market: Market, hash: Hash): Promise<TransactionReceipt> {
  const receipt = await market.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

const base = (wallet: SeedWallet) => ({ account: wallet.account, chain: wallet.chain ?? null });

export interface NewCollectionOnChain {
  name: string;
  symbol: string;
  tokenCount: number;
  supplyPerToken?: number;
  baseUri: string;
  royaltiesBasispoints?: number;
}

/**
 * Creates a collection through the factory (the wallet becomes creator and holder) and returns its address. The
 * factory is curated: the wallet must have been registered by the factory owner (contracts/creators.ts addCreator).
 */
export async function createCollection(market: Market, wallet: SeedWallet, c: NewCollectionOnChain): Promise<{ address: Address; blockNumber: bigint }> {
  const hash = await wallet.writeContract({
    ...base(wallet),
    address: market.collectionFactory,
    abi: collectionFactoryAbi,
    functionName: 'CreateTradableCollection',
    args: [c.name, c.symbol, BigInt(c.tokenCount), BigInt(c.supplyPerToken ?? 1), c.baseUri, wallet.account.address, BigInt(c.royaltiesBasispoints ?? 500)],
  });
  const receipt = await mined(market, hash);
  const address = collectionFromLogs(receipt.logs);
  if (!address) throw new Error('CreateTradableCollection emitted no CreatedCollection');
  return { address: getAddress(address), blockNumber: receipt.blockNumber };
}

export async function approveMarketplace(market: Market, wallet: SeedWallet, collection: Address): Promise<void> {
  await mined(market, await wallet.writeContract({ ...base(wallet), address: collection, abi: tradableCollectionAbi, functionName: 'setApprovalForAll', args: [market.marketplace, true] }));
}

export async function createSale(market: Market, wallet: SeedWallet, collection: Address, tokenId: number, priceWei: bigint, amount = 1n): Promise<bigint> {
  const hash = await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, BigInt(tokenId), amount, priceWei, NATIVE] });
  const [saleId] = saleIdsFromLogs((await mined(market, hash)).logs);
  if (saleId === undefined) throw new Error('createSale emitted no CreatedSale');
  return saleId;
}

export async function createAllOutSale(market: Market, wallet: SeedWallet, collection: Address, priceWei: bigint): Promise<{ allOutSaleId: bigint; saleIds: bigint[] }> {
  const hash = await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, priceWei, NATIVE] });
  const receipt = await mined(market, hash);
  const allOutSaleId = allOutSaleIdFromLogs(receipt.logs);
  if (allOutSaleId === null) throw new Error('createAllOutSale emitted no CreatedAllOutSale');
  return { allOutSaleId, saleIds: saleIdsFromLogs(receipt.logs) };
}

/** An offer at or above the listing price buys at once (Sold); below it the value is escrowed (OfferMade). */
export async function makeOffer(market: Market, wallet: SeedWallet, saleId: bigint, tokenId: number, priceWei: bigint, amount = 1n): Promise<TransactionReceipt> {
  return mined(market, await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId, BigInt(tokenId), amount, priceWei, NATIVE], value: priceWei * amount }));
}

export async function retractOffer(market: Market, wallet: SeedWallet, saleId: bigint, tokenId: number): Promise<void> {
  await mined(market, await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId, BigInt(tokenId)] }));
}

export async function acceptOffer(market: Market, wallet: SeedWallet, saleId: bigint, buyer: Address, tokenId: number, priceWei: bigint): Promise<void> {
  await mined(market, await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, buyer, BigInt(tokenId), priceWei, NATIVE] }));
}

export async function cancelSale(market: Market, wallet: SeedWallet, saleId: bigint): Promise<void> {
  await mined(market, await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [saleId] }));
}

export async function cancelAllOutSale(market: Market, wallet: SeedWallet, allOutSaleId: bigint): Promise<void> {
  await mined(market, await wallet.writeContract({ ...base(wallet), address: market.marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [allOutSaleId] }));
}
