// The canvas writes: create, edit, delete, finalize (tokens renumbered 1..n). Each write locks the canvas row in
// its transaction and checks the state there, so two requests racing (an edit and a finalize, two token uploads)
// are applied one after the other, each against the state the other left.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { NO_TOKENS_MESSAGE } from '../../domain/studio.js';
import type { Db } from '../db/client.js';
import { canvasUploads, collections, tokens } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { collectDropped } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import { loadOwnCanvas, type CanvasActor, type CanvasRow } from './access.js';
import type { CanvasForm } from './canvasForm.js';
import { removeUploadFiles } from './uploadExpiry.js';

/** A transaction (or the db): what the canvas writes run on. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The unguessable token of a canvas's preview link (192 random bits, URL-safe). */
export const newShareToken = () => randomBytes(24).toString('base64url');

/** The next token id of a canvas: one more than its highest (tokens keep their upload order). Lock the canvas first. */
export async function nextTokenId(tx: Pick<Db, 'select'>, canvasId: number): Promise<string> {
  const [row] = await tx
    .select({ max: sql<string | null>`max(${tokens.tokenId})` })
    .from(tokens)
    .where(eq(tokens.collectionId, canvasId));
  return (BigInt(row?.max ?? '0') + 1n).toString();
}

/** Stores the checked cover image (before the row that names it, so a failure leaves no row naming nothing). */
async function storeCover(mediaStore: MediaStore, form: CanvasForm): Promise<string | null> {
  return form.cover ? mediaStore.put(form.cover.bytes, form.cover.contentType) : null;
}

export async function createCanvas(
  db: Db,
  mediaStore: MediaStore,
  { chainId, creator }: { chainId: number; creator: string },
  form: CanvasForm,
): Promise<CanvasRow> {
  const cover = await storeCover(mediaStore, form);
  const [row] = await db
    .insert(collections)
    .values({
      chainId,
      creator: creator.toLowerCase(),
      state: 'building',
      shareToken: newShareToken(),
      name: form.details.name,
      symbol: form.details.symbol,
      description: form.details.description,
      mediaType: form.details.mediaType,
      supplyPerToken: form.details.supplyPerToken,
      royaltiesBasispoints: form.details.royaltiesBasispoints,
      attributes: form.attributes,
      cover,
      tokenCount: 0,
    })
    .returning();
  return row!;
}

/** The media collection's grace period (StorageLimits.mediaGraceMs): what a write stopped naming is collected after it. */
export interface CanvasMediaOptions {
  mediaGraceMs: number;
}

export async function updateCanvas(
  db: Db,
  mediaStore: MediaStore,
  account: CanvasActor,
  idText: string,
  form: CanvasForm,
  { mediaGraceMs }: CanvasMediaOptions,
): Promise<CanvasRow> {
  const cover = await storeCover(mediaStore, form);
  let replaced: string | null = null;
  const updated = await db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'building', lock: true });
    if (cover && canvas.cover !== cover) replaced = canvas.cover;
    const [row] = await tx
      .update(collections)
      .set({
        name: form.details.name,
        symbol: form.details.symbol,
        description: form.details.description,
        supplyPerToken: form.details.supplyPerToken,
        royaltiesBasispoints: form.details.royaltiesBasispoints,
        // Re-read under the lock: an upload may have added files since the form was parsed.
        attributes: form.attributes === null ? canvas.attributes : mergeUploadedFiles(form.attributes, canvas.attributes),
        ...(cover ? { cover } : {}),
        updatedAt: new Date(),
      })
      .where(eq(collections.id, canvas.id))
      .returning();
    return row!;
  });
  await collectDropped(db, [replaced], mediaGraceMs);
  return updated;
}

/** The CIDs a generative canvas lists in attributes.files. */
export function canvasFileCids(attributes: Record<string, unknown> | null): string[] {
  const files = Array.isArray(attributes?.files) ? (attributes.files as unknown[]) : [];
  return files.flatMap((file) => (file && typeof file === 'object' && typeof (file as { cid?: unknown }).cid === 'string' ? [(file as { cid: string }).cid] : []));
}

/** The form's attributes with the uploads' files and script entry as they are now under the lock. */
function mergeUploadedFiles(next: Record<string, unknown>, locked: Record<string, unknown> | null): Record<string, unknown> {
  if (!locked) return next;
  const merged = { ...next };
  if ('files' in locked) merged.files = locked.files;
  const lockedIndex = locked.index as Record<string, unknown> | undefined;
  if (lockedIndex && typeof lockedIndex === 'object' && 'entry' in lockedIndex) {
    merged.index = { ...(next.index as Record<string, unknown> | undefined), entry: lockedIndex.entry };
  }
  return merged;
}

/**
 * Deletes an unpublished canvas with its tokens and upload records (one transaction), then its uploads' tus files:
 * a failed request leaves the canvas whole; files left by a failure after the commit expire like abandoned uploads.
 */
export async function deleteCanvas(
  db: Db,
  account: CanvasActor,
  idText: string,
  { dataDir, mediaGraceMs }: { dataDir: string } & CanvasMediaOptions,
): Promise<CanvasRow> {
  const { canvas, uploadIds, dropped } = await db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'unpublished', lock: true });
    const uploads = await tx.delete(canvasUploads).where(eq(canvasUploads.canvasId, canvas.id)).returning({ id: canvasUploads.id });
    const media = await tx.delete(tokens).where(eq(tokens.collectionId, canvas.id)).returning({ media: tokens.media, thumbnail: tokens.thumbnail });
    await tx.delete(collections).where(eq(collections.id, canvas.id));
    const manifest = /^ipfs:\/\/([a-z0-9]+)\/?$/i.exec(canvas.baseUri ?? '')?.[1];
    const dropped = [canvas.cover, canvas.thumbnail, manifest, ...canvasFileCids(canvas.attributes), ...media.flatMap((token) => [token.media, token.thumbnail])];
    return { canvas, uploadIds: uploads.map((upload) => upload.id), dropped };
  });
  await collectDropped(db, dropped, mediaGraceMs);
  try {
    await removeUploadFiles(dataDir, uploadIds);
  } catch (error) {
    // The canvas is gone (committed); files left here expire and are swept like abandoned uploads.
    console.error(`Removing the upload files of canvas ${canvas.id} failed:`, error);
  }
  return canvas;
}

/** Renumbers a canvas's tokens 1..n in their order (token id, then creation), in two steps past the unique index. */
export async function renumberTokens(tx: Executor, canvasId: number): Promise<number> {
  const ordered = tx
    .select({ id: tokens.id, n: sql<number>`row_number() over (order by ${tokens.tokenId}, ${tokens.id})`.as('n') })
    .from(tokens)
    .where(eq(tokens.collectionId, canvasId))
    .as('ordered');
  await tx.execute(sql`UPDATE ${tokens} SET token_id = -${ordered.n} FROM ${ordered} WHERE ${tokens.id} = ${ordered.id}`);
  const renumbered = await tx
    .update(tokens)
    .set({ tokenId: sql`-${tokens.tokenId}`, updatedAt: new Date() })
    .where(eq(tokens.collectionId, canvasId))
    .returning({ id: tokens.id });
  return renumbered.length;
}

/** building → finalized: needs a token; tokens renumbered 1..n; tokenCount set. */
export async function finalizeCanvas(db: Db, account: CanvasActor, idText: string): Promise<CanvasRow> {
  return db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'building', lock: true });
    const [first] = await tx.select({ id: tokens.id }).from(tokens).where(eq(tokens.collectionId, canvas.id)).limit(1);
    if (!first) throw new ApiError(409, 'no_tokens', NO_TOKENS_MESSAGE);
    const n = await renumberTokens(tx, canvas.id);
    const [row] = await tx
      .update(collections)
      .set({ state: 'finalized', tokenCount: n, updatedAt: new Date() })
      .where(and(eq(collections.id, canvas.id), eq(collections.state, 'building')))
      .returning();
    return row!;
  });
}

/** A canvas's tokens in token order. */
export async function canvasTokens(db: Pick<Db, 'select'>, canvasId: number) {
  return db.select().from(tokens).where(eq(tokens.collectionId, canvasId)).orderBy(asc(tokens.tokenId), asc(tokens.id));
}
