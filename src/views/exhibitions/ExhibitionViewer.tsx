import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';
import type { Exhibition } from '../../services/exhibitions/exhibitions';
import { exhibitionViewerFlow, exhibitionViewerInput } from '../../services/flows/exhibitions';
import { ArtworkSlide, IntroSlide, StatementSlide } from './ExhibitionSlides';

const VIEWER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * The exhibition viewer (docs/requirements.md#exhibitions): a horizontal slider — the intro banner, one card per artwork in exhibition
 * order, the statement page — with Previous/Next, arrow keys while it has focus, pointer swipes, and a thumbnail
 * rail (Intro, the artworks, Note) from the first artwork on. The position is the viewer flow's, kept per exhibition.
 * Key the component by exhibition id.
 */
export function ExhibitionViewer({ exhibition }: { exhibition: Exhibition }) {
  const viewer = useFlow(exhibitionViewerFlow, { input: exhibitionViewerInput(exhibition) });
  const position = useSelector(viewer, (snapshot) => snapshot.context.position);
  // The slide the viewer opened on: its image is the page's likely largest paint, fetched first.
  const [opened] = useState(position);
  const artworks = useMemo(() => [...exhibition.artworks].sort((a, b) => a.order - b.order), [exhibition.artworks]);
  const last = artworks.length + 1;
  const swipeStart = useRef<number | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!VIEWER_KEYS.has(event.key)) return;
    event.preventDefault();
    viewer.send({ type: 'viewer.key', key: event.key });
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    viewer.send({ type: 'viewer.swipe', dx });
  };
  const label = (index: number) => (index === 0 ? 'Intro' : index === last ? 'Note' : (artworks[index - 1]?.token.name ?? ''));

  return (
    <section
      className="exhibition-viewer"
      aria-roledescription="carousel"
      aria-label={exhibition.title}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-position={position}
    >
      <div className="exhibition-stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipeStart.current = null)}>
        <div className="exhibition-track" style={{ transform: `translateX(-${position * 100}%)` }}>
          {Array.from({ length: last + 1 }, (_, index) => (
            <div
              key={index}
              className="exhibition-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${last + 1}: ${label(index)}`}
              aria-hidden={index !== position}
              inert={index !== position}
            >
              {/* Only the shown slide and its neighbours have content: the others are closed (no height) until the
                  viewer comes near, so a long exhibition renders three slides, not all of them. */}
              {Math.abs(index - position) > 1 ? null : index === 0 ? (
                <IntroSlide exhibition={exhibition} first={opened === 0} onFullStatement={() => viewer.send({ type: 'viewer.goTo', position: last })} />
              ) : index === last ? (
                <StatementSlide exhibition={exhibition} />
              ) : (
                <ArtworkSlide artwork={artworks[index - 1]!} first={opened === index} />
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="exhibition-controls">
        <button type="button" className="button exhibition-arrow" aria-label="Previous" disabled={position === 0} onClick={() => viewer.send({ type: 'viewer.prev' })}>
          <span aria-hidden="true">←</span>
        </button>
        <p className="exhibition-position" aria-live="polite">
          {position + 1} / {last + 1}
        </p>
        <button type="button" className="button exhibition-arrow" aria-label="Next" disabled={position === last} onClick={() => viewer.send({ type: 'viewer.next' })}>
          <span aria-hidden="true">→</span>
        </button>
      </div>
      {position > 0 && (
        <nav className="exhibition-rail" aria-label="Exhibition items">
          <button type="button" className="exhibition-rail-text" aria-current={position === 0 ? 'true' : undefined} onClick={() => viewer.send({ type: 'viewer.goTo', position: 0 })}>
            Intro
          </button>
          {artworks.map((artwork, index) => {
            const image = artwork.token.thumbnailUrl ?? artwork.token.mediaUrl;
            return (
              <button
                key={artwork.token.id}
                type="button"
                className="exhibition-rail-thumb"
                aria-label={artwork.token.name}
                aria-current={position === index + 1 ? 'true' : undefined}
                onClick={() => viewer.send({ type: 'viewer.goTo', position: index + 1 })}
              >
                {image ? <img {...tokenImage(image, artwork.token.mediaType, IMAGE_SIZES.rail)} alt="" loading="lazy" /> : <span aria-hidden="true">{index + 1}</span>}
              </button>
            );
          })}
          <button type="button" className="exhibition-rail-text" aria-current={position === last ? 'true' : undefined} onClick={() => viewer.send({ type: 'viewer.goTo', position: last })}>
            Note
          </button>
        </nav>
      )}
    </section>
  );
}
