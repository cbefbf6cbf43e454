// Still image: the thumbnail on cards, the full image on the detail page (same square box, so no layout shift).
import { MediaThumbnail, THUMB_SIZE, type ViewerProps } from './TokenMedia';

export default function ImageViewer({ token, variant }: ViewerProps) {
  if (variant === 'card' || !token.mediaUrl) return <MediaThumbnail token={token} variant={variant} />;
  return (
    <img
      className="media-full"
      src={token.mediaUrl}
      alt={token.name}
      width={THUMB_SIZE}
      height={THUMB_SIZE}
      decoding="async"
      fetchPriority={variant === 'detail' ? 'high' : undefined}
    />
  );
}
