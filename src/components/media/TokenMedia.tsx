// The token's media for a card or the detail page: the thumbnail at once, the viewer for its media type lazily.
import { Suspense } from 'react';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { FullscreenControl } from './FullscreenControl';
import { EagerCard, MediaThumbnail, type MediaToken, type MediaVariant } from './MediaThumbnail';
import { viewerFor } from './viewers';
import '../../styles/media.css';

/** `eager`: a card on the first screen (see EagerCard). */
export function TokenMedia({ token, variant, eager = false }: { token: MediaToken; variant: MediaVariant; eager?: boolean }) {
  const Viewer = viewerFor(token.mediaType);
  return (
    <EagerCard.Provider value={eager}>
      <div className={`media media-${variant}`} data-media-type={token.mediaType}>
        {/* A viewer whose code cannot load (offline before it was ever cached) leaves the still thumbnail. */}
        <ChunkBoundary fallback={<MediaThumbnail token={token} variant={variant} />}>
          <Suspense fallback={<MediaThumbnail token={token} variant={variant} />}>
            {Viewer ? <Viewer token={token} variant={variant} /> : <MediaThumbnail token={token} variant={variant} />}
          </Suspense>
        </ChunkBoundary>
        {variant === 'detail' && <FullscreenControl token={token} />}
      </div>
    </EagerCard.Provider>
  );
}
