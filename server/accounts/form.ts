// PUT /account/:id body (./routes.ts): profile fields validated with the seed's messages, and the avatar proved to be an image.
import sharp, { type FormatEnum, type Metadata } from 'sharp';
import { z } from 'zod';
import { profileSchema } from '../../domain/profile.js';
import { ApiError } from '../http/errors.js';

const AVATAR_FORMATS: Partial<Record<keyof FormatEnum, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const AVATAR_TYPES_TEXT = 'PNG, JPEG, WebP or GIF';

// The profile form's own rules (domain/profile.ts: alias and email, the seed's messages), plus the avatar flag.
const profileFormSchema = z.object({
  ...profileSchema.shape,
  avatarChanged: z.enum(['true', 'false'], { error: "avatarChanged must be 'true' or 'false'" }).default('false'),
});

export type AvatarChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'set'; bytes: Uint8Array; contentType: string };

export interface ProfileUpdate {
  alias: string;
  email: string;
  avatar: AvatarChange;
}

type FormValue = string | File | (string | File)[] | undefined;

/** A single text field; repeated or file values are a client bug worth a clear 400. */
function textField(body: Record<string, FormValue>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new ApiError(400, 'invalid_input', `${name} must be a single text field`);
}

/** Validates the multipart fields; the avatar bytes are checked by prepareAvatar. */
export async function parseProfileForm(body: Record<string, FormValue>, maxFileSize: number): Promise<ProfileUpdate> {
  const fields = { alias: textField(body, 'alias'), email: textField(body, 'email'), avatarChanged: textField(body, 'avatarChanged') };
  // The first failing field's message, the one the form shows under that field (Save is disabled until none fails).
  const parsed = profileFormSchema.safeParse(fields);
  if (!parsed.success) throw new ApiError(400, 'invalid_input', parsed.error.issues[0]!.message);
  const { alias, email, avatarChanged } = parsed.data;
  if (avatarChanged === 'false') return { alias, email, avatar: { kind: 'keep' } };
  const file = body.avatar;
  if (file === undefined || file === '') return { alias, email, avatar: { kind: 'remove' } };
  if (Array.isArray(file)) throw new ApiError(400, 'invalid_input', 'Send one avatar image.');
  if (typeof file === 'string') throw new ApiError(400, 'invalid_input', 'The avatar must be a file.');
  return { alias, email, avatar: { kind: 'set', ...(await prepareAvatar(new Uint8Array(await file.arrayBuffer()), maxFileSize)) } };
}

const asBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/**
 * Decodes the avatar to prove it is a PNG/JPEG/WebP/GIF (the content type comes from the bytes, not the client).
 * A square image is kept byte for byte; a non-square still image is centre-cropped to a square here, as the
 * client's crop editor (aspect 1) would have done; a non-square animation is refused.
 */
export async function prepareAvatar(bytes: Uint8Array, maxFileSize: number): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (bytes.byteLength === 0) throw new ApiError(400, 'empty_file', 'The avatar file is empty.');
  if (bytes.byteLength > maxFileSize) {
    throw new ApiError(413, 'too_large', `The avatar is larger than the ${maxFileSize / 1_048_576} MB limit.`);
  }
  const notImage = () => new ApiError(415, 'invalid_image', `The avatar must be a ${AVATAR_TYPES_TEXT} image.`);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
  } catch {
    throw notImage();
  }
  const format = metadata.format as keyof FormatEnum | undefined;
  const contentType = format ? AVATAR_FORMATS[format] : undefined;
  if (!format || !contentType || !metadata.width || !metadata.height) throw notImage();
  const pages = metadata.pages ?? 1;
  const height = metadata.pageHeight ?? metadata.height;
  try {
    if (metadata.width === height) {
      // Full decode: a truncated or corrupt file fails here rather than in a browser.
      await sharp(bytes, { animated: true, limitInputPixels: 100_000_000 }).raw().toBuffer();
      return { bytes, contentType };
    }
    if (pages > 1) throw new ApiError(400, 'not_square', 'An animated avatar must be square.');
    const side = Math.min(metadata.width, height);
    const cropped = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: side, height: side, fit: 'cover', position: 'centre' })
      .toFormat(format)
      .toBuffer();
    return { bytes: asBytes(cropped), contentType };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw notImage();
  }
}
