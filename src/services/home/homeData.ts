// The home page's reads (issue 16; seed 001 §2 Home, §7 GET /collection/featured, /collection/trending,
// /exhibition/featured, /article/featured and our GET /home/slides). Each answers null when its section has nothing
// to show, so the section's flow leaves it out (server/rest/home.ts, collection.ts, article.ts).
import type { ArticleSummary } from '../articles/mediaArticles';
import { fetchFeaturedArticle } from '../articles/mediaArticles';
import { apiRequest } from '../api';
import type { MarketplaceCollection } from '../marketplace';

export type SlideLink = { kind: 'page'; path: string } | { kind: 'collection'; address: string; chainId: number; name: string };

/** A carousel slide (home_slides), its image already a URL. */
export interface HomeSlide {
  position: number;
  title: string;
  text: string;
  image: string;
  alt: string;
  link: SlideLink;
}

/** The current exhibition's card (GET /api/v1/exhibition/featured). */
export interface ExhibitionCard {
  id: string;
  title: string;
  subtitle: string | null;
  cover: string | null;
  coverThumbnail: string | null;
  startDate: string;
  endDate: string;
  artistNamesFormatted: string | null;
}

/** GET /api/v1/home/slides: the slides by position; null when there are none (no carousel). */
export async function fetchHomeSlides(signal?: AbortSignal): Promise<HomeSlide[] | null> {
  const { slides } = await apiRequest<{ slides: HomeSlide[] }>('/home/slides', { signal });
  return slides.length > 0 ? slides : null;
}

/** The REST collections answer a superset of the explore card's fields (server/graphql/collections.ts collectionNode). */
async function fetchCollections(path: string, signal?: AbortSignal): Promise<MarketplaceCollection[]> {
  const { collections } = await apiRequest<{ collections: MarketplaceCollection[] }>(path, { signal });
  return collections;
}

/** The first featured collection, or null when none is featured. */
export async function fetchFeaturedCollection(signal?: AbortSignal): Promise<MarketplaceCollection | null> {
  return (await fetchCollections('/collection/featured', signal))[0] ?? null;
}

/** The trending collections; null when there are none. */
export async function fetchTrendingCollections(signal?: AbortSignal): Promise<MarketplaceCollection[] | null> {
  const collections = await fetchCollections('/collection/trending', signal);
  return collections.length > 0 ? collections : null;
}

/** The current exhibition, or null when none is on. */
export async function fetchCurrentExhibition(signal?: AbortSignal): Promise<ExhibitionCard | null> {
  const { exhibition } = await apiRequest<{ exhibition: ExhibitionCard | null }>('/exhibition/featured', { signal });
  return exhibition ?? null;
}

export { fetchFeaturedArticle, type ArticleSummary };

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** An exhibition's dates as the seed shows them: "Nov 1 – Dec 31, 2026" (the year with the end only). */
export const exhibitionDates = (startDate: string, endDate: string) => `${SHORT.format(new Date(startDate))} – ${LONG.format(new Date(endDate))}`;
