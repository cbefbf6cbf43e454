// The token's media for a card or the detail page: the thumbnail at once, the viewer for its media type lazily.
import { createContext, Suspense, useContext } from 'react';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';
import { FullscreenControl } from './FullscreenControl';
import { viewerFor } from './viewers';
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

/** How wide each variant shows its media (the derivative a screen needs: domain/responsiveImage.ts). */
export const viewerSizes = (variant: ViewerVariant) => (variant === 'card' ? IMAGE_SIZES.card : variant === 'detail' ? IMAGE_SIZES.detail : IMAGE_SIZES.full);

/**
 * A card the first screen shows (the first cards of a list): its thumbnail loads at once with a high priority instead
 * of lazily, since it is likely the page's largest paint. Set by TokenMedia's `eager`, read by the viewers' thumbnail.
 */
const EagerCard = createContext(false);

/** The still thumbnail every viewer starts from (and falls back to). */
export function MediaThumbnail({ token, variant, hidden }: ViewerProps & { hidden?: boolean }) {
  const eagerCard = useContext(EagerCard);
  const src = token.thumbnailUrl ?? (token.mediaType === 'image' ? token.mediaUrl : null);
  if (!src) return <div className="media-placeholder" aria-hidden="true" />;
  const eager = variant !== 'card' || eagerCard;
  const image = tokenImage(src, token.mediaType, viewerSizes(variant));
  return (
    <img
      className="media-thumbnail"
      {...image}
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
