// Seed 001 §5 "Studio collection form", "Image upload", "Flipcard upload", "Video upload", "Gif upload",
// "Generative", "Token edit card" and §9 limits: the studio's rules, shared by the studio machines, the studio
// views and the server's canvas and upload routes.
import * as z from "zod/mini";
import {
  collectionDescriptionSchema,
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_PATTERN,
} from "./collection";
import { FILE_NAME_PATTERN } from "./files";
import { requiredText } from "./fields";
import {
  INVALID_DESCRIPTION_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
} from "./messages";

/** Seed 001 §3 "Media types" (sound is seed 000's; the studio does not build it). */
export const STUDIO_MEDIA_TYPES = [
  "image",
  "gif",
  "multipart/image",
  "multipart/mixed",
  "video",
] as const;
export type StudioMediaType = (typeof STUDIO_MEDIA_TYPES)[number];

/** Seed 001 §9 "Media-type labels: Image, Flipcard, Generative Art, Video, GIF". */
export const MEDIA_TYPE_LABELS: Record<StudioMediaType | "sound", string> = {
  image: "Image",
  "multipart/image": "Flipcard",
  "multipart/mixed": "Generative Art",
  video: "Video",
  gif: "GIF",
  sound: "Sound",
};

/** Seed 001 §3 "Collection states: building, finalized, then published on chain". */
export const CANVAS_STATES = ["building", "finalized", "published"] as const;
export type CanvasState = (typeof CANVAS_STATES)[number];

// Seed 001 §9 limits.
export const COLLECTION_NAME_MAX = 50;
export const COLLECTION_SYMBOL_MAX = 10;
export const SEED_TEXT_MAX = 50;
export const TOKEN_NAME_MAX = 50;
export const DEFAULT_SUPPLY_PER_TOKEN = 1;
/**
 * Deviation from seed 001 §5/§9 ("0 to 100000"): 100000 basis points would be 1000%, which ERC-2981 and our factory
 * refuse, so the studio accepts 0–10000 (100 basis points = 1%).
 */
export const ROYALTIES_MAX = 10000;
export const ROYALTIES_MIN = 0;
export const UPLOAD_CHUNK_SIZE = 5_000_000;
export const IMAGE_UPLOAD_MAX_FILES = 1000;
/** Seed 001 §9 page sizes. */
export const TOKEN_EDIT_PAGE_SIZE = 6;
export const STUDIO_PREVIEW_PAGE_SIZE = 12;
/** Flipcard display metadata (seed 001 §2 "Flipcard screen"). */
export const FLIPCARD_DEFAULTS = {
  layout: "interactive grid",
  action: "click",
  transition: "flip",
  rows: 1,
  columns: 2,
} as const;
/** Seed 001 §2 "Generative library option: p5 only". */
export const GENERATIVE_LIBRARIES = ["p5"] as const;

// Seed 001 names these messages by key only (§8); the texts are ours.
export const PLEASE_FILL_ALL_MESSAGE = "Please fill all necessary fields";
export const ROYALTIES_MINIMUM_MESSAGE = `Minimum value is ${ROYALTIES_MIN}`;
export const ROYALTIES_MAXIMUM_MESSAGE = `Maximum value is ${ROYALTIES_MAX}`;
export const ROYALTIES_INTEGER_MESSAGE = "Please enter an integer value";
export const UPLOAD_FAILED_MESSAGE = "File Upload Failed. Please try again!";
export const SCRIPT_FILE_NEEDED_MESSAGE = "Please add a script file (.js)";
export const INVALID_INPUT_MESSAGE = "Invalid input";
export const MEDIA_TYPE_LOCKED_MESSAGE =
  "The media type cannot change once the collection exists";

// The canvas routes' refusals (server/studio/access.ts, the canvas REST routes and the tus endpoint).
export const CANVAS_NOT_FOUND_MESSAGE = "No studio collection with this id.";
export const NOT_A_CREATOR_MESSAGE =
  "Only registered creators can use the studio.";
export const NOT_CANVAS_CREATOR_MESSAGE =
  "Only the collection's creator can change it.";
export const CANVAS_FINALIZED_MESSAGE =
  "This collection is finalized and can no longer be edited.";
export const CANVAS_PUBLISHED_MESSAGE =
  "This collection is published and can no longer be changed.";
export const CANVAS_NOT_FINALIZED_MESSAGE =
  "Finalize the collection before publishing it.";
export const NO_TOKENS_MESSAGE =
  "Add at least one token before finalizing the collection.";
export const TOKEN_NOT_FOUND_MESSAGE = "No token with this id in the collection.";
export const TOKEN_WITHOUT_MEDIA_MESSAGE =
  "Every token needs its uploaded file before the collection is published.";
export const COVER_TYPE_MESSAGE = "The cover must be a JPG or PNG image.";
export const ATTRIBUTES_JSON_MESSAGE = "attributes must be a JSON object.";
export const ATTRIBUTES_NOT_ALLOWED_MESSAGE =
  "Only generative and flipcard collections take attributes.";
export const GENERATIVE_LIBRARY_MESSAGE = "The generative library must be p5.";
export const SEED_IDENTIFIER_MESSAGE =
  "Use letters, digits, _ or $, not starting with a digit";
/** The seed identifier names a JavaScript variable the sketch reads (the sandbox refuses anything else). */
export const SEED_IDENTIFIER_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Success notices, seed 001 §8 (keys → our texts). */
export const STUDIO_NOTICES = {
  collectionCreated: "Collection created",
  canvasUpdated: "Collection updated",
  finalizeCanvas: "Collection finalized",
  previewLinkCopied: "Preview link copied",
  collectionPublished: "Collection published",
  prepareCollectionPublish: "Collection ready to publish",
  tokenUpdateSuccessful: "Token updated",
  collectionDeleted: "Collection deleted",
} as const;
export const tokenDeletedNotice = (name: string) => `${name} has been deleted`;

const maxText = (max: number) =>
  requiredText().check(z.maxLength(max, `Maximum ${max} characters`));

/** Royalties as typed or sent: empty → the minimum message, fractional → the integer message, outside 0–10000 → min/max. */
export const royaltiesSchema = z.pipe(
  z.pipe(
    z.transform((value: unknown) =>
      value === null || value === undefined ? "" : String(value).trim(),
    ),
    z.string().check(
      z.minLength(1, { error: ROYALTIES_MINIMUM_MESSAGE, abort: true }),
      z.refine((text) => /^-?\d*\.?\d+$/.test(text), {
        error: ROYALTIES_MINIMUM_MESSAGE,
        abort: true,
      }),
      z.refine((text) => Number.isInteger(Number(text)), {
        error: ROYALTIES_INTEGER_MESSAGE,
        abort: true,
      }),
      z.refine((text) => Number(text) >= ROYALTIES_MIN, {
        error: ROYALTIES_MINIMUM_MESSAGE,
        abort: true,
      }),
      z.refine((text) => Number(text) <= ROYALTIES_MAX, {
        error: ROYALTIES_MAXIMUM_MESSAGE,
        abort: true,
      }),
    ),
  ),
  z.transform((text: string) => Number(text)),
);

const supplySchema = z.pipe(
  z.transform((value: unknown) =>
    value === null || value === undefined || value === ""
      ? DEFAULT_SUPPLY_PER_TOKEN
      : Number(value),
  ),
  z
    .number()
    .check(
      z.int(INVALID_INPUT_MESSAGE),
      z.minimum(1, INVALID_INPUT_MESSAGE),
      z.maximum(1_000_000, INVALID_INPUT_MESSAGE),
    ),
);

export const mediaTypeSchema = z.enum(STUDIO_MEDIA_TYPES, {
  error: REQUIRED_FIELD_MESSAGE,
});

/** Collection details form and POST/PUT /api/v1/canvas (seed 001 §5 "Studio collection form"). */
export const canvasDetailsSchema = z.object({
  name: maxText(COLLECTION_NAME_MAX),
  symbol: maxText(COLLECTION_SYMBOL_MAX),
  description: collectionDescriptionSchema,
  royaltiesBasispoints: royaltiesSchema,
  supplyPerToken: supplySchema,
  mediaType: mediaTypeSchema,
});
export type CanvasDetails = z.infer<typeof canvasDetailsSchema>;

/** Token edit card (seed 001 §5): a required name (max 50); a description, when typed, must match the description rule. */
export const tokenNameSchema = maxText(TOKEN_NAME_MAX);
export const tokenDescriptionSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(DESCRIPTION_MAX_LENGTH, INVALID_DESCRIPTION_MESSAGE),
    z.regex(DESCRIPTION_PATTERN, INVALID_DESCRIPTION_MESSAGE),
  );
export const tokenUpdateSchema = z.object({
  name: tokenNameSchema,
  description: tokenDescriptionSchema,
});

/** Generative seed identifier, seed value and token name (seed 001 §5: each required, max 50). */
export const seedIdentifierSchema = maxText(SEED_TEXT_MAX).check(
  z.regex(SEED_IDENTIFIER_PATTERN, SEED_IDENTIFIER_MESSAGE),
);
export const generativeTokenSchema = z.object({
  seedValue: maxText(SEED_TEXT_MAX),
  name: tokenNameSchema,
});

/** Flipcard rows and columns: non-zero integers (a small grid: at most 10 each, ours). */
export const flipcardGridSchema = z.object({
  rows: z
    .number()
    .check(
      z.int(INVALID_INPUT_MESSAGE),
      z.minimum(1, INVALID_INPUT_MESSAGE),
      z.maximum(10, INVALID_INPUT_MESSAGE),
    ),
  columns: z
    .number()
    .check(
      z.int(INVALID_INPUT_MESSAGE),
      z.minimum(1, INVALID_INPUT_MESSAGE),
      z.maximum(10, INVALID_INPUT_MESSAGE),
    ),
});

/** File extensions each upload screen accepts (seed 001 §5). */
export const ACCEPTED_EXTENSIONS = {
  image: ["jpg", "jpeg", "png"],
  cover: ["jpg", "jpeg", "png"],
  thumbnail: ["jpg", "jpeg", "png"],
  gif: ["gif"],
  "multipart/image": ["jpg", "jpeg", "png"],
  video: ["mp4", "webm", "mov"],
  "multipart/mixed": [
    "jpg",
    "jpeg",
    "png",
    "js",
    "mp3",
    "wav",
    "ogg",
    "mp4",
    "webm",
  ],
} as const;

export const extensionOf = (filename: string) =>
  filename.includes(".") ? filename.split(".").pop()!.toLowerCase() : "";
export const isScriptFile = (filename: string) =>
  extensionOf(filename) === "js";
export const hasValidFileName = (filename: string) =>
  FILE_NAME_PATTERN.test(filename);

/**
 * POST /api/v1/canvas/{id}/publish's answer (seed 001 §7 "prepareCollectionPublish"): CreateTradableCollection's
 * parameters, as the server builds them (server/studio/publish.ts) and the studio machine passes them to the factory.
 */
export interface PublishParameters {
  /** The CollectionFactory's address (checksummed). */
  factory: string;
  chainId: number;
  name: string;
  symbol: string;
  howManyTokens: number;
  supplyPerToken: number;
  /** `ipfs://<manifest cid>/`: the indexer matches the created collection to the canvas by it. */
  baseURI: string;
  /** The creator's address (checksummed). */
  royaltiesRecipient: string;
  royaltiesBasispoints: number;
}

/** The step an opened collection starts on (seed 001 §2 "Entry rule"). */
export function entryStep(
  canvas: { state: CanvasState } | null,
): "upload" | "publish" | "preview" {
  if (!canvas) return "upload";
  return canvas.state === "building" ? "preview" : "publish";
}

export { REQUIRED_FIELD_MESSAGE };
