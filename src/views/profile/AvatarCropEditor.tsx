import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

// Seed 000 §5 "Image upload: one file; crop aspect ... 1 otherwise": a square crop, drawn with a plain canvas.
const VIEWPORT = 280;
const OUTPUT = 512;
const MAX_ZOOM = 4;

interface Offset {
  x: number;
  y: number;
}

/** Where the image sits: centred, scaled to cover the square, then zoomed and moved (kept covering it). */
function placement(image: { width: number; height: number }, zoom: number, offset: Offset, size: number) {
  const scale = Math.max(size / image.width, size / image.height) * zoom;
  const width = image.width * scale;
  const height = image.height * scale;
  const maxX = (width - size) / 2;
  const maxY = (height - size) / 2;
  const x = Math.min(maxX, Math.max(-maxX, offset.x * (size / VIEWPORT)));
  const y = Math.min(maxY, Math.max(-maxY, offset.y * (size / VIEWPORT)));
  return { left: (size - width) / 2 + x, top: (size - height) / 2 + y, width, height, clamped: { x: (x * VIEWPORT) / size, y: (y * VIEWPORT) / size } };
}

function draw(canvas: HTMLCanvasElement | null, image: HTMLImageElement, zoom: number, offset: Offset, size: number) {
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return;
  const place = placement(image, zoom, offset, size);
  context.clearRect(0, 0, size, size);
  context.drawImage(image, place.left, place.top, place.width, place.height);
}

/** A square crop editor: drag (or arrow keys) to move, the slider to zoom; Apply gives a 512×512 PNG. */
export function AvatarCropEditor({ file, onApply, onCancel }: { file: File; onApply: (avatar: Blob, preview: string) => void; onCancel: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerX: number; pointerY: number; start: Offset } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const loaded = new Image();
    loaded.onload = () => setImage(loaded);
    loaded.onerror = () => setFailed(true);
    loaded.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (image) draw(canvasRef.current, image, zoom, offset, VIEWPORT);
  }, [image, zoom, offset]);

  const move = (next: Offset) => setOffset(image ? placement(image, zoom, next, VIEWPORT).clamped : next);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (start) move({ x: start.start.x + event.clientX - start.pointerX, y: start.start.y + event.clientY - start.pointerY });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const steps: Record<string, Offset> = { ArrowLeft: { x: -8, y: 0 }, ArrowRight: { x: 8, y: 0 }, ArrowUp: { x: 0, y: -8 }, ArrowDown: { x: 0, y: 8 } };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    move({ x: offset.x + step.x, y: offset.y + step.y });
  };

  const apply = () => {
    if (!image) return;
    const output = document.createElement('canvas');
    output.width = OUTPUT;
    output.height = OUTPUT;
    draw(output, image, zoom, offset, OUTPUT);
    output.toBlob((blob) => {
      if (blob) onApply(blob, output.toDataURL('image/png'));
    }, 'image/png');
  };

  if (failed) return <p role="alert">This image could not be read. Choose a PNG, JPEG, WebP or GIF file.</p>;
  return (
    <div className="crop-editor" role="group" aria-label="Crop the avatar">
      <canvas
        ref={canvasRef}
        className="crop-editor-canvas"
        width={VIEWPORT}
        height={VIEWPORT}
        tabIndex={0}
        aria-label="Avatar crop area: drag or use the arrow keys to move the image"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      />
      <label className="crop-editor-zoom">
        Zoom
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => {
            setZoom(Number(event.target.value));
            if (image) setOffset(placement(image, Number(event.target.value), offset, VIEWPORT).clamped);
          }}
        />
      </label>
      <div className="crop-editor-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={apply} disabled={!image}>
          Apply crop
        </button>
      </div>
    </div>
  );
}
