// The canvas writes: create, edit, delete, finalize (tokens renumbered 1..n). Each write locks the canvas row in
// its transaction and checks the state there, so two requests racing (an edit and a finalize, two token uploads)
// are applied one after the other, each against the state the other left.
import { randomBytes } from 'node:crypto';
import { NO_TOKENS_MESSAGE } from '../../domain/studio.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { collectDropped } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import { loadOwnCanvas, type CanvasActor } from './access.js';
import type { CanvasForm } from './canvasForm.js';
import { deleteCanvasRow, insertCanvas, markCanvasFinalized, updateCanvasRow, type CanvasRow } from './queries/canvases.js';
import { deleteTokensOfCanvas, hasTokens, renumberTokens } from './queries/tokens.js';
import { deleteUploadsOfCanvas } from './queries/uploads.js';
import { removeUploadFiles } from './uploadExpiry.js';

/** The unguessable token of a canvas's preview link (192 random bits, URL-safe). */
export const newShareToken = () => randomBytes(24).toString('base64url');

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
  return insertCanvas(db, {
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
  });
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
    const row = await updateCanvasRow(tx, canvas.id, {
      name: form.details.name,
      symbol: form.details.symbol,
      description: form.details.description,
      supplyPerToken: form.details.supplyPerToken,
      royaltiesBasispoints: form.details.royaltiesBasispoints,
      // Re-read under the lock: an upload may have added files since the form was parsed.
      attributes: form.attributes === null ? canvas.attributes : mergeUploadedFiles(form.attributes, canvas.attributes),
      ...(cover ? { cover } : {}),
    });
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
    const uploadIds = await deleteUploadsOfCanvas(tx, canvas.id);
    const media = await deleteTokensOfCanvas(tx, canvas.id);
    await deleteCanvasRow(tx, canvas.id);
    const manifest = /^ipfs:\/\/([a-z0-9]+)\/?$/i.exec(canvas.baseUri ?? '')?.[1];
    const dropped = [canvas.cover, canvas.thumbnail, manifest, ...canvasFileCids(canvas.attributes), ...media.flatMap((token) => [token.media, token.thumbnail])];
    return { canvas, uploadIds, dropped };
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

/** building → finalized: needs a token; tokens renumbered 1..n; tokenCount set. */
export async function finalizeCanvas(db: Db, account: CanvasActor, idText: string): Promise<CanvasRow> {
  return db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'building', lock: true });
    if (!(await hasTokens(tx, canvas.id))) throw new ApiError(409, 'no_tokens', NO_TOKENS_MESSAGE);
    const n = await renumberTokens(tx, canvas.id);
    const row = await markCanvasFinalized(tx, canvas.id, n);
    return row!;
  });
}
