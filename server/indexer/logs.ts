// Reads one block range of the marketplace's, the factory's and the collections' events, decoded and in chain order.
import type { AbiEvent, Address, PublicClient } from 'viem';
import type { CollectionManifest } from './manifest.js';
import { collectionFactoryAbi, marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated/index.js';

export type ChainEvent =
  | { eventName: 'CreatedCollection'; args: { collection: Address; creator: Address; name: string; symbol: string; tokenCount: bigint } }
  | { eventName: 'CreatedCreator'; args: { creator: Address } }
  | { eventName: 'RemovedCreator'; args: { creator: Address } }
  | { eventName: 'CreatedOwner'; args: { owner: Address } }
  | { eventName: 'TransferSingle'; args: { operator: Address; from: Address; to: Address; id: bigint; value: bigint } }
  | { eventName: 'TransferBatch'; args: { operator: Address; from: Address; to: Address; ids: readonly bigint[]; values: readonly bigint[] } }
  | { eventName: 'RoyaltiesChanged'; args: { recipient: Address; basispoints: bigint } }
  | { eventName: 'CreatedSale'; args: { saleId: bigint; collection: Address; tokenId: bigint; seller: Address; amount: bigint; price: bigint; currency: Address; allOutSaleId: bigint } }
  | { eventName: 'CreatedAllOutSale'; args: { allOutSaleId: bigint; collection: Address; seller: Address; price: bigint; currency: Address } }
  | { eventName: 'CancelledSale'; args: { saleId: bigint } }
  | { eventName: 'CancelledAllOutSale'; args: { allOutSaleId: bigint } }
  | { eventName: 'OfferMade'; args: { saleId: bigint; tokenId: bigint; buyer: Address; amount: bigint; price: bigint; currency: Address } }
  | { eventName: 'OfferRetracted'; args: { saleId: bigint; tokenId: bigint; buyer: Address } }
  | { eventName: 'OfferAccepted'; args: { saleId: bigint; tokenId: bigint; buyer: Address } }
  | { eventName: 'Sold'; args: { saleId: bigint; tokenId: bigint; buyer: Address; seller: Address; amount: bigint; price: bigint; currency: Address } };

export type IndexedLog = ChainEvent & { address: Address; blockNumber: bigint; logIndex: number; transactionHash: `0x${string}` };

const eventsOf = (abi: readonly { type: string }[], names: readonly string[]): AbiEvent[] =>
  abi.filter((item): item is AbiEvent => item.type === 'event' && names.includes((item as AbiEvent).name));

const factoryEvents = eventsOf(collectionFactoryAbi, ['CreatedCreator', 'RemovedCreator', 'CreatedCollection']);
const marketEvents = eventsOf(marketplaceAbi, [
  'CreatedOwner', 'CreatedSale', 'CreatedAllOutSale', 'CancelledSale', 'CancelledAllOutSale', 'OfferMade', 'OfferRetracted', 'OfferAccepted', 'Sold',
]);
// RoyaltiesChanged: the creator lowered the rate (reduceRoyalties) or moved the recipient (transferRoyaltiesRecipient).
const collectionEvents = eventsOf(tradableCollectionAbi, ['TransferSingle', 'TransferBatch', 'RoyaltiesChanged']);

function toIndexed(logs: readonly unknown[]): IndexedLog[] {
  const out: IndexedLog[] = [];
  for (const raw of logs as { eventName?: string; args?: unknown; address: Address; blockNumber: bigint | null; logIndex: number | null; transactionHash: `0x${string}` | null }[]) {
    // Pending logs have no block; undecodable logs have no eventName. Neither belongs in the database.
    if (!raw.eventName || raw.blockNumber === null || raw.logIndex === null || raw.transactionHash === null) continue;
    out.push({ ...(raw as unknown as ChainEvent), address: raw.address, blockNumber: raw.blockNumber, logIndex: raw.logIndex, transactionHash: raw.transactionHash });
  }
  return out;
}

/**
 * The factory's CreatedCreator, RemovedCreator and CreatedCollection events of a range, in chain order (read first:
 * they tell which collections to follow).
 */
export async function fetchFactoryLogs(client: PublicClient, factory: Address, fromBlock: bigint, toBlock: bigint): Promise<IndexedLog[]> {
  const logs = await client.getLogs({ address: factory, events: factoryEvents, fromBlock, toBlock, strict: true });
  return toIndexed(logs);
}

/** Marketplace and collection events (transfers, royalty changes) of a range, ordered by block and log index. */
export async function fetchTradeLogs(
  client: PublicClient,
  marketplace: Address,
  collections: readonly Address[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<IndexedLog[]> {
  const [market, transfers] = await Promise.all([
    client.getLogs({ address: marketplace, events: marketEvents, fromBlock, toBlock, strict: true }),
    collections.length === 0
      ? Promise.resolve([])
      : client.getLogs({ address: [...collections], events: collectionEvents, fromBlock, toBlock, strict: true }),
  ]);
  return toIndexed([...market, ...transfers]).sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

/** What a new collection's contract says about itself (read once, before the database transaction). */
export interface CollectionFacts {
  baseUri: string;
  supplyPerToken: number;
  royaltiesBasispoints: number;
  /** What the baseURI's manifest says, when we serve it (see manifest.ts). */
  manifest?: CollectionManifest | null;
}

export async function readCollectionFacts(client: PublicClient, address: Address): Promise<CollectionFacts> {
  const read = <T>(functionName: 'baseURI' | 'supplyPerToken' | 'royaltiesBasispoints') =>
    client.readContract({ address, abi: tradableCollectionAbi, functionName }) as Promise<T>;
  const [baseUri, supply, royalties] = await Promise.all([read<string>('baseURI'), read<bigint>('supplyPerToken'), read<bigint | number>('royaltiesBasispoints')]);
  return { baseUri, supplyPerToken: Number(supply), royaltiesBasispoints: Number(royalties) };
}
