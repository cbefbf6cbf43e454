// The thread reads: a page of top-level comments or of one comment's replies, each comment carrying its first
// REPLIES_PREVIEW replies with their total and cursor, down to the deepest shown level. However many replies were
// posted, a read returns at most page × (1 + 2 + 4 + …) comments: what the GraphQL cost limit prices.
import { and, count, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { REPLIES_PREVIEW, SHOWN_LEVELS, TOP_LEVEL } from '../../../domain/comments.js';
import type { Db } from '../../db/client.js';
import { comments } from '../../db/schema.js';
import { loadVotes, selectWithAuthors, toNode, type CommentNode, type Joined } from '../../rest/commentsStore.js';
import { encodeCursor, type ListInput } from '../inputs.js';
import { keysetSegments } from '../keyset.js';
import { readSegments, type Connection } from '../page.js';
import type { Ipfs } from '../people.js';

/** GraphQL CommentReplies: the first replies of a comment (oldest first), how many it has, where the rest start. */
export interface ReplyPreview {
  totalCount: number;
  pageInfo: Connection<never>['pageInfo'];
  nodes: ThreadNode[];
}

export type ThreadNode = Omit<CommentNode, 'replies'> & { replies: ReplyPreview };

/** Levels 0 to DEEPEST_LEVEL are shown; a comment at the deepest level shows no replies (rows written directly may go deeper). */
const DEEPEST_LEVEL = TOP_LEVEL + SHOWN_LEVELS - 1;

/** Replies read oldest first: the `_id` keyset ascending (its cursors are not a top-level page's). */
export const REPLIES_SORT = { sortBy: '_id', sortDir: 1 } as const;

const replyCursor = (id: number) => encodeCursor({ ...REPLIES_SORT, value: null, id });

function preview(nodes: ThreadNode[], totalCount: number): ReplyPreview {
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

/**
 * The nodes for `rows` (all at `level`), each with its reply preview down to DEEPEST_LEVEL: one preview statement
 * and one author read per level, then every vote at once.
 */
async function withReplyPreviews(db: Db, ipfs: Ipfs, rows: Joined[], level: number, viewer: string | null): Promise<ThreadNode[]> {
  const levels: Joined[][] = [rows];
  const counts = new Map<number, number>();
  let parents = level < DEEPEST_LEVEL ? rows.map((row) => row.comment.id) : [];
  while (parents.length > 0) {
    const found = await previewIds(db, parents);
    for (const [id, total] of found.counts) counts.set(id, total);
    const replies = found.ids.length > 0 ? await selectWithAuthors(db, inArray(comments.id, found.ids), 'asc') : [];
    levels.push(replies);
    parents = level + levels.length - 1 < DEEPEST_LEVEL ? replies.map((row) => row.comment.id) : [];
  }
  const { votes, mine } = await loadVotes(
    db,
    levels.flat().map((row) => row.comment.id),
    viewer,
  );
  const byId = new Map<number, ThreadNode>();
  const roots: ThreadNode[] = [];
  levels.forEach((levelRows, depth) => {
    for (const row of levelRows) {
      const node: ThreadNode = { ...toNode(row, level + depth, ipfs, votes, mine), replies: preview([], 0) };
      byId.set(row.comment.id, node);
      if (depth === 0) roots.push(node);
      else byId.get(row.comment.parentId!)?.replies.nodes.push(node);
    }
  });
  for (const [id, node] of byId) node.replies = preview(node.replies.nodes, counts.get(id) ?? 0);
  return roots;
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

/** A page of top-level comments (newest first), each with its reply previews. */
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
  const nodes = await withReplyPreviews(db, ipfs, topRows.slice(0, input.limit - 1), TOP_LEVEL, input.viewer);
  return { rows: topRows.map((row) => ({ id: row.comment.id })), nodes: byIdOf(nodes), totalCount: total?.n ?? 0 };
}

/**
 * A page of one comment's replies (oldest first, keyset on the id), each with its reply previews. A comment that
 * does not exist, or sits at the deepest shown level, has an empty page.
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
  const nodes = await withReplyPreviews(db, ipfs, shown, parent.level + 1, viewer);
  return { rows: rows.map(({ id }) => ({ id })), nodes: byIdOf(nodes), totalCount: total?.n ?? 0 };
}
