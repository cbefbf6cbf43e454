// Batched inserts for seeding large databases (the 100,000-token benchmark) without one round trip per row.
import type { Db } from './client.js';
import { collections, holdings, tokens } from './schema.js';

export type NewCollection = typeof collections.$inferInsert;
export type NewToken = typeof tokens.$inferInsert;
export type NewHolding = typeof holdings.$inferInsert;

// Well under PostgreSQL's 65,535 bind parameters per statement for the widest table (tokens, ~20 columns).
const DEFAULT_BATCH = 1000;

function lowerAddresses<T extends { creator?: string; address?: string | null; owner?: string }>(row: T): T {
  return {
    ...row,
    ...(row.creator !== undefined && { creator: row.creator.toLowerCase() }),
    ...(row.address != null && { address: row.address.toLowerCase() }),
    ...(row.owner !== undefined && { owner: row.owner.toLowerCase() }),
  };
}

async function insertInBatches<Row>(
  rows: Row[],
  batchSize: number,
  insertBatch: (batch: Row[]) => Promise<{ id: number }[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    const inserted = await insertBatch(rows.slice(start, start + batchSize));
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/**
 * Inserts collections in one transaction; returns their ids in input order.
 * Marketplace queries list only collections with state 'published' and isHidden false.
 */
export async function insertCollections(db: Db, rows: NewCollection[], batchSize = DEFAULT_BATCH): Promise<number[]> {
  return db.transaction((tx) =>
    insertInBatches(rows.map(lowerAddresses), batchSize, (batch) =>
      tx.insert(collections).values(batch).returning({ id: collections.id }),
    ),
  );
}

/** Inserts tokens in one transaction; returns their ids in input order. */
export async function insertTokens(db: Db, rows: NewToken[], batchSize = DEFAULT_BATCH): Promise<number[]> {
  return db.transaction((tx) =>
    insertInBatches(rows.map(lowerAddresses), batchSize, (batch) =>
      tx.insert(tokens).values(batch).returning({ id: tokens.id }),
    ),
  );
}

/** Inserts holdings (token ref, owner, amount) in one transaction; returns their ids in input order. */
export async function insertHoldings(db: Db, rows: NewHolding[], batchSize = DEFAULT_BATCH): Promise<number[]> {
  return db.transaction((tx) =>
    insertInBatches(rows.map(lowerAddresses), batchSize, (batch) =>
      tx.insert(holdings).values(batch).returning({ id: holdings.id }),
    ),
  );
}
