// The token's media for a card or the detail page: the thumbnail at once, the viewer for its media type lazily.
import { Suspense } from 'react';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { FullscreenControl, viewerFor } from './viewers';
import '../../styles/media.css';

export interface MediaToken {
  _id: string;
  name: string;
  mediaType: string;
  mediaUrl?: string | null;
  thumbnailUrl?: string | null;
  /** Per-token attributes: flipcard front/back CIDs, the generative seed (under the seed variable name). */
  attributes?: unknown;
  /** The collection's attributes: flipcard rows/columns; generative files, index { entry, seedVariableName }, jsLibrary. */
  collection?: { attributes?: unknown } | null;
}

export type MediaVariant = 'card' | 'detail';
/** 'fullscreen' is the detail viewer inside the fullscreen viewer. */
export type ViewerVariant = MediaVariant | 'fullscreen';

export interface ViewerProps {
  token: MediaToken;
  variant: ViewerVariant;
}

// Square thumbnails: the intrinsic size lets the browser reserve space before the image loads.
export const THUMB_SIZE = 400;

/** The still thumbnail every viewer starts from (and falls back to). */
export function MediaThumbnail({ token, variant, hidden }: ViewerProps & { hidden?: boolean }) {
  const src = token.thumbnailUrl ?? (token.mediaType === 'image' ? token.mediaUrl : null);
  if (!src) return <div className="media-placeholder" aria-hidden="true" />;
  const eager = variant !== 'card';
  return (
    <img
      className="media-thumbnail"
      src={src}
      alt={hidden ? '' : token.name}
      aria-hidden={hidden || undefined}
      width={THUMB_SIZE}
      height={THUMB_SIZE}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

export function TokenMedia({ token, variant }: { token: MediaToken; variant: MediaVariant }) {
  const Viewer = viewerFor(token.mediaType);
  return (
    <div className={`media media-${variant}`} data-media-type={token.mediaType}>
      {/* A viewer whose code cannot load (offline before it was ever cached) leaves the still thumbnail. */}
      <ChunkBoundary fallback={<MediaThumbnail token={token} variant={variant} />}>
        <Suspense fallback={<MediaThumbnail token={token} variant={variant} />}>
          {Viewer ? <Viewer token={token} variant={variant} /> : <MediaThumbnail token={token} variant={variant} />}
        </Suspense>
      </ChunkBoundary>
      {variant === 'detail' && (
        <ChunkBoundary fallback={null}>
          <Suspense fallback={null}>
            <FullscreenControl token={token} />
          </Suspense>
        </ChunkBoundary>
      )}
    </div>
  );
}
