// Connections for lists paged by one id column (token, like, holding or offer id), newest first or oldest first.
import { encodeCursor, type Cursor } from '../inputs.js';
import { pageConnection, type Connection } from '../page.js';

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
  return pageConnection(rows, perPage, totalCount, after !== null, (row) => ({
    cursor: encodeCursor({ sortBy: '_id', sortDir, value: null, id: cursorId(row) }),
    node: toNode(row),
  }));
}
