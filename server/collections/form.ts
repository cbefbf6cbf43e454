// PUT /collection/:id form (./routes.ts): description (the shared rule, domain/collection.ts) and/or one cover image checked by decoding it.
import sharp from 'sharp';
import { collectionDescriptionSchema } from '../../domain/collection.js';
import { ApiError } from '../http/errors.js';

const COVER_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

type FormValue = string | File | (string | File)[] | undefined;

export interface CollectionUpdate {
  description?: string;
  cover?: { bytes: Uint8Array; contentType: string };
}

/** The trimmed description, or a 400 with the rule's message ('Required Field' or the seed's invalid-input text). */
export function checkDescription(value: string): string {
  const parsed = collectionDescriptionSchema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, 'invalid_input', parsed.error.issues[0]!.message);
  return parsed.data;
}

export async function parseCollectionForm(body: Record<string, FormValue>, maxFileSize: number): Promise<CollectionUpdate> {
  const update: CollectionUpdate = {};
  const description = body.description;
  if (Array.isArray(description) || description instanceof File) throw new ApiError(400, 'invalid_input', 'description must be one text field.');
  if (description !== undefined) update.description = checkDescription(description);
  const cover = body.cover;
  if (Array.isArray(cover)) throw new ApiError(400, 'invalid_input', 'Upload one cover image.');
  if (typeof cover === 'string') throw new ApiError(400, 'invalid_input', 'The cover must be a file.');
  if (cover instanceof File) {
    if (cover.size === 0) throw new ApiError(400, 'empty_file', 'The cover file is empty.');
    if (cover.size > maxFileSize) throw new ApiError(413, 'too_large', `The cover is larger than the ${maxFileSize / 1_048_576} MB limit.`);
    const bytes = new Uint8Array(await cover.arrayBuffer());
    const notImage = () => new ApiError(415, 'invalid_image', 'The cover must be a PNG, JPEG, WebP or GIF image.');
    let format: string | undefined;
    try {
      const metadata = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
      format = metadata.format;
      // Full decode: a truncated or corrupt file fails here rather than in a browser.
      await sharp(bytes, { limitInputPixels: 100_000_000 }).raw().toBuffer();
    } catch {
      throw notImage();
    }
    const contentType = format ? COVER_TYPES[format] : undefined;
    if (!contentType) throw notImage();
    update.cover = { bytes, contentType };
  }
  if (update.description === undefined && update.cover === undefined) {
    throw new ApiError(400, 'invalid_input', 'Send a description and/or a cover image.');
  }
  return update;
}
