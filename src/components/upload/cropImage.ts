import type { Area } from 'react-easy-crop';
import { extensionOf, hasValidFileName } from '../../../domain/studioRules';
import { FILE_NAME_MESSAGE } from '../../../domain/messages';

/** See docs/requirements.md#validation: a cover, a thumbnail or an avatar is one jpg, jpeg or png file. */
export const DEFAULT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** 'JPG, JPEG or PNG' */
export function extensionList(extensions: readonly string[]): string {
  const names = extensions.map((extension) => extension.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
}

/** The `accept` attribute for a list of extensions: the extensions and their MIME types. */
export function acceptAttribute(extensions: readonly string[]): string {
  const types = new Set(extensions.map((extension) => MIME_BY_EXTENSION[extension]).filter((type): type is string => Boolean(type)));
  return [...extensions.map((extension) => `.${extension}`), ...types].join(',');
}

/** Why a chosen file cannot be edited (file name rule, type by extension and MIME type, size), or null. */
export function imageFileProblem(file: { name: string; type: string; size: number }, extensions: readonly string[], maxFileSize?: number): string | null {
  if (!hasValidFileName(file.name)) return FILE_NAME_MESSAGE;
  const extension = extensionOf(file.name);
  const expectedType = MIME_BY_EXTENSION[extension];
  if (!extensions.includes(extension) || (file.type !== '' && expectedType !== undefined && file.type !== expectedType)) {
    return `This file type is not supported. Choose a ${extensionList(extensions)} image.`;
  }
  if (maxFileSize !== undefined && file.size > maxFileSize) return `The image is larger than ${Math.round(maxFileSize / 1_048_576)} MB.`;
  return null;
}

export interface CroppedImage {
  image: Blob;
  /** A data URL of the same pixels, for the preview. */
  preview: string;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('This image could not be read.'));
    image.src = url;
  });
}

/**
 * Draws the cropped area of the image at `url` (pixels of the original) into a new image, at most `maxWidth` wide;
 * a JPEG stays a JPEG, anything else becomes a PNG.
 */
export async function cropImage(url: string, area: Area, sourceType: string, maxWidth?: number): Promise<CroppedImage> {
  const image = await loadImage(url);
  const scale = maxWidth && area.width > maxWidth ? maxWidth / area.width : 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const type = sourceType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('This browser cannot crop images.');
  return { image: blob, preview: canvas.toDataURL(type, 0.92) };
}
