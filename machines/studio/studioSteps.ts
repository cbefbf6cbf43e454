// See docs/requirements.md#studio-upload "Studio steps": the stepper of each media type's path and the page titles.
import type { StudioMediaType } from '../../domain/studioRules';

/** Every step of the studio machine (its top-level state names, besides loading and failed). */
export const STUDIO_STEPS = ['details', 'upload', 'flipcardPreview', 'generativeToken', 'thumbnail', 'token', 'preview', 'publish', 'update'] as const;
export type StudioStep = (typeof STUDIO_STEPS)[number];

/** See docs/requirements.md#studio-upload "Step sequences by media type". */
export const STEP_SEQUENCES: Record<StudioMediaType, StudioStep[]> = {
  gif: ['details', 'upload', 'thumbnail', 'token', 'preview', 'publish'],
  image: ['details', 'upload', 'token', 'preview', 'publish'],
  'multipart/image': ['details', 'upload', 'flipcardPreview', 'token', 'preview', 'publish'],
  'multipart/mixed': ['details', 'upload', 'generativeToken', 'thumbnail', 'token', 'preview', 'publish'],
  video: ['details', 'upload', 'thumbnail', 'token', 'preview', 'publish'],
};

const UPLOAD_TITLES: Record<StudioMediaType, string> = {
  gif: 'Upload gif',
  image: 'Upload images',
  'multipart/image': 'Upload flipcard',
  'multipart/mixed': 'Upload script',
  video: 'Upload video',
};

/** The stepper's and page's title of a step ("Details", "Upload images", …). */
export function stepTitle(step: StudioStep, mediaType: StudioMediaType | null): string {
  switch (step) {
    case 'details':
      return 'Details';
    case 'upload':
      return mediaType ? UPLOAD_TITLES[mediaType] : 'Upload';
    case 'flipcardPreview':
      return 'Save preview';
    case 'generativeToken':
      return 'Create token';
    case 'thumbnail':
      return 'Thumbnail';
    case 'token':
      return 'Token details';
    case 'preview':
      return 'Preview';
    case 'publish':
      return 'Publish';
    case 'update':
      return 'Update';
  }
}

/** The stepper of a media type (details … publish); the update step shows as the details step. */
export function stepperOf(mediaType: StudioMediaType | null): StudioStep[] {
  return mediaType ? STEP_SEQUENCES[mediaType] : ['details', 'upload', 'token', 'preview', 'publish'];
}

/** Where the upload step leads once its files are uploaded. */
export function stepAfterUpload(mediaType: StudioMediaType): StudioStep {
  switch (mediaType) {
    case 'gif':
    case 'video':
      return 'thumbnail';
    case 'multipart/image':
      return 'flipcardPreview';
    case 'multipart/mixed':
      return 'generativeToken';
    case 'image':
      return 'token';
  }
}
