// The chain indexer: polls block ranges with getLogs, applies each range, its logs and its progress in one
// transaction. It follows the chain's truth (the indexer follows the chain's truth): every batch's first block must name the last indexed
// block as its parent, the genesis is compared on start and after every failed poll, and on a fork it rolls back
// to the fork point (rollback.ts) and indexes again.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { BlockNotFoundError, type Address, type PublicClient } from 'viem';
import type { Db } from '../db/client.js';
import { collections, indexerState } from '../db/schema.js';
import type { Ipfs } from '../graphql/people.js';
import type { LiveEventSink } from '../live/bus.js';
import { applyRange, type LiveEvent, type Tx } from './apply.js';
import { readManifest } from './manifest.js';
import { fetchFactoryLogs, fetchTradeLogs, readCollectionFacts, ReorgWhileReading, withBlockTimes, type CollectionFacts } from './logs.js';
import { forkPoint, rollbackTo, storedBlocks, storeEvents, type EventScope } from './rollback.js';

export interface IndexerDeployments {
  chainId: number;
  marketplace: string;
  collectionFactory: string;
  /** First block of the deployment: scanning starts here when nothing was indexed yet. */
  blockNumber: number;
}

export interface StartIndexerOptions {
  db: Db;
  publicClient: PublicClient;
  deployments: IndexerDeployments;
  /** The public config's media URL prefixes: live documents name people with their avatar URLs. */
  ipfs: Ipfs;
  /** Where the indexer broadcasts to every client (in the app, the live bus). Its events are all public chain facts;
   * an account-addressed one (PublishReady) comes from POST /publish, not from the chain. */
  io?: LiveEventSink;
  pollIntervalMs?: number;
  /** Largest block range per getLogs call and per transaction. */
  maxBlockRange?: number;
  /** Blocks a block must have on top of it before it is indexed (INDEXER_CONFIRMATIONS; 0 on the local chain). */
  confirmations?: number;
  onError?: (error: unknown) => void;
  /**
   * After a range committed: the known collections (a studio canvas, a row the seed wrote) its CreatedCollection
   * events published. Called without waiting (the optional pinning, media/pinning.ts); what it throws is reported.
   */
  onCollectionsPublished?: (collectionIds: number[]) => void;
  /** What the indexer noticed about the chain (a reorganization, a reset, a backfill). */
  log?: (message: string) => void;
}

export interface Indexer {
  stop(): Promise<void>;
  /** Resolves once every block up to n is indexed (and committed). */
  waitForBlock(n: bigint): Promise<void>;
  /** The last block whose events are committed. */
  lastBlock(): bigint;
  /** Resolves after a whole poll that began after the call: the chain was checked and indexed up to its head. */
  synced(): Promise<void>;
}

/** The indexer_state key of a deployment: the marketplace address (the factory is part of the same deployment). */
export const indexerStateKey = (deployments: IndexerDeployments) => deployments.marketplace.toLowerCase();

async function readState(db: Db, deployments: IndexerDeployments) {
  const [row] = await db
    .select({ lastBlock: indexerState.lastBlock, blockHash: indexerState.blockHash, genesisHash: indexerState.genesisHash, derivedVersion: indexerState.derivedVersion })
    .from(indexerState)
    .where(and(eq(indexerState.chainId, deployments.chainId), eq(indexerState.contract, indexerStateKey(deployments))));
  return row ?? null;
}

/**
 * The version of what the indexer derives from the logs; a deployment whose rows were built with a lower one is
 * rebuilt from its stored logs once, at start (1: the activity rows, which databases indexed before them lack).
 */
export const DERIVED_VERSION = 1;

export async function readIndexedBlock(db: Db, deployments: IndexerDeployments): Promise<bigint | null> {
  const row = await readState(db, deployments);
  return row ? BigInt(row.lastBlock) : null;
}

/**
 * Another indexer (a second server process on the same database) wrote the progress since this one read it: this
 * indexer's range is refused whole (its transaction rolls back), and it goes on from what the other wrote.
 */
export class IndexerSuperseded extends Error {
  constructor(stored: number | null) {
    super(`another indexer moved this deployment's progress (this one had ${stored ?? 'nothing'} stored)`);
    this.name = 'IndexerSuperseded';
  }
}

/** A head this many blocks behind what was indexed is a reset, not a reorganization (no real chain reorgs that deep). */
const RESET_DISTANCE = 64n;

export async function startIndexer({
  db,
  publicClient,
  deployments,
  ipfs,
  io,
  // A local chain answers eth_blockNumber in well under a millisecond; live events follow a sale within ~100 ms.
  pollIntervalMs = 100,
  maxBlockRange = 2000,
  confirmations = 0,
  onError = (error) => console.error('Chain indexer:', error),
  onCollectionsPublished,
  log = (message) => console.warn(`Chain indexer: ${message}`),
}: StartIndexerOptions): Promise<Indexer> {
  const chainId = deployments.chainId;
  const marketplace = deployments.marketplace as Address;
  const factory = deployments.collectionFactory as Address;
  const key = indexerStateKey(deployments);
  const scope: EventScope = { chainId, deployment: key, marketplace: marketplace.toLowerCase() };
  /** Before the deployment: where indexing starts, and where a reset rolls back to. */
  const floor = BigInt(deployments.blockNumber) - 1n;
  const state = await readState(db, deployments);
  /** The progress row's block as this indexer last read or wrote it (null: no row yet): its writes require it unchanged. */
  let stored: number | null = state ? state.lastBlock : null;
  let last = state ? BigInt(state.lastBlock) : floor;
  /** The chain's hash of `last` when it was indexed; null when there is nothing to compare (before the deployment). */
  let lastHash: string | null = state?.blockHash ?? null;
  let genesis: string | null = state?.genesisHash ?? null;
  let checkGenesis = true;
  // A database indexed before logs were kept (no genesis stored): read every log again from the deployment block.
  let backfill = state !== null && state.genesisHash === null;
  // Rows derived by an older indexer (no activity rows yet): rebuilt below, before the first poll.
  const rederive = state !== null && !backfill && state.derivedVersion < DERIVED_VERSION;
  /** The chain's block; null when the chain has no such block (any other failure throws: no false forks). */
  const blockAt = (blockNumber: bigint) =>
    publicClient.getBlock({ blockNumber }).catch((error: unknown) => {
      if (error instanceof BlockNotFoundError) return null;
      throw error;
    });
  const blockHash = async (blockNumber: bigint): Promise<string | null> => (blockNumber < 0n ? null : ((await blockAt(blockNumber))?.hash ?? null));

  let stopped = false;
  let wake: (() => void) | null = null;
  const waiters: { block: bigint; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let poll = 0;
  const pollWaiters: { after: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
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

  /**
   * Writes the progress in the range's transaction, only where the row is still what this indexer last read or wrote
   * (a compare-and-set): when another indexer wrote it meanwhile, nothing is written and the whole transaction is refused
   * (IndexerSuperseded), so no range is applied, stored or broadcast twice. `stored` moves once the transaction commits.
   */
  async function writeState(tx: Tx, block: bigint, hash: string | null): Promise<void> {
    const set = { lastBlock: Number(block), blockHash: hash, genesisHash: genesis, derivedVersion: DERIVED_VERSION };
    const written = await tx
      .insert(indexerState)
      .values({ chainId, contract: key, ...set })
      .onConflictDoUpdate({
        target: [indexerState.chainId, indexerState.contract],
        set: { ...set, updatedAt: new Date() },
        setWhere: stored === null ? sql`false` : eq(indexerState.lastBlock, stored),
      })
      .returning({ lastBlock: indexerState.lastBlock });
    if (written.length === 0) throw new IndexerSuperseded(stored);
  }

  /** After IndexerSuperseded: goes on from the progress the other indexer stored. */
  async function reloadState(): Promise<void> {
    const row = await readState(db, deployments);
    stored = row ? row.lastBlock : null;
    last = row ? BigInt(row.lastBlock) : floor;
    lastHash = row?.blockHash ?? null;
    genesis = row?.genesisHash ?? genesis;
    backfill = false;
    settleWaiters();
  }

  /** Indexes [from, to]; false when the chain changed under the read (the next poll finds the fork). */
  async function indexRange(from: bigint, to: bigint): Promise<boolean> {
    // Read before the logs: if the chain changes after this, the next batch's parent check sees it. A block gone since
    // the head was read is a reorganization too.
    const end = await blockAt(to);
    const first = from === to ? end : await blockAt(from);
    if (end === null || first === null) return false;
    if (lastHash !== null && first.parentHash !== lastHash) return false;
    const factoryRead = await fetchFactoryLogs(publicClient, factory, from, to);
    const facts = new Map<string, CollectionFacts>();
    for (const log of factoryRead) {
      if (log.eventName !== 'CreatedCollection') continue;
      const read = await readCollectionFacts(publicClient, log.args.collection);
      facts.set(log.args.collection.toLowerCase(), { ...read, manifest: await readManifest(db, read.baseUri) });
    }
    const followed = new Set([...(await followedCollections()).map((a) => a.toLowerCase()), ...facts.keys()]);
    const tradeRead = await fetchTradeLogs(publicClient, marketplace, [...followed] as Address[], from, to);
    let factoryLogs, tradeLogs;
    try {
      [factoryLogs, tradeLogs] = [await withBlockTimes(publicClient, factoryRead), await withBlockTimes(publicClient, tradeRead)];
    } catch (error) {
      if (error instanceof ReorgWhileReading) return false;
      throw error;
    }
    const published: number[] = [];
    const live: LiveEvent[] = await db.transaction(async (tx) => {
      // Progress is written with the range's rows: a crash replays the whole range or none of it. Written first, so a
      // second indexer's transaction waits on the row here and is refused before it applies anything.
      await writeState(tx, to, end.hash);
      const events = await applyRange(tx, { chainId, marketplace: marketplace.toLowerCase(), facts, ipfs, published }, factoryLogs, tradeLogs);
      await storeEvents(tx, scope, [...factoryLogs, ...tradeLogs], facts);
      return events;
    });
    stored = Number(to);
    last = to;
    lastHash = end.hash;
    for (const event of live) io?.emit(event.name, event.doc);
    if (published.length > 0 && onCollectionsPublished) {
      try {
        onCollectionsPublished(published);
      } catch (error) {
        onError(error);
      }
    }
    return true;
  }

  /** Rolls back to `block` and its rows in one transaction; indexing goes on from the block after it. */
  async function rollback(block: bigint): Promise<void> {
    const hash = await blockHash(block);
    await db.transaction(async (tx) => {
      await writeState(tx, block, hash);
      await rollbackTo(tx, scope, ipfs, block);
    });
    stored = Number(block);
    last = block;
    lastHash = hash;
  }

  /** Compares the genesis (when asked) and the last indexed block with the chain; rolls back what it no longer has. */
  async function verifyChain(head: bigint): Promise<void> {
    let reset: string | null = null;
    if (checkGenesis) {
      const current = await blockHash(0n);
      if (genesis !== null && current !== genesis) reset = 'its genesis block changed';
      genesis = current;
      checkGenesis = false;
    }
    if (backfill) {
      log(`this database was indexed before block data was kept: reading the chain's logs again from block ${deployments.blockNumber}.`);
      await rollback(floor);
      backfill = false;
      return;
    }
    if (reset === null) {
      if (lastHash === null) return;
      if (last <= head && (await blockHash(last)) === lastHash) return;
    }
    const indexed = last;
    const fork = reset === null ? ((await forkPoint(await storedBlocks(db, scope, head < last ? head : last), blockHash)) ?? floor) : floor;
    if (reset === null && fork === floor) reset = `none of the blocks indexed up to ${indexed} is on it any more (its head is ${head})`;
    else if (reset === null && head + RESET_DISTANCE < indexed) reset = `its head ${head} is far behind the indexed block ${indexed}`;
    // A reset found without a failed poll (the chain was replaced between two polls): the stored genesis is the new one.
    if (reset !== null) genesis = await blockHash(0n);
    await rollback(fork);
    if (reset !== null) {
      log(`the chain was reset (${reset}): rolled back to block ${fork} and indexing again. Comments, likes, profiles and drafts are kept; those of tokens no longer on chain are hidden until the same tokens come back.`);
    } else {
      log(`blocks ${fork + 1n} to ${indexed} were replaced (a reorganization): rolled back to block ${fork} and indexing again.`);
    }
  }

  async function catchUp(): Promise<void> {
    const head = await publicClient.getBlockNumber({ cacheTime: 0 });
    await verifyChain(head);
    const target = head - BigInt(confirmations);
    while (!stopped && last < target) {
      const to = last + BigInt(maxBlockRange) < target ? last + BigInt(maxBlockRange) : target;
      if (!(await indexRange(last + 1n, to))) return;
      settleWaiters();
    }
  }

  // Rows derived by an older indexer (no activity rows yet) are rebuilt from the stored logs before the first poll,
  // without asking the chain: where it stands stays as it was (the block and its hash), for the fork checks to compare.
  if (rederive) {
    log(`this database was indexed before its activity was kept: applying the stored logs again up to block ${last}.`);
    try {
      await db.transaction(async (tx) => {
        await writeState(tx, last, lastHash);
        await rollbackTo(tx, scope, ipfs, last);
      });
      stored = Number(last);
    } catch (error) {
      // Another process moved the progress meanwhile (and rebuilt them): go on from what it stored.
      if (!(error instanceof IndexerSuperseded)) throw error;
      await reloadState();
    }
  }

  const loop = (async () => {
    while (!stopped) {
      const started = ++poll;
      try {
        await catchUp();
        for (let i = pollWaiters.length - 1; i >= 0; i--) {
          if (pollWaiters[i]!.after < started) pollWaiters.splice(i, 1)[0]!.resolve();
        }
      } catch (error) {
        if (error instanceof IndexerSuperseded) {
          // Not a failure of the chain or the database: another process indexed; go on from where it got.
          if (!stopped) log(`${error.message}: going on from the stored progress.`);
          await reloadState().catch((reloadError: unknown) => {
            if (!stopped) onError(reloadError);
          });
        } else {
          // A failed poll may be a lost connection: the chain behind it may be another one now.
          checkGenesis = true;
          if (!stopped) onError(error);
        }
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
      for (const waiter of [...waiters.splice(0), ...pollWaiters.splice(0)]) waiter.reject(new Error('indexer stopped'));
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
    synced() {
      if (stopped) return Promise.reject(new Error('indexer stopped'));
      return new Promise<void>((resolve, reject) => {
        pollWaiters.push({ after: poll, resolve, reject });
        wake?.();
      });
    },
  };
}
