// Sound (docs/requirements.md#media): the collection's cover is the picture. Cards show it with a sound marker (playing happens on
// the token page); the token page and the fullscreen viewer lay the browser's own audio controls over it.
import { useId } from 'react';
import { MediaTypeIcon } from './MediaTypeIcon';
import { MediaThumbnail, type ViewerProps } from './MediaThumbnail';

export default function SoundViewer({ token, variant }: ViewerProps) {
  const captionId = useId();
  if (variant === 'card' || !token.mediaUrl) {
    return (
      <div className="media-layer sound" data-variant={variant}>
        <MediaThumbnail token={token} variant={variant} />
        <span className="sound-marker">
          <MediaTypeIcon mediaType="sound" size={18} />
        </span>
      </div>
    );
  }
  return (
    <figure className="media-layer sound sound-player" data-variant={variant} aria-labelledby={captionId}>
      <MediaThumbnail token={token} variant={variant} />
      <figcaption className="sound-caption" id={captionId}>
        <MediaTypeIcon mediaType="sound" size={18} />
        <span>{token.name}</span>
      </figcaption>
      <audio className="sound-audio" src={token.mediaUrl} controls preload="metadata" aria-label={`Listen to ${token.name}`} />
    </figure>
  );
}
