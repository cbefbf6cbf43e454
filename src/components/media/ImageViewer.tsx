// Still image: the thumbnail on cards, a derivative sized for the screen on the detail page, the original in fullscreen
// (same square box, so no layout shift).
import { responsiveImage } from '../../../domain/responsiveImage';
import { MediaThumbnail, THUMB_SIZE, viewerSizes, type ViewerProps } from './MediaThumbnail';

export default function ImageViewer({ token, variant }: ViewerProps) {
  if (variant === 'card' || !token.mediaUrl) return <MediaThumbnail token={token} variant={variant} />;
  return (
    <img
      className="media-full"
      {...(variant === 'fullscreen' ? { src: token.mediaUrl } : responsiveImage(token.mediaUrl, viewerSizes(variant)))}
      alt={token.name}
      width={THUMB_SIZE}
      height={THUMB_SIZE}
      decoding="async"
      // The token page's largest paint: fetched at once, ahead of the page's other images.
      loading="eager"
      fetchPriority={variant === 'detail' ? 'high' : undefined}
    />
  );
}
