// The home page's flows (issue 16), provided once: the carousel, and one section flow per part of the page that
// loads its data — the slides, the featured collection, the current exhibition, the trending collections and the
// featured article. Views run them with useFlow; unit tests replace them by machine id.
import { fromPromise } from 'xstate';
import { carouselMachine } from '../../../machines/home/carouselMachine';
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

export const homeCarouselFlow = carouselMachine;

export const homeSlidesFlow = createHomeSectionMachine<HomeSlide[]>('homeSlides').provide({
  actors: { fetchSection: fromPromise(({ signal }) => fetchHomeSlides(signal)) },
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
