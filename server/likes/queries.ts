// The likes' SQL: every statement the likes service runs, and nothing else. tokens.likes_count is the denormalized
// count the service keeps in step with the likes rows, in the same transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { likes, tokens } from '../db/schema.js';
import { collectionVisibleTo } from '../studio/queries/visibility.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/** The account's likes of tokens the viewer may see, newest first. */
export function likesOfAccount(db: Reader, accountId: number, viewer: string) {
  return db
    .select({ id: likes.id, tokenId: likes.tokenId })
    .from(likes)
    .innerJoin(tokens, eq(tokens.id, likes.tokenId))
    .where(and(eq(likes.accountId, accountId), collectionVisibleTo(tokens.collectionId, viewer)))
    .orderBy(desc(likes.id));
}

/** Inserts the like unless it exists; its id when inserted, else null. */
export async function insertLike(tx: Tx, tokenId: number, accountId: number): Promise<number | null> {
  const [inserted] = await tx
    .insert(likes)
    .values({ tokenId, accountId })
    .onConflictDoNothing({ target: [likes.tokenId, likes.accountId] })
    .returning({ id: likes.id });
  return inserted?.id ?? null;
}

/** The id of the account's like of the token, or null. */
export async function likeIdOf(tx: Reader, tokenId: number, accountId: number): Promise<number | null> {
  const [row] = await tx.select({ id: likes.id }).from(likes).where(and(eq(likes.tokenId, tokenId), eq(likes.accountId, accountId)));
  return row?.id ?? null;
}

/** The token of the account's like with this id, or null when the like is not the account's. */
export async function likedTokenOf(tx: Reader, likeId: number, accountId: number): Promise<number | null> {
  const [row] = await tx.select({ tokenId: likes.tokenId }).from(likes).where(and(eq(likes.id, likeId), eq(likes.accountId, accountId)));
  return row?.tokenId ?? null;
}

/** Deletes the account's like of the token; its id when there was one, else null. */
export async function deleteLike(tx: Tx, tokenId: number, accountId: number): Promise<number | null> {
  const [deleted] = await tx
    .delete(likes)
    .where(and(eq(likes.tokenId, tokenId), eq(likes.accountId, accountId)))
    .returning({ id: likes.id });
  return deleted?.id ?? null;
}

/** The token's count of likes, or null when there is no such token. */
export async function likesCountOf(tx: Reader, tokenId: number): Promise<number | null> {
  const [row] = await tx.select({ likesCount: tokens.likesCount }).from(tokens).where(eq(tokens.id, tokenId));
  return row?.likesCount ?? null;
}

/** Changes the count by delta (never below 0); the new value, or null when there is no such token. */
export async function bumpLikes(tx: Tx, tokenId: number, delta: 1 | -1): Promise<number | null> {
  const [row] = await tx
    .update(tokens)
    .set({ likesCount: sql`greatest(${tokens.likesCount} + ${delta}, 0)` })
    .where(eq(tokens.id, tokenId))
    .returning({ likesCount: tokens.likesCount });
  return row?.likesCount ?? null;
}
