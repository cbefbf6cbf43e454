// A canvas's tokens: read, rename/describe, delete, and the generative token (a seed value over the canvas's script).
import {
  SCRIPT_FILE_NEEDED_MESSAGE,
  TOKEN_NOT_FOUND_MESSAGE,
  tokenUpdateSchema,
} from '../../domain/studio.js';
import { generativeTokenRequest } from '../../domain/contracts/studio.js';
import type { Db } from '../db/client.js';
import { refuseNul } from '../http/body.js';
import { ApiError } from '../http/errors.js';
import { loadOwnCanvas, type CanvasActor } from './access.js';
import type { CanvasRow } from './queries/canvases.js';
import { canvasTokenByNumber, deleteTokenRow, insertCanvasToken, nextTokenId, updateTokenText, type CanvasTokenRow } from './queries/tokens.js';

const TOKEN_ID = /^[1-9]\d{0,77}$/;

const invalid = (message: string) => new ApiError(400, 'invalid_input', message);
const notFound = () => new ApiError(404, 'not_found', TOKEN_NOT_FOUND_MESSAGE);

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0]!;
  return issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}

/** The token `tokenIdText` (its on-chain number, 1, 2, …) of a canvas; 404 when malformed or absent. */
export async function findCanvasToken(db: Pick<Db, 'select'>, canvasId: number, tokenIdText: string | undefined, lock = false): Promise<CanvasTokenRow> {
  if (typeof tokenIdText !== 'string' || !TOKEN_ID.test(tokenIdText)) throw notFound();
  const row = await canvasTokenByNumber(db, canvasId, tokenIdText, lock);
  if (!row) throw notFound();
  return row;
}

/** PUT /canvas/{id}/token/{tokenId}: name (required, max 50) and description (empty clears it). */
export function parseTokenUpdate(body: unknown): { name: string; description: string | null } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The request body must be an object of fields.');
  const fields = body as Record<string, unknown>;
  const extra = Object.keys(fields).find((key) => key !== 'name' && key !== 'description');
  if (extra !== undefined) throw invalid(`Unknown field ${JSON.stringify(extra.slice(0, 40))}.`);
  const input = { name: fields.name, description: fields.description ?? '' };
  refuseNul(input);
  const parsed = tokenUpdateSchema.safeParse(input);
  if (!parsed.success) throw invalid(firstIssue(parsed.error));
  return { name: parsed.data.name, description: parsed.data.description === '' ? null : parsed.data.description };
}

export async function updateCanvasToken(db: Db, account: CanvasActor, idText: string, tokenIdText: string, change: { name: string; description: string | null }) {
  return db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'building', lock: true });
    const token = await findCanvasToken(tx, canvas.id, tokenIdText, true);
    const row = await updateTokenText(tx, token.id, change);
    return row!;
  });
}

export async function deleteCanvasToken(db: Db, account: CanvasActor, idText: string, tokenIdText: string) {
  return db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'building', lock: true });
    const token = await findCanvasToken(tx, canvas.id, tokenIdText, true);
    await deleteTokenRow(tx, token.id);
    return token;
  });
}

/** POST /canvas/{id}/token body: { name, seedValue } by the shared rules. */
export function parseGenerativeToken(body: unknown): { name: string; seedValue: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The request body must be an object of fields.');
  const fields = body as Record<string, unknown>;
  const extra = Object.keys(fields).find((key) => key !== 'name' && key !== 'seedValue');
  if (extra !== undefined) throw invalid(`Unknown field ${JSON.stringify(extra.slice(0, 40))}.`);
  refuseNul(fields);
  const parsed = generativeTokenRequest.safeParse({ name: fields.name, seedValue: fields.seedValue });
  if (!parsed.success) throw invalid(firstIssue(parsed.error));
  return parsed.data;
}

/** The canvas's script: the uploaded file named by `index.entry`; null before one is uploaded. */
export function generativeScript(canvas: Pick<CanvasRow, 'attributes'>): { name: string; cid: string } | null {
  const attributes = canvas.attributes ?? {};
  const index = attributes.index as { entry?: unknown } | undefined;
  const files = Array.isArray(attributes.files) ? (attributes.files as { name?: unknown; cid?: unknown }[]) : [];
  const entry = typeof index?.entry === 'string' ? index.entry : null;
  const file = files.find((candidate) => candidate && candidate.name === entry && typeof candidate.cid === 'string');
  return file && entry ? { name: entry, cid: file.cid as string } : null;
}

/**
 * A generative token: the canvas's script as its media and the seed in its attributes — `seedValue`, and `seed`,
 * which the sandbox frame reads (src/components/media/mediaSpec.ts), so the studio preview and the token page
 * render the same pixels for it.
 */
export async function createGenerativeToken(db: Db, account: CanvasActor, idText: string, input: { name: string; seedValue: string }) {
  return db.transaction(async (tx) => {
    const canvas = await loadOwnCanvas(tx, account, idText, { needs: 'building', lock: true });
    if (canvas.mediaType !== 'multipart/mixed') {
      throw new ApiError(409, 'not_generative', 'Only a generative collection creates tokens from a seed value.');
    }
    const script = generativeScript(canvas);
    if (!script) throw new ApiError(409, 'script_needed', SCRIPT_FILE_NEEDED_MESSAGE);
    return insertCanvasToken(tx, {
      collectionId: canvas.id,
      chainId: canvas.chainId,
      tokenId: await nextTokenId(tx, canvas.id),
      name: input.name,
      media: script.cid,
      mediaType: canvas.mediaType,
      filename: script.name,
      attributes: { seedValue: input.seedValue, seed: input.seedValue },
      creator: canvas.creator,
    });
  });
}
