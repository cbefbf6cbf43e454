// The chain indexer: polls block ranges with getLogs, applies each range and its progress in one transaction.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import type { Db } from '../db/client.js';
import { collections, indexerState } from '../db/schema.js';
import type { Ipfs } from '../graphql/people.js';
import { applyRange, type LiveEvent } from './apply.js';
import { readManifest } from './manifest.js';
import { fetchFactoryLogs, fetchTradeLogs, readCollectionFacts, type CollectionFacts } from './logs.js';

export interface IndexerDeployments {
  chainId: number;
  marketplace: string;
  collectionFactory: string;
  /** First block of the deployment: scanning starts here when nothing was indexed yet. */
  blockNumber: number;
}

/** Where the indexer broadcasts to every client: socket.io's server or, in the app, the live bus. Its events are all
 * public chain facts; an account-addressed one (PublishReady) comes from POST /publish, not from the chain. */
export interface LiveEventSink {
  emit(event: string, ...args: unknown[]): unknown;
}

export interface StartIndexerOptions {
  db: Db;
  publicClient: PublicClient;
  deployments: IndexerDeployments;
  /** The public config's media URL prefixes: live documents name people with their avatar URLs. */
  ipfs: Ipfs;
  io?: LiveEventSink;
  pollIntervalMs?: number;
  /** Largest block range per getLogs call and per transaction. */
  maxBlockRange?: number;
  onError?: (error: unknown) => void;
}

export interface Indexer {
  stop(): Promise<void>;
  /** Resolves once every block up to n is indexed (and committed). */
  waitForBlock(n: bigint): Promise<void>;
  /** The last block whose events are committed. */
  lastBlock(): bigint;
}

/** The indexer_state key of a deployment: the marketplace address (the factory is part of the same deployment). */
export const indexerStateKey = (deployments: IndexerDeployments) => deployments.marketplace.toLowerCase();

export async function readIndexedBlock(db: Db, deployments: IndexerDeployments): Promise<bigint | null> {
  const [row] = await db
    .select({ lastBlock: indexerState.lastBlock })
    .from(indexerState)
    .where(and(eq(indexerState.chainId, deployments.chainId), eq(indexerState.contract, indexerStateKey(deployments))));
  return row ? BigInt(row.lastBlock) : null;
}

export async function startIndexer({
  db,
  publicClient,
  deployments,
  ipfs,
  io,
  // A local chain answers eth_blockNumber in well under a millisecond; live events follow a sale within ~100 ms.
  pollIntervalMs = 100,
  maxBlockRange = 2000,
  onError = (error) => console.error('Chain indexer:', error),
}: StartIndexerOptions): Promise<Indexer> {
  const chainId = deployments.chainId;
  const marketplace = deployments.marketplace as Address;
  const factory = deployments.collectionFactory as Address;
  const key = indexerStateKey(deployments);
  let last = (await readIndexedBlock(db, deployments)) ?? BigInt(deployments.blockNumber) - 1n;

  let stopped = false;
  let wake: (() => void) | null = null;
  const waiters: { block: bigint; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const settleWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      if (waiters[i]!.block <= last) waiters.splice(i, 1)[0]!.resolve();
    }
  };

  async function followedCollections(): Promise<Address[]> {
    const rows = await db
      .select({ address: collections.address })
      .from(collections)
      .where(and(eq(collections.chainId, chainId), eq(collections.state, 'published'), isNotNull(collections.address)));
    return rows.map((r) => r.address as Address);
  }

  async function indexRange(from: bigint, to: bigint): Promise<void> {
    const factoryLogs = await fetchFactoryLogs(publicClient, factory, from, to);
    const facts = new Map<string, CollectionFacts>();
    for (const log of factoryLogs) {
      if (log.eventName !== 'CreatedCollection') continue;
      const read = await readCollectionFacts(publicClient, log.args.collection);
      facts.set(log.args.collection.toLowerCase(), { ...read, manifest: await readManifest(db, read.baseUri) });
    }
    const followed = new Set([...(await followedCollections()).map((a) => a.toLowerCase()), ...facts.keys()]);
    const tradeLogs = await fetchTradeLogs(publicClient, marketplace, [...followed] as Address[], from, to);
    const live: LiveEvent[] = await db.transaction(async (tx) => {
      const events = await applyRange(tx, { chainId, marketplace: marketplace.toLowerCase(), facts, ipfs }, factoryLogs, tradeLogs);
      // Progress is written with the range's rows: a crash replays the whole range or none of it.
      await tx
        .insert(indexerState)
        .values({ chainId, contract: key, lastBlock: Number(to) })
        .onConflictDoUpdate({ target: [indexerState.chainId, indexerState.contract], set: { lastBlock: Number(to), updatedAt: new Date() } });
      return events;
    });
    last = to;
    for (const event of live) io?.emit(event.name, event.doc);
  }

  async function catchUp(): Promise<void> {
    const head = await publicClient.getBlockNumber({ cacheTime: 0 });
    while (!stopped && last < head) {
      const to = last + BigInt(maxBlockRange) < head ? last + BigInt(maxBlockRange) : head;
      await indexRange(last + 1n, to);
      settleWaiters();
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await catchUp();
      } catch (error) {
        if (!stopped) onError(error);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('indexer stopped'));
    },
    waitForBlock(n) {
      if (n <= last) return Promise.resolve();
      if (stopped) return Promise.reject(new Error('indexer stopped'));
      return new Promise<void>((resolve, reject) => {
        waiters.push({ block: n, resolve, reject });
        wake?.();
      });
    },
    lastBlock: () => last,
  };
}
