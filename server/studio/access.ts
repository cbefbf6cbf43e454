// Who may touch a studio canvas (the creator studio, docs/requirements.md#studio-upload): only an account flagged isCreator, only the canvas's own
// creator; a finalized canvas refuses edits and a published one refuses everything but reads. Shared by the canvas
// REST routes and the tus upload endpoint, so both answer the same status and message for the same situation.
import { findAccount } from '../accounts/store.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import {
  CANVAS_FINALIZED_MESSAGE,
  CANVAS_NOT_FINALIZED_MESSAGE,
  CANVAS_NOT_FOUND_MESSAGE,
  CANVAS_PUBLISHED_MESSAGE,
  NOT_A_CREATOR_MESSAGE,
  NOT_CANVAS_CREATOR_MESSAGE,
} from '../../domain/studio.js';
import { canvasById, type CanvasRow } from './queries/canvases.js';


/** Anything that can select: the db or a transaction. */
type Reader = Pick<Db, 'select'>;

/**
 * What the action needs of the canvas's state:
 * - 'building': edits (details, tokens, uploads, finalize) — 409 when finalized or published;
 * - 'finalized': publish preparation — 409 while building or once published;
 * - 'unpublished': anything but published (delete) — 409 when published;
 * - 'any': no state rule (the creator's own reads).
 */
export type CanvasNeeds = 'building' | 'finalized' | 'unpublished' | 'any';

export interface LoadCanvasOptions {
  needs: CanvasNeeds;
  /** Lock the row (SELECT … FOR UPDATE) — pass inside a transaction that changes the canvas or its tokens. */
  lock?: boolean;
}

/** The signed-in account as requireAccount sets it (only the address is read). */
export interface CanvasActor {
  address: string;
}

const CANVAS_ID = /^[1-9]\d{0,15}$/;

/** The numeric canvas id, or null when the text is not a positive integer id. */
export function parseCanvasId(text: string | undefined | null): number | null {
  if (typeof text !== 'string' || !CANVAS_ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** 403 unless the account exists and is flagged isCreator (the factory's registered creators). */
export async function requireCreatorAccount(db: Reader, account: CanvasActor): Promise<void> {
  const row = await findAccount(db, account.address);
  if (!row?.isCreator || row.isBanned) throw new ApiError(403, 'not_creator', NOT_A_CREATOR_MESSAGE);
}

/** The canvas row by id text, or null when the id is malformed or unknown (no permission check). */
export async function findCanvas(db: Reader, idText: string | undefined | null, lock = false): Promise<CanvasRow | null> {
  const id = parseCanvasId(idText);
  if (id === null) return null;
  return canvasById(db, id, lock);
}

/** Throws the 409 for a canvas whose state does not allow the action. */
export function assertCanvasState(canvas: Pick<CanvasRow, 'state'>, needs: CanvasNeeds): void {
  if (needs === 'any') return;
  if (canvas.state === 'published') throw new ApiError(409, 'canvas_published', CANVAS_PUBLISHED_MESSAGE);
  if (needs === 'building' && canvas.state !== 'building') {
    throw new ApiError(409, 'canvas_finalized', CANVAS_FINALIZED_MESSAGE);
  }
  if (needs === 'finalized' && canvas.state !== 'finalized') {
    throw new ApiError(409, 'canvas_not_finalized', CANVAS_NOT_FINALIZED_MESSAGE);
  }
}

/**
 * Loads the signed-in account's own canvas: 404 for a malformed or unknown id, 403 when the account is not a
 * creator or not this canvas's creator, 409 when the canvas's state does not allow `needs`.
 */
export async function loadOwnCanvas(
  db: Reader,
  account: CanvasActor,
  idText: string | undefined | null,
  { needs, lock = false }: LoadCanvasOptions,
): Promise<CanvasRow> {
  const canvas = await findCanvas(db, idText, lock);
  // A marketplace collection imported from the chain (no studio state to speak of) is still a collection row; only
  // its creator reaches the state check, so nobody learns more than "not yours".
  if (!canvas) throw new ApiError(404, 'not_found', CANVAS_NOT_FOUND_MESSAGE);
  if (canvas.creator !== account.address.toLowerCase()) throw new ApiError(403, 'forbidden', NOT_CANVAS_CREATOR_MESSAGE);
  await requireCreatorAccount(db, account);
  assertCanvasState(canvas, needs);
  return canvas;
}
