// POST /artist and PUT /artist/{address} form (the artists' pages, ./routes.ts): the profile's texts checked with the shared rules
// (domain/artist.ts, the seed's messages), the cover and portfolio images proved to be PNG/JPEG/WebP by decoding.
import sharp from 'sharp';
import { z } from 'zod';
import {
  artistProfileSchema,
  PORTFOLIO_IMAGE_TYPE_MESSAGE,
  PORTFOLIO_IMAGES_MAX,
  PORTFOLIO_MAX_MESSAGE,
  type ArtistProfile,
} from '../../domain/artist.js';
import type { artists } from '../db/schema.js';
import { ApiError } from '../http/errors.js';

type FormValue = string | File | (string | File)[] | undefined;
type ArtistRow = typeof artists.$inferSelect;

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const TEXT_FIELDS = ['firstName', 'lastName', 'description', 'web', 'twitter', 'instagram', 'featuredArtwork', 'about', 'featuredArtworkDescription'] as const;
const MEDIA_PREFIX = '/ipfs/';

export interface ImageUpload {
  bytes: Uint8Array;
  contentType: string;
}

/** A portfolio image: one already stored (its cid) or the n-th file of `portfolioImages`. */
export type PortfolioImage = { kind: 'kept'; cid: string } | { kind: 'new'; upload: ImageUpload };

export interface ArtistForm {
  profile: ArtistProfile;
  cover: ImageUpload | null;
  portfolio: { context: string; items: { image: PortfolioImage; description: string }[] };
}

/** What an artist has stored, as form values: what a PUT keeps for a field it does not send. */
export interface StoredProfile {
  account: { firstName: string | null; lastName: string | null; web: string | null; twitter: string | null; instagram: string | null };
  artist: ArtistRow | null;
}

function textField(body: Record<string, FormValue>, name: string): string | undefined {
  const value = body[name];
  // A browser's multipart body sends a textarea's line breaks as CRLF: stored as the LF the form counted (the
  // length limits are the form's), so a 500-character context with line breaks is not refused as longer.
  if (typeof value === 'string') return value.replace(/\r\n?/g, '\n');
  if (value === undefined) return value;
  throw new ApiError(400, 'invalid_input', `${name} must be a single text field.`);
}

function jsonField(body: Record<string, FormValue>, name: string): unknown {
  const text = textField(body, name);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_input', `${name} must be JSON.`);
  }
}

const portfolioItemSchema = z.union([
  z.object({ description: z.unknown(), mediaUrl: z.string().max(200) }).strict(),
  z.object({ description: z.unknown(), file: z.number().int().min(0).max(PORTFOLIO_IMAGES_MAX - 1) }).strict(),
]);
const portfolioShape = z.object({ context: z.unknown(), items: z.array(z.unknown()).max(100) }).strict();
const highlightsShape = z.array(z.unknown()).max(100);

/** Proves the bytes are a PNG, JPEG or WebP image by decoding them (the type comes from the bytes, not the client). */
export async function sniffImage(file: File, maxFileSize: number, what: string, notImageMessage: string): Promise<ImageUpload> {
  if (file.size === 0) throw new ApiError(400, 'empty_file', `The ${what} file is empty.`);
  if (file.size > maxFileSize) throw new ApiError(413, 'too_large', `The ${what} is larger than the ${maxFileSize / 1_048_576} MB limit.`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata()).format;
    // Full decode: a truncated or corrupt file fails here rather than in a browser.
    await sharp(bytes, { limitInputPixels: 100_000_000 }).raw().toBuffer();
  } catch {
    format = undefined;
  }
  const contentType = format ? IMAGE_TYPES[format] : undefined;
  if (!contentType) throw new ApiError(415, 'invalid_image', notImageMessage);
  return { bytes, contentType };
}

const firstIssue = (error: { issues: { message: string }[] }) => new ApiError(400, 'invalid_input', error.issues[0]!.message);

/**
 * The whole profile after this request: the fields sent, over what is stored (nothing for a new profile), checked
 * with the shared rules; then the images. Nothing is written here.
 */
export async function parseArtistForm(body: Record<string, FormValue>, stored: StoredProfile, maxFileSize: number): Promise<ArtistForm> {
  const current = stored.artist;
  const values: Record<string, unknown> = {
    firstName: stored.account.firstName ?? '',
    lastName: stored.account.lastName ?? '',
    description: current?.description ?? '',
    web: stored.account.web ?? '',
    twitter: stored.account.twitter ?? '',
    instagram: stored.account.instagram ?? '',
    featuredArtwork: current?.featuredTokenId ? String(current.featuredTokenId) : '',
    about: current?.about ?? '',
    featuredArtworkDescription: current?.featuredArtworkDescription ?? '',
    highlights: current?.highlights ?? [],
  };
  for (const name of TEXT_FIELDS) {
    const value = textField(body, name);
    if (value !== undefined) values[name] = value;
  }
  const highlights = jsonField(body, 'highlights');
  if (highlights !== undefined) {
    const shape = highlightsShape.safeParse(highlights);
    if (!shape.success) throw new ApiError(400, 'invalid_input', 'highlights must be a list of { date, achievement }.');
    values.highlights = shape.data;
  }

  // Portfolio items: the texts go through the shared rule, the images are matched to kept cids or new files.
  const keptCids = new Set((current?.portfolio.items ?? []).map((item) => item.mediaUrl));
  let itemImages: ({ kind: 'kept'; cid: string } | { kind: 'file'; index: number })[];
  const portfolio = jsonField(body, 'portfolio');
  if (portfolio === undefined) {
    values.portfolio = { context: current?.portfolio.context ?? '', items: (current?.portfolio.items ?? []).map((item) => ({ description: item.description })) };
    itemImages = (current?.portfolio.items ?? []).map((item) => ({ kind: 'kept', cid: item.mediaUrl }));
  } else {
    const shape = portfolioShape.safeParse(portfolio);
    if (!shape.success) throw new ApiError(400, 'invalid_input', 'portfolio must be { context, items: [{ description, mediaUrl | file }] }.');
    if (shape.data.items.length > PORTFOLIO_IMAGES_MAX) throw new ApiError(400, 'invalid_input', PORTFOLIO_MAX_MESSAGE);
    itemImages = shape.data.items.map((raw, index) => {
      const item = portfolioItemSchema.safeParse(raw);
      if (!item.success) throw new ApiError(400, 'invalid_input', `portfolio.items.${index} needs a description and either the mediaUrl of an image already in the portfolio or a file index.`);
      if ('file' in item.data) return { kind: 'file', index: item.data.file };
      const cid = item.data.mediaUrl.startsWith(MEDIA_PREFIX) ? item.data.mediaUrl.slice(MEDIA_PREFIX.length) : item.data.mediaUrl;
      if (!keptCids.has(cid)) throw new ApiError(400, 'invalid_input', `portfolio.items.${index}.mediaUrl is not an image of this portfolio.`);
      return { kind: 'kept', cid };
    });
    values.portfolio = { context: shape.data.context, items: shape.data.items.map((raw) => ({ description: (raw as { description: unknown }).description })) };
  }

  const parsed = artistProfileSchema.safeParse(values);
  if (!parsed.success) throw firstIssue(parsed.error);
  const profile = parsed.data;

  // Images last: texts are cheap to check, decoding is not.
  const coverValue = body.cover;
  if (Array.isArray(coverValue)) throw new ApiError(400, 'invalid_input', 'Upload one cover image.');
  if (typeof coverValue === 'string' && coverValue !== '') throw new ApiError(400, 'invalid_input', 'The cover must be a file.');
  const cover = coverValue instanceof File ? await sniffImage(coverValue, maxFileSize, 'cover', 'The cover must be a PNG, JPEG or WebP image.') : null;

  const filesValue = body.portfolioImages;
  const files = filesValue === undefined ? [] : Array.isArray(filesValue) ? filesValue : [filesValue];
  if (files.length > PORTFOLIO_IMAGES_MAX) throw new ApiError(400, 'invalid_input', PORTFOLIO_MAX_MESSAGE);
  if (files.some((file) => !(file instanceof File))) throw new ApiError(400, 'invalid_input', 'portfolioImages must be files.');
  const uploads: ImageUpload[] = [];
  for (const file of files as File[]) uploads.push(await sniffImage(file, maxFileSize, 'portfolio image', PORTFOLIO_IMAGE_TYPE_MESSAGE));
  const used = new Set<number>();
  const items = itemImages.map((image, index): { image: PortfolioImage; description: string } => {
    const description = profile.portfolio.items[index]!.description;
    if (image.kind === 'kept') return { image, description };
    const upload = uploads[image.index];
    if (!upload) throw new ApiError(400, 'invalid_input', `portfolio.items.${index}.file names no uploaded portfolio image.`);
    if (used.has(image.index)) throw new ApiError(400, 'invalid_input', `portfolio.items.${index}.file is used twice.`);
    used.add(image.index);
    return { image: { kind: 'new', upload }, description };
  });
  if (used.size !== uploads.length) throw new ApiError(400, 'invalid_input', 'Every portfolio image needs its portfolio item.');
  return { profile, cover, portfolio: { context: profile.portfolio.context, items } };
}
