// The thread reads: a page of top-level comments or of one comment's replies, and each comment's first
// REPLIES_PREVIEW replies with their total and cursor (Comment.replies, resolved only where a query selects it and
// batched per level). However many replies were posted, a read returns at most page × (1 + 2 + 4 + …) comments:
// what the GraphQL cost limit prices.
import { and, count, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { REPLIES_PREVIEW, SHOWN_LEVELS, TOP_LEVEL } from '../../../domain/comments.js';
import type { Db } from '../../db/client.js';
import { comments } from '../../db/schema.js';
import { loadVotes, selectWithAuthors, toNode, type CommentNode, type Joined } from '../../comments/queries.js';
import { encodeCursor, type ListInput } from '../inputs.js';
import { keysetSegments } from '../keyset.js';
import { readSegments, type Connection } from '../page.js';
import type { Ipfs } from '../people.js';

/** A comment as the thread reads return it; its `replies` field is resolved on its own (repliesPreviews). */
export type ThreadNode = Omit<CommentNode, 'replies'>;

/** GraphQL CommentReplies: the first replies of a comment (oldest first), how many it has, where the rest start. */
export interface ReplyPreview {
  totalCount: number;
  pageInfo: Connection<never>['pageInfo'];
  nodes: ThreadNode[];
}

/** Levels 0 to DEEPEST_LEVEL are shown; a comment at the deepest level shows no replies (rows written directly may go deeper). */
export const DEEPEST_LEVEL = TOP_LEVEL + SHOWN_LEVELS - 1;

/** Replies read oldest first: the `_id` keyset ascending (its cursors are not a top-level page's). */
export const REPLIES_SORT = { sortBy: '_id', sortDir: 1 } as const;

const replyCursor = (id: number) => encodeCursor({ ...REPLIES_SORT, value: null, id });

export function replyPreview(nodes: ThreadNode[], totalCount: number): ReplyPreview {
  const last = nodes.at(-1);
  return {
    totalCount,
    pageInfo: {
      startCursor: nodes[0] ? replyCursor(Number(nodes[0].id)) : null,
      endCursor: last ? replyCursor(Number(last.id)) : null,
      hasNextPage: totalCount > nodes.length,
      hasPreviousPage: false,
    },
    nodes,
  };
}

/**
 * For each parent: its reply count and the ids of its first REPLIES_PREVIEW replies, one statement (a LATERAL
 * LIMIT per parent reads the parent index, never a parent's whole reply list into the answer).
 */
async function previewIds(db: Db, parents: number[]): Promise<{ counts: Map<number, number>; ids: number[] }> {
  const list = sql.join(
    parents.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT p.id::text AS parent, (SELECT count(*) FROM comments n WHERE n.parent_id = p.id)::int AS total, r.id::text AS id
    FROM unnest(ARRAY[${list}]::bigint[]) AS p(id)
    LEFT JOIN LATERAL (SELECT c.id FROM comments c WHERE c.parent_id = p.id ORDER BY c.id LIMIT ${REPLIES_PREVIEW}) r ON true
  `)) as unknown as { rows: { parent: string; total: number | string; id: string | null }[] };
  const counts = new Map<number, number>();
  const ids: number[] = [];
  for (const row of result.rows) {
    counts.set(Number(row.parent), Number(row.total));
    if (row.id !== null) ids.push(Number(row.id));
  }
  return { counts, ids };
}

/** Nodes with their votes (the viewer's own too) at `level`. */
async function toNodes(db: Db, ipfs: Ipfs, rows: Joined[], level: number, viewer: string | null): Promise<ThreadNode[]> {
  const { votes, mine } = await loadVotes(
    db,
    rows.map((row) => row.comment.id),
    viewer,
  );
  return rows.map((row) => {
    const { replies: _none, ...node } = toNode(row, level, ipfs, votes, mine);
    return node;
  });
}

/**
 * The reply previews of several comments at once (every comment of one level of a read): one preview statement,
 * one author read and the votes. Each reply's level is its parent's + 1.
 */
export async function readReplyPreviews(db: Db, ipfs: Ipfs, parents: { id: number; level: number }[], viewer: string | null): Promise<Map<number, ReplyPreview>> {
  const { counts, ids } = await previewIds(
    db,
    parents.map((parent) => parent.id),
  );
  const rows = ids.length > 0 ? await selectWithAuthors(db, inArray(comments.id, ids), 'asc') : [];
  const levels = new Map(parents.map((parent) => [parent.id, parent.level]));
  const nodes = await toNodes(db, ipfs, rows, 0, viewer);
  const byParent = new Map<number, ThreadNode[]>(parents.map((parent) => [parent.id, []]));
  for (const node of nodes) byParent.get(Number(node.parent_id))?.push({ ...node, level: levels.get(Number(node.parent_id))! + 1 });
  return new Map([...byParent].map(([id, replies]) => [id, replyPreview(replies, counts.get(id) ?? 0)]));
}

export interface CommentsPageInput {
  tokenId: number;
  /** Top-level comments with an id below this one (keyset: newest first). */
  beforeId: number | null;
  /** Rows to read: perPage + 1, the extra one only tells whether a next page exists. */
  limit: number;
  viewer: string | null;
}

/** A page as read: every row fetched (perPage + 1, the extra one only tells a next page exists) and the shown rows' nodes. */
export interface ThreadPage {
  rows: { id: number }[];
  nodes: Map<number, ThreadNode>;
  totalCount: number;
}

const byIdOf = (nodes: ThreadNode[]) => new Map(nodes.map((node) => [Number(node.id), node]));

/** A page of top-level comments (newest first). */
export async function readCommentsPage(db: Db, ipfs: Ipfs, input: CommentsPageInput): Promise<ThreadPage> {
  const top = and(
    eq(comments.tokenId, input.tokenId),
    isNull(comments.parentId),
    input.beforeId === null ? undefined : lt(comments.id, input.beforeId),
  );
  const [topRows, [total]] = await Promise.all([
    selectWithAuthors(db, top, 'desc', input.limit),
    db.select({ n: count() }).from(comments).where(and(eq(comments.tokenId, input.tokenId), isNull(comments.parentId))),
  ]);
  const nodes = await toNodes(db, ipfs, topRows.slice(0, input.limit - 1), TOP_LEVEL, input.viewer);
  return { rows: topRows.map((row) => ({ id: row.comment.id })), nodes: byIdOf(nodes), totalCount: total?.n ?? 0 };
}

/**
 * A page of one comment's replies (oldest first, keyset on the id). A comment that does not exist, or sits at the
 * deepest shown level, has an empty page.
 */
export async function readRepliesPage(db: Db, ipfs: Ipfs, parent: { id: number; level: number } | null, input: ListInput, viewer: string | null): Promise<ThreadPage> {
  if (!parent || parent.level >= DEEPEST_LEVEL) return { rows: [], nodes: new Map(), totalCount: 0 };
  const ofParent = eq(comments.parentId, parent.id);
  const segments = keysetSegments(REPLIES_SORT.sortBy, REPLIES_SORT.sortDir, input.after, { id: comments.id });
  const [rows, [total]] = await Promise.all([
    readSegments(segments, input.perPage + 1, (where: SQL | undefined, _orderBy, limit) =>
      selectWithAuthors(db, and(ofParent, where), 'asc', limit).then((found) => found.map((row) => ({ id: row.comment.id, row }))),
    ),
    db.select({ n: count() }).from(comments).where(ofParent),
  ]);
  const shown = rows.slice(0, input.perPage).map((entry) => entry.row);
  const nodes = await toNodes(db, ipfs, shown, parent.level + 1, viewer);
  return { rows: rows.map(({ id }) => ({ id })), nodes: byIdOf(nodes), totalCount: total?.n ?? 0 };
}
