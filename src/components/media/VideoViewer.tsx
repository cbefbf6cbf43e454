// Video: cards show the poster and play muted in a loop while hovered; the detail page has controls.
import { useRef } from 'react';
import { GIF_HOVER_CHECK_MS } from '../../../machines/media/constants';
import { MediaThumbnail, THUMB_SIZE, type ViewerProps } from './MediaThumbnail';
import { useCardHover } from './useCardHover';

export default function VideoViewer({ token, variant }: ViewerProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Same hover sampling as gifs: a pointer passing over a grid does not start a row of downloads.
  const hovered = useCardHover(ref, GIF_HOVER_CHECK_MS, variant === 'card');
  const poster = token.thumbnailUrl ?? undefined;
  if (!token.mediaUrl) return <MediaThumbnail token={token} variant={variant} />;
  if (variant !== 'card') {
    return (
      <video
        className="media-full"
        src={token.mediaUrl}
        poster={poster}
        controls
        playsInline
        preload="metadata"
        width={THUMB_SIZE}
        height={THUMB_SIZE}
        aria-label={token.name}
      />
    );
  }
  return (
    <div ref={ref} className="media-layer" data-playing={hovered}>
      <MediaThumbnail token={token} variant={variant} />
      {hovered && (
        <video
          className="media-full media-over"
          src={token.mediaUrl}
          poster={poster}
          muted
          loop
          playsInline
          autoPlay
          preload="auto"
          aria-hidden="true"
          tabIndex={-1}
        />
      )}
    </div>
  );
}
