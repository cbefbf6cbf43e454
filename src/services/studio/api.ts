// The studio's REST calls (docs/requirements.md#studio-upload "REST under /api/v1 … /canvas"), signed with the creator's login through
// authFetch. Every call honours its signal and throws HttpError (the server's code and message) or NetworkError.
import type { StudioMediaType } from '../../../domain/studioRules';
import type { GenerativeTokenRequest } from '../../../domain/contracts/studio';
import type { PublishParameters, StudioCanvas, StudioToken } from '../../../machines/studio/studioTypes';
import type { GenerativeRender } from '../../../domain/generativeRender';
import { signedJson, type ApiKeyCredentials, type AuthFetchOptions } from '../authFetch';

/** The collection details form's values as the server takes them (domain/studio canvasDetailsSchema's input). */
export interface CanvasDetailsInput {
  name: string;
  symbol: string;
  description: string;
  royaltiesBasispoints: number | string;
  supplyPerToken: number | string;
  mediaType: StudioMediaType;
  /** Generative: { seedVariableName, jsLibrary }; flipcard: { display: { …, rows, columns } }. */
  attributes?: Record<string, unknown> | null;
}

interface CallOptions extends AuthFetchOptions {
  signal?: AbortSignal;
}

export type { PublishParameters, StudioCanvas, StudioToken };

const canvasPath = (id: string) => `/canvas/${encodeURIComponent(id)}`;
const tokenPath = (canvasId: string, tokenId: string) => `${canvasPath(canvasId)}/token/${encodeURIComponent(tokenId)}`;

/** The details as multipart fields, with the cropped square cover when one was chosen. */
export function canvasFormData(details: CanvasDetailsInput, cover?: Blob | null): FormData {
  const form = new FormData();
  form.set('name', details.name);
  form.set('symbol', details.symbol);
  form.set('description', details.description);
  form.set('royaltiesBasispoints', String(details.royaltiesBasispoints));
  form.set('supplyPerToken', String(details.supplyPerToken));
  form.set('mediaType', details.mediaType);
  if (details.attributes) form.set('attributes', JSON.stringify(details.attributes));
  if (cover) form.set('cover', cover, coverFileName(cover));
  return form;
}

function coverFileName(cover: Blob): string {
  if (cover instanceof File && cover.name) return cover.name;
  return cover.type === 'image/png' ? 'cover.png' : 'cover.jpg';
}

const jsonBody = (body: unknown): RequestInit => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

/** POST /api/v1/canvas/ → the new canvas (201). */
export function createCanvas(credentials: ApiKeyCredentials, details: CanvasDetailsInput, cover?: Blob | null, options: CallOptions = {}): Promise<StudioCanvas> {
  return signedJson('/canvas/', { method: 'POST', body: canvasFormData(details, cover), signal: options.signal }, credentials, 'canvas', options);
}

/** PUT /api/v1/canvas/{id} with the same fields (the media type may not change). */
export function updateCanvas(credentials: ApiKeyCredentials, id: string, details: CanvasDetailsInput, cover?: Blob | null, options: CallOptions = {}): Promise<StudioCanvas> {
  return signedJson(canvasPath(id), { method: 'PUT', body: canvasFormData(details, cover), signal: options.signal }, credentials, 'canvas', options);
}

/** DELETE /api/v1/canvas/{id}. */
export async function deleteCanvas(credentials: ApiKeyCredentials, id: string, options: CallOptions = {}): Promise<void> {
  await signedJson(canvasPath(id), { method: 'DELETE', signal: options.signal }, credentials, 'deleted', options);
}

/** GET /api/v1/canvas/{id}: as its creator (signed), or anyone with the preview link's share token. */
export function getCanvas(credentials: ApiKeyCredentials, id: string, options: CallOptions & { share?: string } = {}): Promise<StudioCanvas> {
  const query = options.share ? `?share=${encodeURIComponent(options.share)}` : '';
  return signedJson(`${canvasPath(id)}${query}`, { method: 'GET', signal: options.signal }, credentials, 'canvas', options);
}

/** GET /api/v1/canvas/{id}/token/{tokenId} (the gif screen fetches its token by the upload's token-id). */
export function getCanvasToken(credentials: ApiKeyCredentials, canvasId: string, tokenId: string, options: CallOptions = {}): Promise<StudioToken> {
  return signedJson(tokenPath(canvasId, tokenId), { method: 'GET', signal: options.signal }, credentials, 'canvasToken', options);
}

/** PUT /api/v1/canvas/{id}/token/{tokenId}: name and description (sent empty when the box is unchecked). */
export function updateCanvasToken(
  credentials: ApiKeyCredentials,
  canvasId: string,
  tokenId: string,
  change: { name: string; description: string },
  options: CallOptions = {},
): Promise<StudioToken> {
  const form = new FormData();
  form.set('name', change.name);
  form.set('description', change.description);
  return signedJson(tokenPath(canvasId, tokenId), { method: 'PUT', body: form, signal: options.signal }, credentials, 'canvasToken', options);
}

/** DELETE /api/v1/canvas/{id}/token/{tokenId}. */
export async function deleteCanvasToken(credentials: ApiKeyCredentials, canvasId: string, tokenId: string, options: CallOptions = {}): Promise<void> {
  await signedJson(tokenPath(canvasId, tokenId), { method: 'DELETE', signal: options.signal }, credentials, 'deleted', options);
}

/** POST /api/v1/canvas/{id}/token: a generative token with its seed value and name. */
export function createGenerativeToken(
  credentials: ApiKeyCredentials,
  canvasId: string,
  token: GenerativeTokenRequest,
  options: CallOptions = {},
): Promise<StudioToken> {
  return signedJson(`${canvasPath(canvasId)}/token`, { method: 'POST', ...jsonBody(token), signal: options.signal }, credentials, 'canvasToken', options);
}

/** POST /api/v1/canvas/{id}/finalize: the canvas, finalized (tokens renumbered 1..n). */
export function finalizeCanvas(credentials: ApiKeyCredentials, id: string, options: CallOptions = {}): Promise<StudioCanvas> {
  return signedJson(`${canvasPath(id)}/finalize`, { method: 'POST', signal: options.signal }, credentials, 'canvas', options);
}

/**
 * POST /api/v1/canvas/{id}/publish: pins the metadata and returns CreateTradableCollection's parameters. A generative
 * canvas's tokens carry the renders the studio recorded (domain/generativeRender.ts), by token id.
 */
export function prepareCanvasPublish(
  credentials: ApiKeyCredentials,
  id: string,
  options: CallOptions & { renders?: Record<string, GenerativeRender> } = {},
): Promise<PublishParameters> {
  const body = options.renders ? jsonBody({ renders: options.renders }) : {};
  return signedJson(`${canvasPath(id)}/publish`, { method: 'POST', ...body, signal: options.signal }, credentials, 'publish', options);
}

/** The preview link anyone with it may open (docs/requirements.md#shell-routes "/canvas/{container_id}"). */
export function canvasPreviewLink(origin: string, canvas: Pick<StudioCanvas, 'id' | 'shareToken'>): string {
  const share = canvas.shareToken ? `?share=${encodeURIComponent(canvas.shareToken)}` : '';
  return `${origin}/canvas/${encodeURIComponent(canvas.id)}${share}`;
}
