// Gif: cards show the still thumbnail and animate while hovered (checked every 200 ms); the detail page animates.
import { useRef } from 'react';
import { GIF_HOVER_CHECK_MS } from '../../../machines/media/constants';
import { MediaThumbnail, THUMB_SIZE, type ViewerProps } from './TokenMedia';
import { useCardHover } from './useCardHover';

export default function GifViewer({ token, variant }: ViewerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const hovered = useCardHover(ref, GIF_HOVER_CHECK_MS, variant === 'card');
  const animate = Boolean(token.mediaUrl) && (variant !== 'card' || hovered);
  return (
    <div ref={ref} className="media-layer" data-animating={animate}>
      {animate ? (
        <img
          className="media-full"
          src={token.mediaUrl!}
          alt={token.name}
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          decoding="async"
          // On the token page the animation is the largest paint: fetched at once, ahead of the page's other images.
          loading="eager"
          fetchPriority={variant === 'detail' ? 'high' : undefined}
        />
      ) : (
        <MediaThumbnail token={token} variant={variant} />
      )}
    </div>
  );
}
