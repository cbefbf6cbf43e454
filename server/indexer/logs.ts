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

/** Where a log is on chain. */
export interface LogPosition {
  address: Address;
  blockNumber: bigint;
  blockHash: `0x${string}`;
  logIndex: number;
  transactionHash: `0x${string}`;
}

/** A log as read from the chain, before its block's time is known. */
export type ReadLog = ChainEvent & LogPosition;

/** A log with its block's time: the event's createdAt. */
export type IndexedLog = ReadLog & { blockTime: Date };

const eventsOf = (abi: readonly { type: string }[], names: readonly string[]): AbiEvent[] =>
  abi.filter((item): item is AbiEvent => item.type === 'event' && names.includes((item as AbiEvent).name));

const factoryEvents = eventsOf(collectionFactoryAbi, ['CreatedCreator', 'RemovedCreator', 'CreatedCollection']);
const marketEvents = eventsOf(marketplaceAbi, [
  'CreatedOwner', 'CreatedSale', 'CreatedAllOutSale', 'CancelledSale', 'CancelledAllOutSale', 'OfferMade', 'OfferRetracted', 'OfferAccepted', 'Sold',
]);
// RoyaltiesChanged: the creator lowered the rate (reduceRoyalties) or moved the recipient (transferRoyaltiesRecipient).
const collectionEvents = eventsOf(tradableCollectionAbi, ['TransferSingle', 'TransferBatch', 'RoyaltiesChanged']);

type RawLog = {
  eventName?: string; args?: unknown; address: Address; blockNumber: bigint | null; blockHash: `0x${string}` | null; logIndex: number | null; transactionHash: `0x${string}` | null;
};

function toIndexed(logs: readonly unknown[]): ReadLog[] {
  const out: ReadLog[] = [];
  for (const raw of logs as RawLog[]) {
    // Pending logs have no block; undecodable logs have no eventName. Neither belongs in the database.
    if (!raw.eventName || raw.blockNumber === null || raw.blockHash === null || raw.logIndex === null || raw.transactionHash === null) continue;
    const { eventName, args } = raw as unknown as ChainEvent;
    out.push({
      eventName, args, address: raw.address, blockNumber: raw.blockNumber, blockHash: raw.blockHash, logIndex: raw.logIndex, transactionHash: raw.transactionHash,
    } as ReadLog);
  }
  return out;
}

/** The chain answered logs of a block that is no longer the block at that height: a reorg happened while reading. */
export class ReorgWhileReading extends Error {
  constructor(blockNumber: bigint) {
    super(`block ${blockNumber} changed while its logs were read`);
  }
}

/**
 * Adds each log's block time, reading every block that has logs once; a block whose hash is not the one its logs
 * name was replaced while the range was read (ReorgWhileReading: the caller reads the range again).
 */
export async function withBlockTimes(client: PublicClient, logs: readonly ReadLog[]): Promise<IndexedLog[]> {
  const numbers = [...new Set(logs.map((l) => l.blockNumber))];
  const blocks = new Map<bigint, { hash: string; time: Date }>();
  for (const blockNumber of numbers) {
    const block = await client.getBlock({ blockNumber });
    blocks.set(blockNumber, { hash: block.hash, time: new Date(Number(block.timestamp) * 1000) });
  }
  return logs.map((log) => {
    const block = blocks.get(log.blockNumber)!;
    if (block.hash !== log.blockHash) throw new ReorgWhileReading(log.blockNumber);
    return { ...log, blockTime: block.time };
  });
}

/** Argument names whose values are strings (addresses and names); every other argument is a uint (or uint[]). */
const STRING_ARGS = new Set(['collection', 'creator', 'name', 'symbol', 'owner', 'operator', 'from', 'to', 'recipient', 'seller', 'currency', 'buyer']);

/** A log's arguments as JSON (uints as decimal strings) for chain_events.args. */
export function encodeArgs(args: Record<string, unknown>): Record<string, unknown> {
  const value = (v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : Array.isArray(v) ? v.map(value) : v);
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, value(v)]));
}

/** The inverse of encodeArgs. */
export function decodeArgs(args: Record<string, unknown>): Record<string, unknown> {
  const value = (k: string, v: unknown): unknown => (STRING_ARGS.has(k) ? v : Array.isArray(v) ? v.map((x) => BigInt(x as string)) : BigInt(v as string));
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, value(k, v)]));
}

/**
 * The factory's CreatedCreator, RemovedCreator and CreatedCollection events of a range, in chain order (read first:
 * they tell which collections to follow).
 */
export async function fetchFactoryLogs(client: PublicClient, factory: Address, fromBlock: bigint, toBlock: bigint): Promise<ReadLog[]> {
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
): Promise<ReadLog[]> {
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
