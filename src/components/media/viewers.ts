// Each viewer is its own chunk, fetched the first time a token of that media type is shown.
import { lazy, type ComponentType } from 'react';
import type { MediaToken, ViewerProps } from './TokenMedia';

const VIEWERS: Record<string, ComponentType<ViewerProps>> = {
  image: lazy(() => import('./ImageViewer')),
  gif: lazy(() => import('./GifViewer')),
  'multipart/image': lazy(() => import('./FlipcardViewer')),
  'multipart/mixed': lazy(() => import('./GenerativeViewer')),
  video: lazy(() => import('./VideoViewer')),
  sound: lazy(() => import('./SoundViewer')),
};

/** The lazily loaded viewer for a media type; null for types without one (the thumbnail is shown). */
export const viewerFor = (mediaType: string): ComponentType<ViewerProps> | null => VIEWERS[mediaType] ?? null;

export const FullscreenControl: ComponentType<{ token: MediaToken }> = lazy(() => import('./FullscreenViewer'));
