// Each viewer is its own chunk, fetched the first time a token of that media type is shown (the service worker
// precaches them all). A viewer whose chunk failed is imported again on the next try (retryableLazy).
import type { ComponentType } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import type { MediaToken, ViewerProps } from './MediaThumbnail';

const VIEWERS: Record<string, ComponentType<ViewerProps>> = {
  image: retryableLazy(() => import('./ImageViewer')),
  gif: retryableLazy(() => import('./GifViewer')),
  'multipart/image': retryableLazy(() => import('./FlipcardViewer')),
  'multipart/mixed': retryableLazy(() => import('./GenerativeViewer')),
  video: retryableLazy(() => import('./VideoViewer')),
  sound: retryableLazy(() => import('./SoundViewer')),
};

/** The lazily loaded viewer for a media type; null for types without one (the thumbnail is shown). */
export const viewerFor = (mediaType: string): ComponentType<ViewerProps> | null => VIEWERS[mediaType] ?? null;

export interface FullscreenDialogProps {
  token: MediaToken;
  onClose: () => void;
}

/** The fullscreen dialog, fetched when its button (./FullscreenControl.tsx) is first pointed at, focused or pressed. */
export const FullscreenDialog: ComponentType<FullscreenDialogProps> = retryableLazy(() => import('./FullscreenViewer'));

let loadedDialog: ComponentType<FullscreenDialogProps> | null = null;

/** Fetches the dialog's chunk ahead of a press (pointer over the button, focus); a failure is left to the press. */
export function preloadFullscreenDialog(): void {
  if (loadedDialog) return;
  import('./FullscreenViewer').then(
    (module) => {
      loadedDialog = module.default;
    },
    () => undefined,
  );
}

/** The dialog once its chunk is here (it then opens on the press itself), else the lazy one (shown once it arrives). */
export const fullscreenDialog = (): ComponentType<FullscreenDialogProps> => loadedDialog ?? FullscreenDialog;
