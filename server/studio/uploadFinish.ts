// A studio upload's last byte (the creator studio, docs/requirements.md#studio-upload): check the bytes, store them in the media store and apply them
// — a new token (media), a token's thumbnail, the canvas cover, or a generative file in attributes.files — then
// mark the canvas_uploads row done and delete the tus file (the bytes live in the media store from then on). A
// refused upload loses its row and its file; nothing else is written.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extensionOf, IMAGE_UPLOAD_MAX_FILES } from '../../domain/studio.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { collectDropped } from '../media/collect.js';
import { MediaError } from '../media/mediaError.js';
import type { MediaStore } from '../media/store.js';
import { assertCanvasState, findCanvas } from './access.js';
import { updateCanvasRow, type CanvasRow } from './queries/canvases.js';
import { insertCanvasToken, nextTokenId, replaceTokenThumbnail, tokenNumberOf } from './queries/tokens.js';
import { deleteUpload, markUploadDone, uploadById, type UploadRow } from './queries/uploads.js';
import { checkedUploadContent } from './uploadContent.js';
import { assertRoomForToken, readUploadMetadata, type UploadMetadata } from './uploadRules.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Canvas media types whose tokens are still images: the media itself is thumbnailed (sharp, 480 px webp). */
const STILL_IMAGE_CANVASES = new Set(['image', 'multipart/image']);

export interface FinishedUpload {
  /** The token the upload created (media) or changed (thumbnail): its tokenId, sent as the token-id header. */
  tokenId: string | null;
}

export interface UploadFinisherOptions {
  db: Db;
  mediaStore: MediaStore;
  /** Where the tus file store keeps an upload's bytes. */
  filePath: (id: string) => string;
  /** Deletes the tus file and its info file (a missing one is not an error). */
  removeFile: (id: string) => Promise<void>;
  /** The media collection's grace period: a replaced cover, thumbnail or file is collected after the upload. */
  mediaGraceMs: number;
}

/** True for the errors that refuse the upload (its fault), as opposed to the server failing. */
export const isRefusal = (error: unknown): error is ApiError | MediaError => error instanceof ApiError || error instanceof MediaError;

/** tus metadata values may be null (a key without a value). */
export const metadataText = (metadata: Record<string, string | null> | undefined) =>
  Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, value ?? '']));

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The generative file list with this file added (a file of the same name is replaced); a .js file is the entry. */
function withCollectionFile(attributes: Record<string, unknown> | null, file: { name: string; cid: string; type: string }) {
  const next = { ...(attributes ?? {}) };
  const files = (Array.isArray(next.files) ? next.files : []).filter((entry) => !(isObject(entry) && entry.name === file.name));
  if (files.length >= IMAGE_UPLOAD_MAX_FILES) {
    throw new ApiError(409, 'too_many_files', `This collection takes at most ${IMAGE_UPLOAD_MAX_FILES} files.`);
  }
  next.files = [...files, file];
  if (extensionOf(file.name) === 'js') next.index = { ...(isObject(next.index) ? next.index : {}), entry: file.name };
  return next;
}

const tokenIdOf = async (db: Pick<Db, 'select'>, tokenRef: number | null): Promise<string | null> =>
  tokenRef === null ? null : tokenNumberOf(db, tokenRef);

/** Applies the stored media to the canvas; returns the token row it created or changed and the CIDs it stopped naming. */
async function apply(tx: Tx, canvas: CanvasRow, row: UploadRow, metadata: UploadMetadata, cid: string): Promise<{ ref: number | null; dropped: string[] }> {
  switch (row.context) {
    case 'media': {
      await assertRoomForToken(tx, canvas);
      const token = await insertCanvasToken(tx, {
        collectionId: canvas.id,
        chainId: canvas.chainId,
        tokenId: await nextTokenId(tx, canvas.id),
        name: metadata.tokenName,
        media: cid,
        thumbnail: STILL_IMAGE_CANVASES.has(canvas.mediaType) ? cid : null,
        mediaType: canvas.mediaType,
        filename: row.filename,
        creator: row.uploader,
        attributes: metadata.attributes,
        metadata: metadata.properties ? { properties: metadata.properties } : null,
      });
      return { ref: token.id, dropped: [] };
    }
    case 'thumbnail': {
      const token = await replaceTokenThumbnail(tx, canvas.id, row.tokenRef ?? -1, cid);
      if (!token) throw new ApiError(404, 'token_not_found', 'The token this thumbnail was for has been deleted.');
      return { ref: token.id, dropped: token.previous ? [token.previous] : [] };
    }
    case 'cover':
      await updateCanvasRow(tx, canvas.id, { cover: cid });
      return { ref: null, dropped: canvas.cover ? [canvas.cover] : [] };
    case 'collection': {
      const attributes = withCollectionFile(canvas.attributes, { name: row.filename, cid, type: row.contentType ?? 'application/octet-stream' });
      await updateCanvasRow(tx, canvas.id, { attributes });
      // A file of the same name is replaced.
      const replaced = (Array.isArray(canvas.attributes?.files) ? canvas.attributes.files : []).filter(
        (entry): entry is { name: string; cid: string } => isObject(entry) && entry.name === row.filename && typeof entry.cid === 'string',
      );
      return { ref: null, dropped: replaced.map((entry) => entry.cid) };
    }
  }
}

export function createUploadFinisher({ db, mediaStore, filePath, removeFile, mediaGraceMs }: UploadFinisherOptions) {
  // One finishing run per upload at a time: the last PATCH and a HEAD after a crash may both ask.
  const running = new Map<string, Promise<FinishedUpload>>();

  /** Forgets a refused upload: its row and its file. */
  async function discard(id: string): Promise<void> {
    await deleteUpload(db, id);
    await removeFile(id);
  }

  async function run(id: string, rawMetadata: Record<string, string | null> | undefined): Promise<FinishedUpload> {
    const row = await uploadById(db, id);
    if (!row) throw new ApiError(404, 'upload_not_found', 'No upload with this id.');
    if (row.completedAt) return { tokenId: await tokenIdOf(db, row.tokenRef) };
    try {
      const metadata = readUploadMetadata(metadataText(rawMetadata));
      const { size } = await stat(filePath(id));
      if (size !== row.size) throw new ApiError(400, 'incomplete_upload', 'The upload does not have the size it declared.');
      // Checked before the bytes are stored; again under the row lock below.
      const current = await findCanvas(db, String(row.canvasId));
      if (!current) throw new ApiError(404, 'not_found', 'The collection has been deleted.');
      assertCanvasState(current, 'building');
      // One streaming read of the tus file: checked, hashed and written to the blob store as it passes.
      const source = checkedUploadContent(createReadStream(filePath(id), { highWaterMark: 1 << 20 }), extensionOf(row.filename));
      const cid = await mediaStore.putStream(source, row.contentType ?? '');
      const { ref: tokenRef, dropped } = await db.transaction(async (tx) => {
        const canvas = await findCanvas(tx, String(row.canvasId), true);
        if (!canvas || canvas.creator !== row.uploader) throw new ApiError(404, 'not_found', 'The collection has been deleted.');
        assertCanvasState(canvas, 'building');
        const applied = await apply(tx, canvas, row, metadata, cid);
        await markUploadDone(tx, id, { cid, tokenRef: applied.ref });
        return applied;
      });
      await removeFile(id);
      await collectDropped(db, dropped.filter((old) => old !== cid), mediaGraceMs);
      return { tokenId: await tokenIdOf(db, tokenRef) };
    } catch (error) {
      // A refused upload leaves nothing behind; a server failure keeps the bytes so a HEAD can finish it later.
      if (isRefusal(error)) await discard(id);
      throw error;
    }
  }

  return {
    discard,
    /** Finishes an upload whose bytes have all arrived (again: the answer of an upload finished before). */
    finish(id: string, metadata: Record<string, string | null> | undefined): Promise<FinishedUpload> {
      const pending = running.get(id);
      if (pending) return pending;
      const started = run(id, metadata).finally(() => running.delete(id));
      running.set(id, started);
      return started;
    },
  };
}

export type UploadFinisher = ReturnType<typeof createUploadFinisher>;
