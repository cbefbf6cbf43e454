// The home page's flows (the editorial pages), provided once: the carousel, and one section flow per part of the page that
// loads its data — the slides, the featured collection, the current exhibition, the trending collections and the
// featured article. Views run them with useFlow; unit tests replace them by machine id.
import { fromCallback, fromPromise } from 'xstate';
import { DESKTOP_QUERY } from '../../../domain/layout';
import { carouselMachine, type CarouselEvent } from '../../../machines/home/carouselMachine';
import { createHomeSectionMachine } from '../../../machines/home/homeSectionMachine';
import type { MarketplaceCollection } from '../marketplace';
import {
  fetchCurrentExhibition,
  fetchFeaturedArticle,
  fetchFeaturedCollection,
  fetchHomeSlides,
  fetchTrendingCollections,
  type ArticleSummary,
  type ExhibitionCard,
  type HomeSlide,
} from '../home/homeData';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export const homeCarouselFlow = carouselMachine.provide({
  actors: {
    // The visitor's motion preference now and whenever it changes (the system setting, or devtools' emulation).
    watchReducedMotion: fromCallback<CarouselEvent>(({ sendBack }) => {
      if (typeof window.matchMedia !== 'function') return undefined;
      const list = window.matchMedia(REDUCED_MOTION);
      const send = () => sendBack({ type: 'carousel.reducedMotion', reduce: list.matches });
      send();
      list.addEventListener('change', send);
      return () => list.removeEventListener('change', send);
    }),
  },
});

export const homeSlidesFlow = createHomeSectionMachine<HomeSlide[]>('homeSlides').provide({
  actors: {
    fetchSection: fromPromise(({ signal }) => fetchHomeSlides(signal)),
    // The carousel is desktop only (docs/requirements.md#home): its slides are asked for once the screen is wide (now or later).
    watchNear: fromCallback(({ sendBack }) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
      const list = window.matchMedia(DESKTOP_QUERY);
      const tell = () => {
        if (list.matches) sendBack({ type: 'section.near' });
      };
      tell();
      list.addEventListener('change', tell);
      return () => list.removeEventListener('change', tell);
    }),
  },
});

export const homeFeaturedCollectionFlow = createHomeSectionMachine<MarketplaceCollection>('homeFeaturedCollection').provide({
  actors: { fetchSection: fromPromise(({ signal }) => fetchFeaturedCollection(signal)) },
});

export const homeExhibitionFlow = createHomeSectionMachine<ExhibitionCard>('homeExhibition').provide({
  actors: { fetchSection: fromPromise(({ signal }) => fetchCurrentExhibition(signal)) },
});

export const homeTrendingFlow = createHomeSectionMachine<MarketplaceCollection[]>('homeTrending').provide({
  actors: { fetchSection: fromPromise(({ signal }) => fetchTrendingCollections(signal)) },
});

export const homeArticleFlow = createHomeSectionMachine<ArticleSummary>('homeArticle').provide({
  actors: { fetchSection: fromPromise(({ signal }) => fetchFeaturedArticle(signal)) },
});
