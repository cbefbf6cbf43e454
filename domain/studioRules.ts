// See docs/requirements.md#studio-details-form, "Image upload", "Flipcard upload", "Video upload", "Gif upload",
// "Generative", "Token edit card" and docs/requirements.md#studio-upload limits: the studio's constants, messages and rules as plain code with no
// zod, so the studio's pages and the lists that name media types load without it (the 120 KB first-load budget).
// domain/studio.ts re-exports all of this and builds the server's zod schemas on the same constants;
// tests/domain/studio.test.ts holds each plain rule and its schema to one answer over a corpus.
import { REQUIRED_FIELD_MESSAGE } from "./messages";
import {
  collectionDescriptionError,
  descriptionCharactersError,
  FILE_NAME_PATTERN,
  maxTextError,
} from "./textRules";
import { STUDIO_MEDIA_TYPES, type StudioMediaType } from "./mediaTypes";

export { MEDIA_TYPE_LABELS, STUDIO_MEDIA_TYPES, type StudioMediaType } from "./mediaTypes";

/** See docs/requirements.md#studio-publish "Collection states: building, finalized, then published on chain". */
export const CANVAS_STATES = ["building", "finalized", "published"] as const;
export type CanvasState = (typeof CANVAS_STATES)[number];

// See docs/requirements.md#studio-upload limits.
export const COLLECTION_NAME_MAX = 50;
export const COLLECTION_SYMBOL_MAX = 10;
export const SEED_TEXT_MAX = 50;
export const TOKEN_NAME_MAX = 50;
export const DEFAULT_SUPPLY_PER_TOKEN = 1;
/**
 * Deviation from docs/requirements.md#studio-details-form ("0 to 100000"): 100000 basis points would be 1000%, which ERC-2981 and our factory
 * refuse, so the studio accepts 0–10000 (100 basis points = 1%).
 */
export const ROYALTIES_MAX = 10000;
export const ROYALTIES_MIN = 0;
export const UPLOAD_CHUNK_SIZE = 5_000_000;
export const IMAGE_UPLOAD_MAX_FILES = 1000;
/** See docs/requirements.md#studio-upload page sizes. */
export const TOKEN_EDIT_PAGE_SIZE = 6;
export const STUDIO_PREVIEW_PAGE_SIZE = 12;
/** Flipcard display metadata (docs/requirements.md#studio-upload). */
export const FLIPCARD_DEFAULTS = {
  layout: "interactive grid",
  action: "click",
  transition: "flip",
  rows: 1,
  columns: 2,
} as const;
/** See docs/requirements.md#studio-upload "Generative library option: p5 only". */
export const GENERATIVE_LIBRARIES = ["p5"] as const;

// The specification names these messages by key only (docs/requirements.md#studio-details-form); the texts are ours.
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

/** Success notices, docs/requirements.md#studio-upload (keys → our texts). */
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


/** Collection details as POST/PUT /api/v1/canvas stores them: trimmed texts, whole numbers. */
export interface CanvasDetails {
  name: string;
  symbol: string;
  description: string;
  royaltiesBasispoints: number;
  supplyPerToken: number;
  mediaType: StudioMediaType;
}
export type CanvasDetailsField = keyof CanvasDetails;

const isText = (value: unknown): value is string => typeof value === "string";
const royaltiesText = (value: unknown) =>
  value === null || value === undefined ? "" : String(value).trim();
const supplyNumber = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? DEFAULT_SUPPLY_PER_TOKEN
    : Number(value);

/** Royalties as typed or sent: empty → the minimum message, fractional → the integer message, outside 0–10000 → min/max. */
export function royaltiesError(value: unknown): string | null {
  const text = royaltiesText(value);
  if (text === "" || !/^-?\d*\.?\d+$/.test(text)) return ROYALTIES_MINIMUM_MESSAGE;
  const number = Number(text);
  if (!Number.isInteger(number)) return ROYALTIES_INTEGER_MESSAGE;
  if (number < ROYALTIES_MIN) return ROYALTIES_MINIMUM_MESSAGE;
  if (number > ROYALTIES_MAX) return ROYALTIES_MAXIMUM_MESSAGE;
  return null;
}

/** Supply per token: empty is 1; otherwise a whole number from 1 to 1,000,000 ('Invalid input'). */
export function supplyError(value: unknown): string | null {
  const number = supplyNumber(value);
  return Number.isSafeInteger(number) && number >= 1 && number <= 1_000_000 ? null : INVALID_INPUT_MESSAGE;
}

export const isStudioMediaType = (value: unknown): value is StudioMediaType =>
  (STUDIO_MEDIA_TYPES as readonly unknown[]).includes(value);

/** The media type: one of the studio's five ('Required Field' otherwise, an unknown type included). */
export const mediaTypeError = (value: unknown): string | null =>
  isStudioMediaType(value) ? null : REQUIRED_FIELD_MESSAGE;

/** One details field's message (the first rule it breaks), or null. */
export function canvasDetailsFieldError(field: CanvasDetailsField, value: unknown): string | null {
  switch (field) {
    case "name":
      return maxTextError(value, COLLECTION_NAME_MAX);
    case "symbol":
      return maxTextError(value, COLLECTION_SYMBOL_MAX);
    case "description":
      return collectionDescriptionError(value);
    case "royaltiesBasispoints":
      return royaltiesError(value);
    case "supplyPerToken":
      return supplyError(value);
    case "mediaType":
      return mediaTypeError(value);
  }
}

const DETAILS_FIELDS: CanvasDetailsField[] = ["name", "symbol", "description", "royaltiesBasispoints", "supplyPerToken", "mediaType"];

/** The form's details as the server stores them, or the first field's message ('Invalid input' for a non-object). */
export function parseCanvasDetails(
  input: unknown,
): { success: true; data: CanvasDetails } | { success: false; message: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { success: false, message: INVALID_INPUT_MESSAGE };
  const values = input as Record<string, unknown>;
  for (const field of DETAILS_FIELDS) {
    const message = canvasDetailsFieldError(field, values[field]);
    if (message) return { success: false, message };
  }
  return {
    success: true,
    data: {
      name: (values.name as string).trim(),
      symbol: (values.symbol as string).trim(),
      description: (values.description as string).trim(),
      royaltiesBasispoints: Number(royaltiesText(values.royaltiesBasispoints)),
      supplyPerToken: supplyNumber(values.supplyPerToken),
      mediaType: values.mediaType as StudioMediaType,
    },
  };
}

/** Token edit card (docs/requirements.md#studio-upload): a required name, at most 50 characters. */
export const tokenNameError = (value: unknown): string | null => maxTextError(value, TOKEN_NAME_MAX);

/** A token's description: may be empty; when typed, the description rule ('Invalid input' for a non-text). */
export function tokenDescriptionError(value: unknown): string | null {
  return isText(value) ? descriptionCharactersError(value.trim()) : INVALID_INPUT_MESSAGE;
}

/** Generative seed identifier: required, at most 50, a JavaScript variable name. */
export function seedIdentifierError(value: unknown): string | null {
  return maxTextError(value, SEED_TEXT_MAX) ?? (SEED_IDENTIFIER_PATTERN.test((value as string).trim()) ? null : SEED_IDENTIFIER_MESSAGE);
}

/** Generative seed value: required, at most 50. */
export const seedValueError = (value: unknown): string | null => maxTextError(value, SEED_TEXT_MAX);

/** Flipcard rows or columns: a whole number from 1 to 10 ('Invalid input'). */
export const FLIPCARD_GRID_MAX = 10;
export const flipcardGridError = (value: unknown): string | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= FLIPCARD_GRID_MAX ? null : INVALID_INPUT_MESSAGE;

/** File extensions each upload screen accepts (docs/requirements.md#studio-upload). */
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

/** The step an opened collection starts on (docs/requirements.md#studio-upload "Entry rule"). */
export function entryStep(
  canvas: { state: CanvasState } | null,
): "upload" | "publish" | "preview" {
  if (!canvas) return "upload";
  return canvas.state === "building" ? "preview" : "publish";
}

export { REQUIRED_FIELD_MESSAGE };
