// Reads one page through keyset segments and shapes the connection (totalCount, pageInfo, edges).
import type { SQL } from 'drizzle-orm';
import { encodeCursor, type ListInput } from './inputs.js';
import { cursorValue, type Segment } from './keyset.js';

export interface Connection<Node> {
  totalCount: number;
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  edges: { cursor: string; node: Node }[];
}

type Row = { id: number; likesCount?: number; priceWei?: string | null };

/**
 * The connection of a page read with up to perPage + 1 rows: the extra row only says that a next page exists. `edge`
 * gives a row's cursor and node (`index` is its place on the page).
 */
export function pageConnection<R, Node>(
  rows: R[],
  perPage: number,
  totalCount: number,
  hasPreviousPage: boolean,
  edge: (row: R, index: number) => { cursor: string; node: Node },
): Connection<Node> {
  const edges = rows.slice(0, perPage).map(edge);
  return {
    totalCount,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: rows.length > perPage,
      hasPreviousPage,
    },
    edges,
  };
}

/** Fetches perPage + 1 rows across the segments; the extra row only tells whether a next page exists. */
export async function readSegments<R extends Row>(
  segments: Segment[],
  limit: number,
  fetch: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const segment of segments) {
    const wanted = limit - rows.length;
    if (wanted <= 0) break;
    rows.push(...(await fetch(segment.where, segment.orderBy, wanted)));
  }
  return rows;
}

export function toConnection<R extends Row, Node>(
  input: ListInput,
  rows: R[],
  totalCount: number,
  toNode: (row: R) => Node,
): Connection<Node> {
  return pageConnection(rows, input.perPage, totalCount, input.after !== null, (row) => ({
    cursor: encodeCursor({
      sortBy: input.sortBy,
      sortDir: input.sortDir,
      value: cursorValue(input.sortBy, row),
      id: row.id,
    }),
    node: toNode(row),
  }));
}
