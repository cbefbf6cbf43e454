import { useEffect, useRef } from 'react';
import { CollectionCard } from '../../components/collections/CollectionCard';
import { useMediaQuery } from '../../components/data/useMediaQuery';
import type { ArtistInfo } from '../../services/artists/artist';

/** See docs/requirements.md#artists: the wheel scrolls the carousel sideways on wide screens. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

type Collection = ArtistInfo['collections'][number];

/** Whether the scroller can move further in the wheel's direction. */
function canScroll(element: HTMLElement, delta: number): boolean {
  if (delta < 0) return element.scrollLeft > 0;
  return element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
}

/**
 * A vertical wheel scrolls the element horizontally (scrollBy); the page only stops scrolling while the carousel
 * can still move, so at either end the wheel scrolls the page again. A native listener: React's wheel listener is
 * passive and could not prevent the page's scroll.
 */
function useHorizontalWheel(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return undefined;
    const onWheel = (event: WheelEvent) => {
      // A sideways gesture (trackpad) already scrolls it; only a vertical wheel is turned.
      if (Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      if (!canScroll(element, event.deltaY)) return;
      event.preventDefault();
      element.scrollBy({ left: event.deltaY });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [enabled]);
  return ref;
}

/**
 * The artist's collections in a horizontal scroller (docs/requirements.md#artists): keyboard (the region is
 * focusable: arrow keys, and Tab through the cards) and touch scroll it natively; with more than one collection, on
 * wide screens, the mouse wheel scrolls it sideways.
 */
export function CollectionsCarousel({ collections }: { collections: readonly Collection[] }) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const ref = useHorizontalWheel(wide && collections.length > 1);
  return (
    <section className="artist-section" aria-labelledby="artist-collections-title">
      <h2 id="artist-collections-title" className="section-title">Collections</h2>
      <div ref={ref} className="artist-carousel" role="region" aria-label="Collections carousel" tabIndex={0}>
        <ul className="artist-carousel-list">
          {collections.map((collection) => (
            <li key={collection.id} className="artist-carousel-item">
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
