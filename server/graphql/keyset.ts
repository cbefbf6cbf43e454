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
  listedAt?: PgColumn;
  lastSoldAt?: PgColumn;
  lastSale?: PgColumn;
}

const order = (dir: SortDir, column: PgColumn) => (dir === 1 ? asc(column) : desc(column));
const after = (dir: SortDir, column: PgColumn, value: number) => (dir === 1 ? gt(column, value) : lt(column, value));

// Row comparison (a, b) > (x, y) is what lets PostgreSQL seek straight into a two-column index.
function rowAfter(dir: SortDir, column: PgColumn, id: PgColumn, value: SQL, cursorId: number): SQL {
  const op = dir === 1 ? sql.raw('>') : sql.raw('<');
  return sql`(${column}, ${id}) ${op} (${value}, ${sql`${cursorId}::bigint`})`;
}

export interface SegmentOptions {
  /**
   * The list's filter admits only rows with a value of the sort column (a listed token under the price or listing-time
   * sort, when buy now or a price range is asked): no second (null) segment, which would walk the sort index's null
   * part for nothing — the planner cannot tell that it is empty.
   */
  valuesOnly?: boolean;
}

export function keysetSegments(sortBy: SortKey, dir: SortDir, cursor: Cursor | null, cols: SortColumns, options: SegmentOptions = {}): Segment[] {
  if (sortBy === '_id') {
    return [{ where: cursor ? after(dir, cols.id, cursor.id) : undefined, orderBy: [order(dir, cols.id)] }];
  }
  if (sortBy === 'likesCount') {
    const likes = cols.likesCount!;
    const where = cursor ? rowAfter(dir, likes, cols.id, sql`${Number(cursor.value)}::int`, cursor.id) : undefined;
    return [{ where, orderBy: [order(dir, likes), order(dir, cols.id)] }];
  }
  // Price, listing time, sale time, last sale price: the rows with a value in its order first, then the rest (null)
  // by id, in both directions.
  const column = cols[sortBy]!;
  const value = cursorValueSql[sortBy as keyof typeof cursorValueSql];
  const segments: Segment[] = [];
  const inNulls = cursor !== null && cursor.value === null;
  if (!inNulls) {
    const seek = cursor ? rowAfter(dir, column, cols.id, value(cursor.value!), cursor.id) : undefined;
    segments.push({ where: and(isNotNull(column), seek), orderBy: [order(dir, column), order(dir, cols.id)] });
  }
  if (options.valuesOnly && !inNulls) return segments;
  // Ordering by (column, id) over all-null values keeps the plan on the (column, id) index.
  const nullSeek = inNulls ? after(dir, cols.id, cursor.id) : undefined;
  segments.push({ where: and(isNull(column), nullSeek), orderBy: [order(dir, column), order(dir, cols.id)] });
  return segments;
}

const numeric = (value: string | number) => sql`${String(value)}::numeric`;
const time = (value: string | number) => sql`${new Date(Number(value)).toISOString()}::timestamptz`;
const cursorValueSql = { price: numeric, lastSale: numeric, listedAt: time, lastSoldAt: time };

/** The cursor value stored for a row under a sort. */
export function cursorValue(
  sortBy: SortKey,
  row: { likesCount?: number; priceWei?: string | null; listedAt?: Date | null; lastSoldAt?: Date | null; lastSaleWei?: string | null },
) {
  if (sortBy === 'likesCount') return row.likesCount ?? 0;
  if (sortBy === 'price') return row.priceWei ?? null;
  if (sortBy === 'listedAt') return row.listedAt?.getTime() ?? null;
  if (sortBy === 'lastSoldAt') return row.lastSoldAt?.getTime() ?? null;
  if (sortBy === 'lastSale') return row.lastSaleWei ?? null;
  return null;
}
