// The home page's reads (the editorial pages; docs/requirements.md#home): the slides, the featured and trending collections, the current
// exhibition and the featured article, each a GraphQL query through urql (getHomeSlides, getFeaturedCollections,
// getTrendingCollections, getFeaturedExhibition, getFeaturedArticle; server/graphql/home, exhibitions, articles), so
// a later issue can cache them offline. Each answers null when its section has nothing to show, so the section's
// flow leaves it out; a failure throws and the flow leaves the section out too.
import { graphql, PersonFields, type ResultOf } from '../../graphql/graphql';
import { FEATURED_COLLECTIONS_OPERATION, HOME_COLLECTION_FIELDS, HOME_SLIDE_FIELDS, HOME_SLIDES_OPERATION } from '../../../domain/firstReads/home';
import type { ArticleSummary } from '../articles/mediaArticles';
import { fetchFeaturedArticle } from '../articles/mediaArticles';
import { graphqlRequest } from '../graphql';
import { utcMonthDay, utcMonthDayYear } from '../../../domain/utcDates';
import type { MarketplaceCollection } from '../marketplace';

/**
 * Where a slide leads, as the carousel uses it. GraphQL's HomeSlideLink is one flat object (kind, and path or
 * address, chainId and name, each nullable), so this union is the one shape written here: slideLink() narrows it.
 */
export type SlideLink = { kind: 'page'; path: string } | { kind: 'collection'; address: string; chainId: number; name: string };

/** A carousel slide (home_slides), its image already a URL. */
export const HomeSlideFields = graphql(HOME_SLIDE_FIELDS);

type SlideAnswer = ResultOf<typeof HomeSlideFields>;

/** A slide as the carousel shows it: the document's fields with its link narrowed (SlideLink). */
export type HomeSlide = Omit<SlideAnswer, 'link'> & { link: SlideLink };

export const getHomeSlidesOperation = graphql(HOME_SLIDES_OPERATION, [HomeSlideFields]);

/** What a home collection card shows: the explore card's fields (MarketplaceCollection). */
export const HomeCollectionFields = graphql(HOME_COLLECTION_FIELDS, [PersonFields]);

export const getFeaturedCollectionsOperation = graphql(FEATURED_COLLECTIONS_OPERATION, [HomeCollectionFields]);

export const getTrendingCollectionsOperation = graphql(
  `
  query getTrendingCollections {
    getTrendingCollections { ...HomeCollectionFields }
  }
`,
  [HomeCollectionFields],
);

/** The current exhibition's card. */
export const ExhibitionCardFields = graphql(`
  fragment ExhibitionCardFields on Exhibition { id title subtitle cover coverThumbnail startDate endDate artistNamesFormatted }
`);

export type ExhibitionCard = ResultOf<typeof ExhibitionCardFields>;

export const getFeaturedExhibitionOperation = graphql(
  `
  query getFeaturedExhibition {
    getFeaturedExhibition { ...ExhibitionCardFields }
  }
`,
  [ExhibitionCardFields],
);

/** GraphQL's flat link as the view's link; null for a kind this app does not know (the slide is left out). */
function slideLink({ link }: SlideAnswer): SlideLink | null {
  if (link.kind === 'page' && link.path) return { kind: 'page', path: link.path };
  if (link.kind === 'collection' && link.address && link.chainId !== null && link.name !== null) {
    return { kind: 'collection', address: link.address, chainId: link.chainId, name: link.name };
  }
  return null;
}

/** The slides by position; null when there are none (no carousel). */
export async function fetchHomeSlides(signal?: AbortSignal): Promise<HomeSlide[] | null> {
  const { getHomeSlides } = await graphqlRequest(getHomeSlidesOperation, {}, { signal });
  const slides = getHomeSlides.flatMap((slide) => {
    const link = slideLink(slide);
    return link ? [{ position: slide.position, title: slide.title, text: slide.text, image: slide.image, alt: slide.alt, link }] : [];
  });
  return slides.length > 0 ? slides : null;
}

/** The first featured collection, or null when none is featured. */
export async function fetchFeaturedCollection(signal?: AbortSignal): Promise<MarketplaceCollection | null> {
  const { getFeaturedCollections } = await graphqlRequest(getFeaturedCollectionsOperation, {}, { signal });
  return getFeaturedCollections[0] ?? null;
}

/** The trending collections; null when there are none. */
export async function fetchTrendingCollections(signal?: AbortSignal): Promise<MarketplaceCollection[] | null> {
  const { getTrendingCollections } = await graphqlRequest(getTrendingCollectionsOperation, {}, { signal });
  return getTrendingCollections.length > 0 ? getTrendingCollections : null;
}

/** The current exhibition, or null when none is on. */
export async function fetchCurrentExhibition(signal?: AbortSignal): Promise<ExhibitionCard | null> {
  const { getFeaturedExhibition } = await graphqlRequest(getFeaturedExhibitionOperation, {}, { signal });
  return getFeaturedExhibition ?? null;
}

export { fetchFeaturedArticle, type ArticleSummary };

/** An exhibition's dates as the seed shows them: "Nov 1 – Dec 31, 2026" (the year with the end only; UTC, without Intl). */
export const exhibitionDates = (startDate: string, endDate: string) => `${utcMonthDay(startDate)} – ${utcMonthDayYear(endDate)}`;
