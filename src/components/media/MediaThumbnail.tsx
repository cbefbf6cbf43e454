// The still thumbnail every media viewer starts from, and what the viewers and TokenMedia share (the token's media
// fields, the variants and their sizes): the viewers (their own chunks) import it without loading TokenMedia, which
// loads them.
import { createContext, useContext } from 'react';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';

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
export const EagerCard = createContext(false);

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
