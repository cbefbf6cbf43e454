// The studio's data as its machines see it (docs/requirements.md#studio-upload "Collection (studio)", "Token"), and the inputs of the
// actors the services provide (src/services/flows/studio.ts). Server shapes are mapped by the services.
import type { CanvasAnswer, CanvasTokenAnswer } from '../../domain/contracts/studio';
import type { CanvasDetails, StudioMediaType } from '../../domain/studioRules';

/** Generative canvas attributes (design: `{ files, index: { entry, seedVariableName }, jsLibrary }`), flipcard `display`. */
export interface CanvasAttributes {
  files?: Array<{ name: string; cid: string; type: string }>;
  index?: { entry?: string | null; seedVariableName?: string | null };
  jsLibrary?: string;
  display?: { layout: string; action: string; transition: string; rows: number; columns: number };
}

/** GET /api/v1/canvas/{id} as the studio reads it: its contract's (domain/contracts/studio.ts). */
export type StudioCanvas = CanvasAnswer;

/** A canvas token (GET /api/v1/canvas/{id}/token/{tokenId}, getTokensByContainerId): its contract's. */
export type StudioToken = CanvasTokenAnswer;

/** POST /api/v1/canvas/{id}/publish: the factory call's parameters (one shape, shared with the server). */
export type { PublishParameters } from '../../domain/contracts/studio';

/** A canvas's attributes as the studio reads them. */
export const canvasAttributes = (canvas: StudioCanvas | null): CanvasAttributes => (canvas?.attributes ?? {}) as CanvasAttributes;

/** The collection details form's fields as typed (text inputs; parsed by canvasDetailsSchema on save). */
export interface DetailsValues {
  name: string;
  symbol: string;
  description: string;
  royaltiesBasispoints: string;
  supplyPerToken: string;
  mediaType: StudioMediaType | '';
  /** Generative: the seed identifier (the script's seed variable name). */
  seedVariableName: string;
  /** Generative: p5 only (the selector is disabled). */
  jsLibrary: 'p5';
  /** Flipcard grid (defaults 1 × 2). */
  rows: string;
  columns: string;
}
export type DetailsField = Exclude<keyof DetailsValues, 'jsLibrary'>;

/** The details form's state (details and update steps). */
export interface DetailsForm {
  values: DetailsValues;
  /** One message per field (domain/studio.ts rules through firstIssue); shown once the field was changed or submitted. */
  errors: Partial<Record<DetailsField, string>>;
  /** 'Please fill all necessary fields' after a submit with missing fields. */
  formError: string | null;
  /** The cover crop editor is open (the user has not applied the crop): Next is disabled. */
  coverEditing: boolean;
  /** The file in the open crop editor (kept for a reload, which reopens the editor with it); null otherwise. */
  coverFile: Blob | null;
  /** A chosen cover a reload could not keep (over DRAFT_FILE_MAX_BYTES): its name, until another is chosen. */
  coverDropped: string | null;
}

/** The generative token form (create token step): seed value and token name, each required, max 50. */
export interface GenerativeValues {
  seedValue: string;
  name: string;
}

/** Thumbnail choice of the gif, video and generative paths. */
export type ThumbnailMode = 'default' | 'custom';

/** What the services need to save a canvas: POST (canvasId null) or PUT /api/v1/canvas/{id}. */
export interface SaveDetailsInput {
  canvasId: string | null;
  details: CanvasDetails;
  /** Generative `{ index: { seedVariableName }, jsLibrary }`, flipcard `{ display }`; null for the others. */
  attributes: CanvasAttributes | null;
  /** The cropped square cover, when the user chose one in this session. */
  cover: Blob | null;
}

export interface CanvasRef {
  canvasId: string;
}
export interface TokenRef {
  canvasId: string;
  tokenId: string;
}
export interface LoadTokensInput {
  canvasId: string;
  /** 1-based page of `perPage` tokens in tokenId order. */
  page: number;
  perPage: number;
}
export interface TokensPage {
  tokens: StudioToken[];
  total: number;
}
export interface CaptureThumbnailInput {
  canvas: StudioCanvas;
  token: StudioToken;
}
export interface UploadThumbnailInput {
  canvasId: string;
  tokenId: string;
  image: Blob;
  /** thumbnail.png for a captured one, the chosen file's name (as jpg/png) for a custom one. */
  filename: string;
}
export interface CreateGenerativeTokenInput {
  canvasId: string;
  seedValue: string;
  name: string;
}
export interface SaveTokenInput {
  canvasId: string;
  tokenId: string;
  name: string;
  /** '' when the 'add description' box is unchecked. */
  description: string;
}
export type ShareOutcome = 'copied' | 'shared' | 'cancelled';
/** Publishing: the canvas, so a generative one's tokens can be drawn for their recorded renders first. */
export interface PublishInput extends CanvasRef {
  canvas: StudioCanvas | null;
}

/** The mined publish transaction, for its receipt's CreatedCollection log (the factory's, naming the new collection). */
export interface PublishReceiptInput {
  canvasId: string;
  chainId: number;
  factory: string;
  hash: string;
}

export interface ShareCanvasInput {
  canvas: StudioCanvas;
}
