// Flipcard (multipart/image): a rows × columns grid of cards cut from the front and back faces; each card flips.
import { useRef, useState, type CSSProperties } from 'react';
import { GIF_HOVER_CHECK_MS } from '../../../machines/media/constants';
import { derivativeFor, detailSlotWidth } from '../../../domain/responsiveImage';
import { flipcardSpec, type FlipcardSpec } from './mediaSpec';
import { MediaThumbnail, type ViewerProps } from './MediaThumbnail';
import { useCardHover } from './useCardHover';

/** Where tile (row, column) sits within a face, as a background size and position. */
function sliceStyle(spec: FlipcardSpec, url: string, row: number, column: number): CSSProperties {
  const x = spec.columns === 1 ? 0 : (column / (spec.columns - 1)) * 100;
  const y = spec.rows === 1 ? 0 : (row / (spec.rows - 1)) * 100;
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: `${spec.columns * 100}% ${spec.rows * 100}%`,
    backgroundPosition: `${x}% ${y}%`,
  };
}

function Grid({ spec, flipped, onFlip, label, size }: {
  spec: FlipcardSpec;
  flipped: boolean[];
  onFlip?: (index: number) => void;
  label: string;
  size: 'media' | 'thumbnail';
}) {
  const total = spec.rows * spec.columns;
  const cells = Array.from({ length: total }, (_, index) => {
    const row = Math.floor(index / spec.columns);
    const column = index % spec.columns;
    const faces = (
      <span className="flip-inner" aria-hidden="true">
        <span className="flip-face flip-front" style={sliceStyle(spec, spec.front[size], row, column)} />
        <span className="flip-face flip-back" style={sliceStyle(spec, spec.back[size], row, column)} />
      </span>
    );
    const className = `flip-cell${flipped[index] ? ' is-flipped' : ''}`;
    return onFlip ? (
      // A native button: click, Enter and Space all flip it, and it is in the tab order.
      <button
        key={index}
        type="button"
        className={className}
        aria-pressed={Boolean(flipped[index])}
        aria-label={`Flip card ${index + 1} of ${total} (row ${row + 1}, column ${column + 1})`}
        onClick={() => onFlip(index)}
      >
        {faces}
      </button>
    ) : (
      <span key={index} className={className}>{faces}</span>
    );
  });
  return (
    <div
      className="flip-grid"
      role={onFlip ? 'group' : undefined}
      aria-label={onFlip ? label : undefined}
      style={{ gridTemplateColumns: `repeat(${spec.columns}, 1fr)`, gridTemplateRows: `repeat(${spec.rows}, 1fr)` }}
    >
      {cells}
    </div>
  );
}

/**
 * The faces' images at the width the token page shows them (the detail slot on this screen, in device pixels): their
 * webp derivatives instead of originals of up to several megabytes (a background has no srcset). Fullscreen keeps the
 * originals, as the other viewers do.
 */
function detailFaces(spec: FlipcardSpec): FlipcardSpec {
  if (typeof window === 'undefined') return spec;
  const pixels = detailSlotWidth(window.innerWidth) * (window.devicePixelRatio || 1);
  const face = (side: FlipcardSpec['front']) => ({ ...side, media: derivativeFor(side.media, pixels) ?? side.media });
  return { ...spec, front: face(spec.front), back: face(spec.back) };
}

export default function FlipcardViewer({ token, variant }: ViewerProps) {
  const found = flipcardSpec(token);
  const spec = found && variant === 'detail' ? detailFaces(found) : found;
  const ref = useRef<HTMLDivElement>(null);
  const hovered = useCardHover(ref, GIF_HOVER_CHECK_MS, variant === 'card' && spec !== null);
  const [flipped, setFlipped] = useState<boolean[]>([]);
  if (!spec) return <MediaThumbnail token={token} variant={variant} />;
  const total = spec.rows * spec.columns;
  const label = `${token.name}: ${total === 1 ? 'flip the card' : `${spec.rows} × ${spec.columns} cards, each flips`}`;

  if (variant === 'card') {
    // Cards sit under the card's link: no buttons here; hovering the card turns every piece over.
    return (
      <div ref={ref} className="media-layer flipcard" data-flipped={hovered}>
        <MediaThumbnail token={token} variant={variant} />
        {hovered && <Grid spec={spec} flipped={Array.from({ length: total }, () => true)} label={label} size="thumbnail" />}
      </div>
    );
  }
  const flip = (index: number) =>
    setFlipped((current) => Array.from({ length: total }, (_, i) => (i === index ? !current[i] : Boolean(current[i]))));
  const allFlipped = total > 0 && Array.from({ length: total }, (_, i) => Boolean(flipped[i])).every(Boolean);
  return (
    <div className="media-layer flipcard flipcard-interactive">
      <Grid spec={spec} flipped={flipped} onFlip={flip} label={label} size="media" />
      {total > 1 && (
        <button
          type="button"
          className="media-button flip-all"
          aria-pressed={allFlipped}
          onClick={() => setFlipped(Array.from({ length: total }, () => !allFlipped))}
        >
          {allFlipped ? 'Show front' : 'Flip all'}
        </button>
      )}
    </div>
  );
}
