// Which chain a database was seeded against, and wiping it for a reseed.
import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { PublicClient } from 'viem';
import type { Db } from '../../server/db/client.js';
import * as schema from '../../server/db/schema.js';
import { indexerState } from '../../server/db/schema.js';
import { readIndexedBlock, type IndexerDeployments } from '../../server/indexer/index.js';

// The marker lives in indexer_state (no table of its own): contract `seed:<marketplace>`, and last_block holds
// the timestamp of the deployment block, which differs for every fresh chain even at the same addresses.
const markerKey = (deployments: IndexerDeployments) => `seed:${deployments.marketplace.toLowerCase()}`;
export const BENCHMARK_MARKER = 'seed:benchmark';

async function deploymentTimestamp(publicClient: PublicClient, deployments: IndexerDeployments): Promise<number | null> {
  try {
    const block = await publicClient.getBlock({ blockNumber: BigInt(deployments.blockNumber) });
    return Number(block.timestamp);
  } catch {
    return null; // the chain is younger than the deployments file says
  }
}

export async function markSeeded(db: Db, deployments: IndexerDeployments, publicClient: PublicClient): Promise<void> {
  const stamp = (await deploymentTimestamp(publicClient, deployments)) ?? 0;
  await db
    .insert(indexerState)
    .values({ chainId: deployments.chainId, contract: markerKey(deployments), lastBlock: stamp })
    .onConflictDoUpdate({ target: [indexerState.chainId, indexerState.contract], set: { lastBlock: stamp, updatedAt: new Date() } });
}

export type SeedStatus =
  | { state: 'empty' }
  | { state: 'seeded' }
  | { state: 'stale'; reason: string }
  | { state: 'other'; reason: string };

async function count(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
}

/**
 * 'empty': nothing to keep; 'seeded': the demo of this very chain (or the database follows it since a reset);
 * 'stale': data of an older chain at the same addresses (`npm start` keeps it, the indexer follows the reset; only
 * --reset wipes); 'other': data we did not seed for a chain (a benchmark database, or user data) — keep it.
 */
export async function seedStatus(db: Db, deployments: IndexerDeployments, publicClient: PublicClient): Promise<SeedStatus> {
  const rows = (await count(db, schema.accounts)) + (await count(db, schema.collections)) + (await count(db, schema.tokens));
  if (rows === 0) return { state: 'empty' };
  const [marker] = await db
    .select({ lastBlock: indexerState.lastBlock })
    .from(indexerState)
    .where(and(eq(indexerState.chainId, deployments.chainId), eq(indexerState.contract, markerKey(deployments))));
  const head = await publicClient.getBlockNumber({ cacheTime: 0 });
  const indexed = await readIndexedBlock(db, deployments);
  if (!marker) {
    if (indexed !== null && indexed > head) return { state: 'stale', reason: `indexed up to block ${indexed} but the chain is at ${head}` };
    return { state: 'other', reason: 'the database holds data the demo seed did not write' };
  }
  const stamp = await deploymentTimestamp(publicClient, deployments);
  if (stamp === null || stamp !== marker.lastBlock) return { state: 'stale', reason: 'the chain was restarted since the demo was seeded' };
  if (indexed !== null && indexed > head) return { state: 'stale', reason: `indexed up to block ${indexed} but the chain is at ${head}` };
  return { state: 'seeded' };
}

export async function isSeeded(db: Db, deployments: IndexerDeployments, publicClient: PublicClient): Promise<boolean> {
  return (await seedStatus(db, deployments, publicClient)).state === 'seeded';
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return (await count(db, schema.accounts)) + (await count(db, schema.collections)) + (await count(db, schema.tokens)) === 0;
}

/** Empties every table except media (content-addressed: the same artwork would be stored again byte for byte). */
export async function resetDatabase(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => name !== 'media');
  await db.execute(sql.raw(`TRUNCATE ${names.map((n) => `"${n}"`).join(', ')} RESTART IDENTITY CASCADE`));
}
