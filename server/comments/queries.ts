// The comments' SQL: comment rows → API shapes, reply levels, votes and the writes; read by the comments service
// (./service.ts) and the GraphQL thread reads (graphql/comments/thread.ts).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SHOWN_LEVELS, TOP_LEVEL } from '../../domain/comments.js';
import type { Db } from '../db/client.js';
import { accountAddressIs } from '../accounts/store.js';
import { accounts, commentVotes, comments } from '../db/schema.js';
import { personInfo, type Ipfs, type PersonInfo } from '../graphql/people.js';

export interface CommentNode {
  id: string;
  _id: string;
  text: string;
  user_id: string;
  token_id: string;
  parent_id: string | null;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
  /** 0 for a top-level comment, 1 for its replies, and so on (stored up to 4). */
  level: number;
  userInfo: PersonInfo;
  /** Sum of the ±1 votes. */
  votes: number;
  /** The viewer's own vote (1, -1) or null; null when no viewer was given. */
  myVote: number | null;
  replies: CommentNode[];
}

type CommentRow = typeof comments.$inferSelect;

const rowColumns = {
  comment: comments,
  account: { id: accounts.id, address: accounts.address, alias: accounts.alias, avatar: accounts.avatar, firstName: accounts.firstName, lastName: accounts.lastName },
};

/** Comments with their authors, by id in `order`. */
export async function selectWithAuthors(db: Db, where: ReturnType<typeof and>, order: 'asc' | 'desc', limit?: number) {
  const query = db
    .select(rowColumns)
    .from(comments)
    .innerJoin(accounts, eq(accounts.id, comments.accountId))
    .where(where)
    .orderBy(order === 'desc' ? desc(comments.id) : comments.id);
  return limit === undefined ? query : query.limit(limit);
}

export type Joined = Awaited<ReturnType<typeof selectWithAuthors>>[number];

export function toNode(row: Joined, level: number, ipfs: Ipfs, votes: Map<number, number>, mine: Map<number, number>): CommentNode {
  const { comment, account } = row;
  return {
    id: String(comment.id),
    _id: String(comment.id),
    text: comment.deleted ? '' : comment.text,
    user_id: String(comment.accountId),
    token_id: String(comment.tokenId),
    parent_id: comment.parentId === null ? null : String(comment.parentId),
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    deleted: comment.deleted,
    level,
    userInfo: personInfo(ipfs, account.address, account),
    votes: votes.get(comment.id) ?? 0,
    myVote: mine.get(comment.id) ?? null,
    replies: [],
  };
}

/** Vote sums for the comments, and the viewer's own votes when a viewer address is given. */
export async function loadVotes(db: Db, ids: number[], viewer: string | null) {
  const votes = new Map<number, number>();
  const mine = new Map<number, number>();
  if (ids.length === 0) return { votes, mine };
  const sums = await db
    .select({ commentId: commentVotes.commentId, total: sql<number>`coalesce(sum(${commentVotes.value}), 0)::int` })
    .from(commentVotes)
    .where(inArray(commentVotes.commentId, ids))
    .groupBy(commentVotes.commentId);
  for (const row of sums) votes.set(row.commentId, Number(row.total));
  if (viewer) {
    const own = await db
      .select({ commentId: commentVotes.commentId, value: commentVotes.value })
      .from(commentVotes)
      .innerJoin(accounts, eq(accounts.id, commentVotes.accountId))
      .where(and(inArray(commentVotes.commentId, ids), accountAddressIs(viewer)));
    for (const row of own) mine.set(row.commentId, row.value);
  }
  return { votes, mine };
}

/** The comment and its level (0 = top level), walking parent links; null when it does not exist. */
export async function findCommentWithLevel(db: Pick<Db, 'select'>, id: number): Promise<{ row: CommentRow; level: number } | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row) return null;
  let level = TOP_LEVEL;
  let parentId = row.parentId;
  // Stored depth is bounded (MAX_STORED_LEVEL), so this walks at most a few rows.
  while (parentId !== null && level <= SHOWN_LEVELS) {
    const [parent] = await db.select({ parentId: comments.parentId }).from(comments).where(eq(comments.id, parentId));
    if (!parent) break;
    level += 1;
    parentId = parent.parentId;
  }
  return { row, level };
}

/** One comment as the API returns it (no replies loaded; a fresh comment has none). */
export async function readComment(db: Db, ipfs: Ipfs, id: number, level: number, viewer: string | null): Promise<CommentNode | null> {
  const [row] = await selectWithAuthors(db, eq(comments.id, id), 'asc');
  if (!row) return null;
  const { votes, mine } = await loadVotes(db, [id], viewer);
  return toNode(row, level, ipfs, votes, mine);
}

/** The vote sum of one comment. */
export async function voteTotal(db: Db, commentId: number): Promise<number> {
  const { votes } = await loadVotes(db, [commentId], null);
  return votes.get(commentId) ?? 0;
}

/** Inserts a comment (a reply when parentId is set); its id. */
export async function insertComment(db: Db, values: { tokenId: number; parentId: number | null; accountId: number; text: string }): Promise<number> {
  const [row] = await db.insert(comments).values({ entityType: 'token', ...values }).returning({ id: comments.id });
  return row!.id;
}

// Never equal to createdAt, so the edited marker shows even for an edit within the same millisecond.
const changedAt = sql`greatest(now(), ${comments.createdAt} + interval '1 millisecond')`;

/** Replaces a comment's text; the text and when it changed. */
export async function updateCommentText(db: Db, id: number, text: string): Promise<{ text: string; updatedAt: Date }> {
  const [updated] = await db.update(comments).set({ text, updatedAt: changedAt }).where(eq(comments.id, id)).returning({ text: comments.text, updatedAt: comments.updatedAt });
  return updated!;
}

/** Soft-deletes a comment: replies stay attached; the text is cleared so it is gone from every read. */
export async function softDeleteComment(db: Db, id: number): Promise<Date> {
  const [updated] = await db.update(comments).set({ deleted: true, text: '', updatedAt: changedAt }).where(eq(comments.id, id)).returning({ updatedAt: comments.updatedAt });
  return updated!.updatedAt;
}

/** The account's vote on the comment: one per account, a second vote replaces the first. */
export async function upsertVote(db: Db, commentId: number, accountId: number, value: number): Promise<void> {
  await db
    .insert(commentVotes)
    .values({ commentId, accountId, value })
    .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.accountId], set: { value } });
}
