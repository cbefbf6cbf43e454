// See docs/requirements.md#studio-upload, "Flipcard upload", "Video upload", "Gif upload", "Generative" and the limits: which
// files an upload screen accepts, checked when they are chosen (the server checks them again).
import { FILE_NAME_MESSAGE } from '../../domain/messages';
import {
  ACCEPTED_EXTENSIONS,
  extensionOf,
  hasValidFileName,
  IMAGE_UPLOAD_MAX_FILES,
  isScriptFile,
  SCRIPT_FILE_NEEDED_MESSAGE,
  type StudioMediaType,
} from '../../domain/studioRules';
import { systemActor, type SystemLike } from '../system/systemRegistry';
import type { UploadCategory, UploadContext } from '../../domain/contracts/upload';

/** An upload screen is the canvas's media type. */
export type UploadScreen = StudioMediaType;

/** tus `upload-context` and metadata `category` of a screen's files (design, "tus"; the wire's names: domain/contracts/upload.ts). */
export function uploadTarget(screen: UploadScreen): { context: Extract<UploadContext, 'media' | 'collection'>; category: UploadCategory } {
  return screen === 'multipart/mixed' ? { context: 'collection', category: 'collection' } : { context: 'media', category: 'token' };
}

/** How many files a screen takes: images up to 1000, generative any number, the others one. */
export function maxFilesOf(screen: UploadScreen): number {
  if (screen === 'image') return IMAGE_UPLOAD_MAX_FILES;
  if (screen === 'multipart/mixed') return IMAGE_UPLOAD_MAX_FILES;
  return 1;
}

export interface UploadLimits {
  maxFileSize: number;
  maxVideoSize: number;
}

/** The config's limits until it is loaded (10 MB, 100 MB). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxFileSize: 10_485_760, maxVideoSize: 104_857_600 };

export const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);
export const notAcceptedMessage = (screen: UploadScreen) => `Only ${ACCEPTED_EXTENSIONS[screen].join(', ')} files can be uploaded here`;
export const tooManyFilesMessage = (max: number) => (max === 1 ? 'Only one file can be uploaded here' : `At most ${max} files can be uploaded`);
export const tooLargeMessage = (bytes: number) => `The file is larger than ${megabytes(bytes)} MB`;

/** Why a chosen file is refused on a screen (the seed's file-name message first), or null. */
export function uploadFileProblem(file: { name: string; size: number }, screen: UploadScreen, limits: UploadLimits): string | null {
  if (!hasValidFileName(file.name)) return FILE_NAME_MESSAGE;
  if (!(ACCEPTED_EXTENSIONS[screen] as readonly string[]).includes(extensionOf(file.name))) return notAcceptedMessage(screen);
  const max = screen === 'video' ? limits.maxVideoSize : limits.maxFileSize;
  if (file.size > max) return tooLargeMessage(max);
  return null;
}

/** Generative uploads need a script (.js) among the files: scriptFileNeeded otherwise. */
export function scriptProblem(screen: UploadScreen, names: string[]): string | null {
  if (screen !== 'multipart/mixed') return null;
  return names.some(isScriptFile) ? null : SCRIPT_FILE_NEEDED_MESSAGE;
}


/** The `config` system actor's limits (defaults while it loads or outside the app). */
export function uploadLimitsOf(system: SystemLike): UploadLimits {
  const config = systemActor(system, 'config')?.getSnapshot().context?.config;
  return {
    maxFileSize: config?.maxFileSize ?? DEFAULT_UPLOAD_LIMITS.maxFileSize,
    maxVideoSize: config?.maxVideoSize ?? DEFAULT_UPLOAD_LIMITS.maxVideoSize,
  };
}

/** The config's suggestedRoyalty, or null while it loads or outside the app. */
export function suggestedRoyaltyOf(system: SystemLike): number | null {
  const config = systemActor(system, 'config')?.getSnapshot().context?.config;
  return typeof config?.suggestedRoyalty === 'number' ? config.suggestedRoyalty : null;
}
