// The studio service (the creator studio, docs/requirements.md#studio-upload): what the canvas REST routes (./routes.ts, ./tokenRoutes.ts) do — a
// creator's studio collections ("canvases") created, read (by the creator, with the preview link, or published),
// edited, deleted, finalized and prepared for publishing, and their tokens read, renamed, deleted and created from a
// seed value. The access rules (404 / 403 / 409) are ./access.ts, shared with the tus upload endpoint (./upload*.ts);
// the writes are ./canvasStore.ts and ./canvasTokens.ts, their SQL ./queries/; the answers' shapes ./canvasView.ts,
// shared with GraphQL's getAllCanvas (graphql/studio). Errors are ApiErrors with the status and message the REST
// answer carries.
import type { DeletedAnswer } from '../../domain/contracts/studio.js';
import { CANVAS_NOT_FOUND_MESSAGE } from '../../domain/studio.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { LiveBus } from '../live/bus.js';
import { collectDropped } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import { findCanvas, loadOwnCanvas, requireCreatorAccount } from './access.js';
import type { CanvasForm } from './canvasForm.js';
import { createCanvas, deleteCanvas, finalizeCanvas, updateCanvas } from './canvasStore.js';
import { createGenerativeToken, deleteCanvasToken, findCanvasToken, updateCanvasToken } from './canvasTokens.js';
import { canReadCanvas, canvasJson, tokenJson } from './canvasView.js';
import { prepareCanvasPublish } from './publish.js';
import type { CanvasRow } from './queries/canvases.js';
import { tokenCountOf } from './queries/tokens.js';

/** 404 with the same words for an unknown canvas and for one the caller may not see. */
export const canvasNotFound = () => new ApiError(404, 'not_found', CANVAS_NOT_FOUND_MESSAGE);

export interface StudioServiceOptions {
  db: Db;
  config: ServerConfig;
  mediaStore: MediaStore;
  live: LiveBus;
}

export function studioService(options: StudioServiceOptions) {
  const { db, config, mediaStore } = options;
  const ipfs = config.public.ipfs;
  const mediaGraceMs = config.security.storage.mediaGraceMs;
  const actor = (viewer: string) => ({ address: viewer });

  /** The canvas as its creator reads it. */
  const ownDoc = async (row: CanvasRow) => canvasJson(ipfs, row, await tokenCountOf(db, row.id), true);

  /** The canvas when the viewer may read it (its creator, the preview link's holder, anyone once published); else 404. */
  const readable = async (idText: string, viewer: string | null, share: string | undefined) => {
    const row = await findCanvas(db, idText);
    if (!row || !canReadCanvas(row, viewer, share)) throw canvasNotFound();
    return row;
  };

  return {
    /** 403 unless the viewer is a creator: checked before a new canvas's form is read. */
    creatable: (viewer: string) => requireCreatorAccount(db, actor(viewer)),

    /** Creates the viewer's canvas from the checked form. */
    async create(viewer: string, form: CanvasForm) {
      return ownDoc(await createCanvas(db, mediaStore, { chainId: config.chainId, creator: viewer }, form));
    },

    /** The canvas as the viewer may read it (the creator sees the creator's fields). */
    async read(idText: string, viewer: string | null, share: string | undefined) {
      const row = await readable(idText, viewer, share);
      return canvasJson(ipfs, row, await tokenCountOf(db, row.id), viewer === row.creator);
    },

    /** The viewer's own canvas, still building (404 / 403 / 409): checked before an edit's body is read. */
    editable: (viewer: string, idText: string) => loadOwnCanvas(db, actor(viewer), idText, { needs: 'building' }),

    /** Saves the checked form on the viewer's canvas. */
    async update(viewer: string, idText: string, form: CanvasForm) {
      return ownDoc(await updateCanvas(db, mediaStore, actor(viewer), idText, form, { mediaGraceMs }));
    },

    /** Deletes the viewer's unpublished canvas with its tokens and uploads. */
    async remove(viewer: string, idText: string) {
      const deleted = await deleteCanvas(db, actor(viewer), idText, { dataDir: config.dataDir, mediaGraceMs });
      const answer = { id: String(deleted.id), deleted: true as const };
      return answer satisfies DeletedAnswer;
    },

    finalize: async (viewer: string, idText: string) => ownDoc(await finalizeCanvas(db, actor(viewer), idText)),

    /** Pins the manifest (with the renders of the request's body, if any) and answers the factory call's parameters (./publish.ts). */
    publish: (viewer: string, idText: string, body?: unknown) => prepareCanvasPublish(options, actor(viewer), idText, body),

    /** A canvas token, read as its canvas is read. */
    async readToken(idText: string, tokenIdText: string, viewer: string | null, share: string | undefined) {
      const canvas = await readable(idText, viewer, share);
      return tokenJson(ipfs, await findCanvasToken(db, canvas.id, tokenIdText));
    },

    async updateToken(viewer: string, idText: string, tokenIdText: string, change: { name: string; description: string | null }) {
      return tokenJson(ipfs, await updateCanvasToken(db, actor(viewer), idText, tokenIdText, change));
    },

    /** Deletes a token of the viewer's building canvas; its file and thumbnail go unless something else names them. */
    async removeToken(viewer: string, idText: string, tokenIdText: string) {
      const deleted = await deleteCanvasToken(db, actor(viewer), idText, tokenIdText);
      // A generative token's script stays the canvas's.
      await collectDropped(db, [deleted.media, deleted.thumbnail], mediaGraceMs);
      const answer = { tokenId: deleted.tokenId, name: deleted.name, deleted: true as const };
      return answer satisfies DeletedAnswer;
    },

    async createToken(viewer: string, idText: string, input: { name: string; seedValue: string }) {
      return tokenJson(ipfs, await createGenerativeToken(db, actor(viewer), idText, input));
    },
  };
}

export type StudioService = ReturnType<typeof studioService>;
