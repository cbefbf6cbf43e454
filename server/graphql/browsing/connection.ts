// Connections for lists paged by one id column (token, like, holding or offer id), newest first or oldest first.
import { encodeCursor, type Cursor } from '../inputs.js';
import type { Connection } from '../page.js';

/** rows holds up to perPage + 1 items; the extra one only says that a next page exists. */
export function idConnection<R, Node>(
  rows: R[],
  perPage: number,
  after: Cursor | null,
  totalCount: number,
  sortDir: 1 | -1,
  cursorId: (row: R) => number,
  toNode: (row: R) => Node,
): Connection<Node> {
  const edges = rows.slice(0, perPage).map((row) => ({
    cursor: encodeCursor({ sortBy: '_id', sortDir, value: null, id: cursorId(row) }),
    node: toNode(row),
  }));
  return {
    totalCount,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: rows.length > perPage,
      hasPreviousPage: after !== null,
    },
    edges,
  };
}
