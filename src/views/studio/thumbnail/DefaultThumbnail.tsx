// The default thumbnail as it will be saved: the gif drawn on a canvas, the video at its first frame, the generative
// token in the token page's sandboxed frame with its seed shown and fixed.
import { useEffect, useRef } from 'react';
import type { StudioCanvas, StudioToken } from '../../../../machines/studio/studioTypes';
import { TokenMedia } from '../../../components/media/TokenMedia';
import { GENERATIVE_CAPTURE_SIZE, studioMediaToken } from '../../../services/studio/studioMedia';

function GifCanvas({ src, name }: { src: string; name: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const image = new Image();
    image.onload = () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
    };
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src]);
  return <canvas ref={canvasRef} className="studio-thumbnail-canvas" role="img" aria-label={`${name}, first frame`} />;
}

export function DefaultThumbnail({ canvas, token }: { canvas: StudioCanvas; token: StudioToken }) {
  if (canvas.mediaType === 'multipart/mixed') {
    const seed = token.attributes?.seedValue;
    return (
      <figure className="studio-generative-frame">
        <div style={{ width: GENERATIVE_CAPTURE_SIZE, height: GENERATIVE_CAPTURE_SIZE }}>
          <TokenMedia token={studioMediaToken(canvas, token)} variant="detail" />
        </div>
        <figcaption>Seed: {String(seed ?? '')}</figcaption>
      </figure>
    );
  }
  if (!token.mediaUrl) return <p className="studio-status">The token has no media.</p>;
  if (canvas.mediaType === 'video') {
    return <video className="studio-thumbnail-video" src={token.mediaUrl} muted playsInline preload="auto" aria-label={`${token.name}, first frame`} />;
  }
  return <GifCanvas src={token.mediaUrl} name={token.name} />;
}
