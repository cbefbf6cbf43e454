// Keyset pagination plans: each sort is read through its composite index, never with OFFSET.
import { and, asc, desc, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Cursor, SortDir, SortKey } from './inputs.js';

/** One ordered index range; a page is read from the segments in order until it is full. */
export interface Segment {
  where: SQL | undefined;
  orderBy: SQL[];
}

export interface SortColumns {
  id: PgColumn;
  likesCount?: PgColumn;
  price?: PgColumn;
}

const order = (dir: SortDir, column: PgColumn) => (dir === 1 ? asc(column) : desc(column));
const after = (dir: SortDir, column: PgColumn, value: number) => (dir === 1 ? gt(column, value) : lt(column, value));

// Row comparison (a, b) > (x, y) is what lets PostgreSQL seek straight into a two-column index.
function rowAfter(dir: SortDir, column: PgColumn, id: PgColumn, value: SQL, cursorId: number): SQL {
  const op = dir === 1 ? sql.raw('>') : sql.raw('<');
  return sql`(${column}, ${id}) ${op} (${value}, ${sql`${cursorId}::bigint`})`;
}

export function keysetSegments(sortBy: SortKey, dir: SortDir, cursor: Cursor | null, cols: SortColumns): Segment[] {
  if (sortBy === '_id') {
    return [{ where: cursor ? after(dir, cols.id, cursor.id) : undefined, orderBy: [order(dir, cols.id)] }];
  }
  if (sortBy === 'likesCount') {
    const likes = cols.likesCount!;
    const where = cursor ? rowAfter(dir, likes, cols.id, sql`${Number(cursor.value)}::int`, cursor.id) : undefined;
    return [{ where, orderBy: [order(dir, likes), order(dir, cols.id)] }];
  }
  // Price: listed tokens in price order first, then unlisted (null price) ones by id, in both directions.
  const price = cols.price!;
  const segments: Segment[] = [];
  const inUnlisted = cursor !== null && cursor.value === null;
  if (!inUnlisted) {
    const seek = cursor ? rowAfter(dir, price, cols.id, sql`${String(cursor.value)}::numeric`, cursor.id) : undefined;
    segments.push({ where: and(isNotNull(price), seek), orderBy: [order(dir, price), order(dir, cols.id)] });
  }
  // Ordering by (price, id) over all-null prices keeps the plan on the (price, id) index.
  const unlistedSeek = inUnlisted ? after(dir, cols.id, cursor.id) : undefined;
  segments.push({ where: and(isNull(price), unlistedSeek), orderBy: [order(dir, price), order(dir, cols.id)] });
  return segments;
}

/** The cursor value stored for a row under a sort. */
export function cursorValue(sortBy: SortKey, row: { likesCount?: number; priceWei?: string | null }) {
  if (sortBy === 'likesCount') return row.likesCount ?? 0;
  if (sortBy === 'price') return row.priceWei ?? null;
  return null;
}
