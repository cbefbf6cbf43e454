// POST and PUT /api/v1/canvas bodies (multipart with an optional cover, or JSON): the collection details by the
// shared rules (domain/studio.ts canvasDetailsSchema), the media type's attributes (generative seed identifier and
// library, flipcard grid) and the cropped square cover, a JPG or PNG checked by its magic bytes and a full decode.
import sharp from 'sharp';
import {
  ATTRIBUTES_JSON_MESSAGE,
  ATTRIBUTES_NOT_ALLOWED_MESSAGE,
  canvasDetailsSchema,
  COVER_TYPE_MESSAGE,
  FLIPCARD_DEFAULTS,
  flipcardGridSchema,
  GENERATIVE_LIBRARY_MESSAGE,
  INVALID_INPUT_MESSAGE,
  MEDIA_TYPE_LOCKED_MESSAGE,
  seedIdentifierSchema,
  type CanvasDetails,
  type StudioMediaType,
} from '../../domain/studio.js';
import { refuseNul } from '../http/body.js';
import { ApiError } from '../http/errors.js';

type FormValue = string | File | (string | File)[] | undefined;
type Attributes = Record<string, unknown>;

export interface CanvasCover {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
}

export interface CanvasForm {
  details: CanvasDetails;
  attributes: Attributes | null;
  cover: CanvasCover | null;
}

const FIELDS = ['name', 'symbol', 'description', 'royaltiesBasispoints', 'supplyPerToken', 'mediaType'] as const;
const ALLOWED = new Set<string>([...FIELDS, 'attributes', 'cover']);

const invalid = (message: string) => new ApiError(400, 'invalid_input', message);

/** The first issue of a domain (zod/mini) schema as `<field>: <message>`, the domain's own text. */
function issueMessage(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, prefix = ''): string {
  const issue = error.issues[0]!;
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

const isRecord = (value: unknown): value is Attributes => typeof value === 'object' && value !== null && !Array.isArray(value);

function onlyKeys(value: Attributes, allowed: readonly string[], where: string): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw invalid(`${where}: unknown field ${JSON.stringify(extra.slice(0, 40))}.`);
}

/** The attributes field as sent: absent (undefined), or a JSON object (a JSON text in forms). */
function readAttributes(value: unknown): Attributes | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalid(ATTRIBUTES_JSON_MESSAGE);
    }
  }
  if (!isRecord(parsed)) throw invalid(ATTRIBUTES_JSON_MESSAGE);
  return parsed;
}

function generativeAttributes(input: Attributes | undefined, existing: Attributes | null): Attributes {
  const existingIndex = isRecord(existing?.index) ? existing.index : {};
  let seedVariableName: unknown = existingIndex.seedVariableName;
  if (input !== undefined) {
    onlyKeys(input, ['index', 'jsLibrary'], 'attributes');
    if (input.jsLibrary !== undefined && input.jsLibrary !== 'p5') throw invalid(GENERATIVE_LIBRARY_MESSAGE);
    if (input.index !== undefined) {
      if (!isRecord(input.index)) throw invalid(`attributes.index: ${INVALID_INPUT_MESSAGE}`);
      onlyKeys(input.index, ['seedVariableName'], 'attributes.index');
      seedVariableName = input.index.seedVariableName;
    }
  }
  const seed = seedIdentifierSchema.safeParse(seedVariableName);
  if (!seed.success) throw invalid(issueMessage(seed.error, 'attributes.index.seedVariableName'));
  // The uploads' files and script entry stay; the form sets only the seed identifier and the library.
  return { ...(existing ?? {}), index: { ...existingIndex, seedVariableName: seed.data }, jsLibrary: 'p5' };
}

function flipcardAttributes(input: Attributes | undefined, existing: Attributes | null): Attributes {
  const current = isRecord(existing?.display) ? existing.display : {};
  let grid: unknown = { rows: current.rows ?? FLIPCARD_DEFAULTS.rows, columns: current.columns ?? FLIPCARD_DEFAULTS.columns };
  if (input !== undefined) {
    onlyKeys(input, ['display'], 'attributes');
    const display = input.display;
    if (display !== undefined) {
      if (!isRecord(display)) throw invalid(`attributes.display: ${INVALID_INPUT_MESSAGE}`);
      onlyKeys(display, ['layout', 'action', 'transition', 'rows', 'columns'], 'attributes.display');
      for (const key of ['layout', 'action', 'transition'] as const) {
        if (display[key] !== undefined && display[key] !== FLIPCARD_DEFAULTS[key]) {
          throw invalid(`attributes.display.${key}: must be ${JSON.stringify(FLIPCARD_DEFAULTS[key])}.`);
        }
      }
      grid = { rows: display.rows ?? FLIPCARD_DEFAULTS.rows, columns: display.columns ?? FLIPCARD_DEFAULTS.columns };
    }
  }
  const parsed = flipcardGridSchema.safeParse(grid);
  if (!parsed.success) throw invalid(issueMessage(parsed.error, 'attributes.display'));
  return { ...(existing ?? {}), display: { ...FLIPCARD_DEFAULTS, rows: parsed.data.rows, columns: parsed.data.columns } };
}

/** The canvas's attributes after this request: the media type's rules over what it had (null for plain types). */
export function canvasAttributes(mediaType: StudioMediaType, value: unknown, existing: Attributes | null): Attributes | null {
  const input = readAttributes(value);
  if (mediaType === 'multipart/mixed') return generativeAttributes(input, existing);
  if (mediaType === 'multipart/image') return flipcardAttributes(input, existing);
  if (input !== undefined && Object.keys(input).length > 0) throw invalid(ATTRIBUTES_NOT_ALLOWED_MESSAGE);
  return existing;
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/** A JPG or PNG by its magic bytes that also decodes whole (a truncated file fails here, not in a browser). */
export async function checkCoverImage(file: File, maxFileSize: number): Promise<CanvasCover> {
  if (file.size === 0) throw new ApiError(400, 'empty_file', 'The cover file is empty.');
  if (file.size > maxFileSize) throw new ApiError(413, 'too_large', `The cover is larger than the ${maxFileSize / 1_048_576} MB limit.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = startsWith(bytes, JPEG) ? 'image/jpeg' : startsWith(bytes, PNG) ? 'image/png' : null;
  const notImage = new ApiError(415, 'invalid_image', COVER_TYPE_MESSAGE);
  if (!contentType) throw notImage;
  try {
    const image = sharp(bytes, { limitInputPixels: 100_000_000 });
    const { format } = await image.metadata();
    if (format !== (contentType === 'image/png' ? 'png' : 'jpeg')) throw new Error(`decoded as ${format}`);
    await image.raw().toBuffer();
  } catch {
    throw notImage;
  }
  return { bytes, contentType };
}

function single(body: Record<string, unknown>, name: string): unknown {
  const value = body[name];
  if (Array.isArray(value)) throw invalid(`${name}: send one value.`);
  return value;
}

/**
 * The body of POST /canvas (no `current`) or PUT /canvas/{id} (`current` = the canvas): every details field by
 * the shared rules; on PUT a missing media type is the canvas's, and another one is refused (it is locked).
 */
export async function parseCanvasForm(
  body: unknown,
  maxFileSize: number,
  current?: { mediaType: string; attributes: Attributes | null },
): Promise<CanvasForm> {
  if (!isRecord(body)) throw invalid('The request body must be an object of fields.');
  const unknown = Object.keys(body).find((key) => !ALLOWED.has(key));
  if (unknown !== undefined) throw invalid(`Unknown field ${JSON.stringify(unknown.slice(0, 40))}.`);
  const fields: Record<string, unknown> = {};
  for (const name of FIELDS) {
    const value = single(body, name);
    if (value instanceof File) throw invalid(`${name}: must be a text field, not a file.`);
    fields[name] = value;
  }
  refuseNul(fields);
  if (current) {
    if (fields.mediaType === undefined || fields.mediaType === '') fields.mediaType = current.mediaType;
    else if (fields.mediaType !== current.mediaType) throw invalid(MEDIA_TYPE_LOCKED_MESSAGE);
  }
  const parsed = canvasDetailsSchema.safeParse(fields);
  if (!parsed.success) throw invalid(issueMessage(parsed.error));
  const details = parsed.data;
  const attributesValue = single(body, 'attributes');
  if (attributesValue instanceof File) throw invalid('attributes: must be a text field, not a file.');
  const attributes = canvasAttributes(details.mediaType, attributesValue, current?.attributes ?? null);
  const coverValue = single(body, 'cover') as FormValue;
  let cover: CanvasCover | null = null;
  if (coverValue instanceof File) cover = await checkCoverImage(coverValue, maxFileSize);
  else if (coverValue !== undefined && coverValue !== null && coverValue !== '') throw invalid('cover: must be an image file.');
  return { details, attributes, cover };
}
