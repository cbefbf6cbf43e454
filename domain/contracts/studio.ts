// The studio's REST wire (POST/GET/PUT/DELETE /api/v1/canvas/…): a canvas and a canvas token with media as URLs,
// the generative token request and the publish parameters. server/studio/canvasView.ts builds the answers typed by
// these schemas; the studio's machines read the same types.
import * as z from 'zod/mini';
import { STUDIO_MEDIA_TYPES } from '../mediaTypes';
import { seedValueSchema, tokenNameSchema } from '../studio';
import { CANVAS_STATES } from '../studioRules';

/** GET /api/v1/canvas/{id} and the canvas writes' answer (the share token only for its creator). */
export const canvasAnswer = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  mediaType: z.enum(STUDIO_MEDIA_TYPES),
  state: z.enum(CANVAS_STATES),
  /** The cover's URL, or null. */
  cover: z.nullable(z.string()),
  supplyPerToken: z.number(),
  royaltiesBasispoints: z.number(),
  /** The canvas attributes as stored (read with canvasAttributes()): generative `{ files, index, jsLibrary }`, flipcard `{ display }`. */
  attributes: z.nullable(z.record(z.string(), z.unknown())),
  tokenCount: z.number(),
  createdAt: z.string(),
  shareToken: z.optional(z.nullable(z.string())),
  address: z.nullable(z.string()),
  chainId: z.number(),
});
export type CanvasAnswer = z.infer<typeof canvasAnswer>;

/** A canvas token (GET/PUT /api/v1/canvas/{id}/token/{tokenId}, POST /api/v1/canvas/{id}/token). */
export const canvasTokenAnswer = z.object({
  tokenId: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  mediaType: z.string(),
  mediaUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  filename: z.nullable(z.string()),
  /** Generative: `{ seedValue }`. */
  attributes: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
export type CanvasTokenAnswer = z.infer<typeof canvasTokenAnswer>;

/** DELETE /api/v1/canvas/{id} and DELETE /api/v1/canvas/{id}/token/{tokenId}. */
export const deletedAnswer = z.object({ deleted: z.literal(true) });
export type DeletedAnswer = z.infer<typeof deletedAnswer>;

/** POST /api/v1/canvas/{id}/token: a generative token with its seed value and name, by the studio's rules (trimmed, each required, at most 50). */
export const generativeTokenRequest = z.object({ seedValue: seedValueSchema, name: tokenNameSchema });
export type GenerativeTokenRequest = z.infer<typeof generativeTokenRequest>;

/**
 * POST /api/v1/canvas/{id}/publish's answer: CreateTradableCollection's parameters, as the server builds them
 * (server/studio/publish.ts) and the studio machine passes them to the factory.
 */
export const publishAnswer = z.object({
  /** The CollectionFactory's address (checksummed). */
  factory: z.string(),
  chainId: z.number(),
  name: z.string(),
  symbol: z.string(),
  howManyTokens: z.number(),
  supplyPerToken: z.number(),
  /** `ipfs://<manifest cid>/`: the indexer matches the created collection to the canvas by it. */
  baseURI: z.string(),
  /** The creator's address (checksummed). */
  royaltiesRecipient: z.string(),
  royaltiesBasispoints: z.number(),
});
export type PublishParameters = z.infer<typeof publishAnswer>;
