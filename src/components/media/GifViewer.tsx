// Gif: cards show the still thumbnail and animate while hovered (checked every 200 ms); the detail page animates
// over its still frame.
import { useRef, useState } from 'react';
import { GIF_HOVER_CHECK_MS } from '../../../machines/media/constants';
import { MediaThumbnail, THUMB_SIZE, type ViewerProps } from './MediaThumbnail';
import { useCardHover } from './useCardHover';

export default function GifViewer({ token, variant }: ViewerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hovered = useCardHover(ref, GIF_HOVER_CHECK_MS, variant === 'card');
  const [loaded, setLoaded] = useState(false);
  const animate = Boolean(token.mediaUrl) && (variant !== 'card' || hovered);
  if (animate && variant !== 'card') {
    // The token page: the still frame (a small webp) paints first, as the page's largest paint; the animation (the
    // original, often hundreds of kilobytes) shows over it, in the same box, once it has loaded.
    return (
      <div ref={ref} className="media-layer" data-animating="true" data-animation-loaded={loaded}>
        <MediaThumbnail token={token} variant={variant} hidden />
        <img
          className={`media-full media-over gif-animation${loaded ? ' is-loaded' : ''}`}
          src={token.mediaUrl!}
          alt={token.name}
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          decoding="async"
          loading="eager"
          onLoad={() => setLoaded(true)}
        />
      </div>
    );
  }
  return (
    <div ref={ref} className="media-layer" data-animating={animate}>
      {animate ? (
        <img className="media-full" src={token.mediaUrl!} alt={token.name} width={THUMB_SIZE} height={THUMB_SIZE} decoding="async" loading="eager" />
      ) : (
        <MediaThumbnail token={token} variant={variant} />
      )}
    </div>
  );
}
