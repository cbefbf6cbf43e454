// The chain's truth (the indexer follows the chain's truth): every applied log is kept in chain_events, and on a fork the database is rolled
// back to the fork point by resetting what the indexer derives from the chain and replaying the logs that remain.
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { accounts, activity, allOutSales, chainEvents, collections, sales } from '../db/schema.js';
import type { Ipfs } from '../graphql/people.js';
import { applyRange, type Tx } from './apply.js';
import { decodeArgs, encodeArgs, type CollectionFacts, type IndexedLog } from './logs.js';

export interface EventScope {
  chainId: number;
  /** indexer_state.contract of the deployment (its marketplace address, lower-case). */
  deployment: string;
  /** The marketplace address, lower-case. */
  marketplace: string;
}

const FACTORY_EVENTS = ['CreatedCollection', 'CreatedCreator', 'RemovedCreator'];
const inScope = (scope: EventScope) => and(eq(chainEvents.chainId, scope.chainId), eq(chainEvents.deployment, scope.deployment));

/** Stores a range's logs with the facts its new collections' contracts gave (without their manifests). */
export async function storeEvents(tx: Tx, scope: EventScope, logs: readonly IndexedLog[], facts: Map<string, CollectionFacts>): Promise<void> {
  const rows = logs.map((log) => {
    const fact = log.eventName === 'CreatedCollection' ? facts.get(log.args.collection.toLowerCase()) : undefined;
    return {
      chainId: scope.chainId, deployment: scope.deployment, blockNumber: Number(log.blockNumber), blockHash: log.blockHash, blockTime: log.blockTime,
      transactionHash: log.transactionHash, logIndex: log.logIndex, address: log.address.toLowerCase(), eventName: log.eventName,
      args: encodeArgs(log.args as Record<string, unknown>),
      facts: fact ? { baseUri: fact.baseUri, supplyPerToken: fact.supplyPerToken, royaltiesBasispoints: fact.royaltiesBasispoints } : null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(chainEvents).values(rows.slice(i, i + 500)).onConflictDoNothing();
  }
}

/** The stored logs up to `block`, split as the indexer reads them (factory logs first), with their collections' facts. */
async function storedEvents(tx: Tx, scope: EventScope, block: bigint) {
  const rows = await tx
    .select()
    .from(chainEvents)
    .where(and(inScope(scope), lte(chainEvents.blockNumber, Number(block))))
    .orderBy(asc(chainEvents.blockNumber), asc(chainEvents.logIndex));
  const factoryLogs: IndexedLog[] = [];
  const tradeLogs: IndexedLog[] = [];
  const facts = new Map<string, CollectionFacts>();
  for (const row of rows) {
    const log = {
      eventName: row.eventName, args: decodeArgs(row.args), address: row.address, blockNumber: BigInt(row.blockNumber), blockHash: row.blockHash,
      logIndex: row.logIndex, transactionHash: row.transactionHash, blockTime: row.blockTime,
    } as IndexedLog;
    if (FACTORY_EVENTS.includes(row.eventName)) factoryLogs.push(log);
    else tradeLogs.push(log);
    if (row.facts && log.eventName === 'CreatedCollection') facts.set(log.args.collection.toLowerCase(), row.facts as unknown as CollectionFacts);
  }
  return { factoryLogs, tradeLogs, facts };
}

/** The highest block of `blocks` (ascending, with their stored hashes) whose hash the chain still has; null if none. */
export async function forkPoint(
  blocks: readonly { blockNumber: number; blockHash: string }[],
  chainHash: (blockNumber: bigint) => Promise<string | null>,
): Promise<bigint | null> {
  // Blocks chain by their parents' hashes: once a block matches, every earlier one does. A binary search suffices.
  let lo = 0;
  let hi = blocks.length - 1;
  let found: bigint | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const { blockNumber, blockHash } = blocks[mid]!;
    if ((await chainHash(BigInt(blockNumber))) === blockHash) {
      found = BigInt(blockNumber);
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The distinct blocks of the stored logs up to `block`, ascending, with their hashes. */
export async function storedBlocks(db: Pick<Tx, 'selectDistinct'>, scope: EventScope, block: bigint) {
  return db
    .selectDistinct({ blockNumber: chainEvents.blockNumber, blockHash: chainEvents.blockHash })
    .from(chainEvents)
    .where(and(inScope(scope), lte(chainEvents.blockNumber, Number(block))))
    .orderBy(asc(chainEvents.blockNumber));
}

/**
 * Rolls the deployment's chain data back to `block` inside the caller's transaction: the logs after it are deleted,
 * everything derived from logs is reset (sales, all-out sales and their offers, holdings (emptied, keeping their ids), token prices, the activity
 * rows, the creator flags the logs set, published collections back to finalized) and the remaining logs are applied
 * again.
 * Off-chain rows (comments, likes, profiles, keys, articles, drafts) are not touched: the tokens of a collection
 * that is no longer on chain stay as rows of an unpublished collection, which the visibility rule hides, and come
 * back with their comments and likes when the same collection address is created again on this chain.
 */
export async function rollbackTo(tx: Tx, scope: EventScope, ipfs: Ipfs, block: bigint): Promise<void> {
  const creators = await tx
    .selectDistinct({ address: sql<string>`lower(${chainEvents.args}->>'creator')` })
    .from(chainEvents)
    .where(and(inScope(scope), inArray(chainEvents.eventName, ['CreatedCreator', 'RemovedCreator'])));
  await tx.delete(chainEvents).where(and(inScope(scope), gt(chainEvents.blockNumber, Number(block))));

  const onChain = and(eq(collections.chainId, scope.chainId), isNotNull(collections.address));
  const chainCollectionIds = sql`SELECT id FROM collections WHERE chain_id = ${scope.chainId} AND address IS NOT NULL`;
  await tx.delete(sales).where(and(eq(sales.chainId, scope.chainId), eq(sales.marketplace, scope.marketplace))); // offers cascade
  await tx.delete(allOutSales).where(and(eq(allOutSales.chainId, scope.chainId), eq(allOutSales.marketplace, scope.marketplace)));
  await tx.delete(activity).where(and(eq(activity.chainId, scope.chainId), eq(activity.marketplace, scope.marketplace)));
  // Holdings are emptied, not deleted: the replay's transfers add to the same (token, owner) rows, so a holding that
  // holds again after the replay keeps its id, which is the token page's address (/token/{holdingId}); what holds
  // nothing after the replay is deleted below.
  const chainHoldings = sql`token_id IN (SELECT id FROM tokens WHERE collection_id IN (${chainCollectionIds}))`;
  await tx.execute(sql`UPDATE holdings SET amount = 0 WHERE ${chainHoldings}`);
  await tx.execute(sql`
    UPDATE tokens SET price_wei = NULL, listed_at = NULL, is_sold = false, last_sold_at = NULL, last_sale_wei = NULL, updated_at = now()
    WHERE collection_id IN (${chainCollectionIds})
      AND (price_wei IS NOT NULL OR listed_at IS NOT NULL OR is_sold OR last_sold_at IS NOT NULL)`);
  await tx.update(collections).set({ state: 'finalized', soldOut: false, updatedAt: new Date() }).where(and(onChain, eq(collections.state, 'published')));
  if (creators.length > 0) {
    await tx.update(accounts).set({ isCreator: false, updatedAt: new Date() }).where(inArray(accounts.address, creators.map((c) => c.address)));
  }

  const { factoryLogs, tradeLogs, facts } = await storedEvents(tx, scope, block);
  // The replay's live events are dropped: they repeat what clients were told when the logs were first indexed.
  await applyRange(tx, { chainId: scope.chainId, marketplace: scope.marketplace, facts, ipfs }, factoryLogs, tradeLogs);
  await tx.execute(sql`DELETE FROM holdings WHERE ${chainHoldings} AND amount <= 0`);
}
