// PUT /collection/:id form: description (seed 000 §5 rule) and/or one cover image checked by decoding it.
import sharp from 'sharp';
import { ApiError } from '../http/errors.js';

export const DESCRIPTION_MESSAGE = 'Invalid input. Please use only alphanumeric characters and basic punctuation.';
// Letters, digits, accented Latin letters (Latin-1 and Latin Extended-A/B, without × and ÷), whitespace and . " ' ( ) : _ , = + -
const DESCRIPTION = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\s."'():_,=+-]*$/;
const COVER_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
export const MAX_DESCRIPTION = 2000;

type FormValue = string | File | (string | File)[] | undefined;

export interface CollectionUpdate {
  description?: string;
  cover?: { bytes: Uint8Array; contentType: string };
}

export function checkDescription(value: string): string {
  const description = value.trim();
  if (description === '') throw new ApiError(400, 'invalid_input', 'The description cannot be empty.');
  if (description.length > MAX_DESCRIPTION || !DESCRIPTION.test(description)) throw new ApiError(400, 'invalid_input', DESCRIPTION_MESSAGE);
  return description;
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
