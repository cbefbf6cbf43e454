// A navigation's first answers (fast on phones): the page a phone asks for comes with the answer of the route's first
// GraphQL read and a preload of the image that answer makes the page's largest paint. Without them the read waits
// for the route's script to download, run and start its flow, and the image for the read: three round trips after
// the scripts. The app takes an answer from the page once, for the request it would have sent (same operation and
// variables, anonymous: src/services/firstAnswers.ts), and asks the server for everything after.
//
// The documents are the app's own: their texts are written once in domain/firstReads/, which the app types
// (src/services/*.ts) and http/firstReadDocuments.ts completes with their fragments. Only reads whose variables
// follow from the path alone are answered, and the current time: the app matches the current exhibition's read without
// its cDate, as its offline copy does (src/offline/dataPolicy.ts).
import { DESKTOP_QUERY } from '../../domain/layout.js';
import { IMAGE_SIZES, responsiveImage, tokenImage, type ResponsiveImage } from '../../domain/responsiveImage.js';
import { ARTISTS_PAGE_SIZE } from '../../domain/artistName.js';
import { ARTICLE_ID } from '../../domain/articles.js';
import { ARTICLE_PAGE_OPERATION } from '../../domain/firstReads/article.js';
import { ARTIST_PAGE_OPERATION } from '../../domain/firstReads/artist.js';
import { ALL_ARTISTS_OPERATION } from '../../domain/firstReads/artists.js';
import { COLLECTION_PAGE_OPERATION } from '../../domain/firstReads/collection.js';
import { CURRENT_EXHIBITION_OPERATION, PAST_EXHIBITIONS_OPERATION, PAST_EXHIBITIONS_PAGE_SIZE } from '../../domain/firstReads/exhibitions.js';
import { MARKETPLACE_TOKENS_OPERATION } from '../../domain/firstReads/explore.js';
import { FEATURED_COLLECTIONS_OPERATION, HOME_SLIDES_OPERATION } from '../../domain/firstReads/home.js';
import { ARTICLES_OPERATION, ARTICLES_PER_PAGE, FEATURED_ARTICLE_OPERATION } from '../../domain/firstReads/mediaArticles.js';
import { TOKEN_PAGE_OPERATION } from '../../domain/firstReads/token.js';
import { EXPLORE_FIRST_PAGE, firstReadDocument } from './firstReadDocuments.js';

/** One read the app sends on this route's first render, with the variables it sends. */
export interface FirstRead {
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
}

/** An image the route's first render shows as its largest paint, as its img element asks for it. */
export interface ImageHint {
  href: string;
  srcSet?: string;
  sizes?: string;
  /** Only where this media query matches (the layout shows the image there only). */
  media?: string;
}

interface FirstAnswerRoute {
  pattern: RegExp;
  /** Answered only for the address without a query (a query changes what the page reads: explore's filters). */
  plain?: boolean;
  reads: (params: string[]) => FirstRead[];
  /** The largest image the first answer shows (one per layout that shows another), or null. */
  image?: (answers: ReadonlyMap<string, unknown>) => ImageHint | ImageHint[] | null;
}

/** The hint of an img's attributes (domain/responsiveImage.ts): the same address and candidates the page asks for. */
function hintOf(image: ResponsiveImage): ImageHint {
  return { href: image.src, ...(image.srcSet ? { srcSet: image.srcSet, sizes: image.sizes } : {}) };
}

interface TokenAnswer {
  getTokenFromHolding?: { mediaType?: string | null; mediaUrl?: string | null; thumbnailUrl?: string | null } | null;
}

/**
 * The token page's largest paint as its viewer draws it on the page (src/components/media): an image through its
 * derivatives at the detail width, a gif's still frame, a video's poster as it is, a generative piece's and a sound's
 * still thumbnail. A flipcard's faces are CSS backgrounds sized by the screen in the app: no hint rather than a
 * wrong one.
 */
export function tokenPageImage(answer: TokenAnswer | undefined): ImageHint | null {
  const token = answer?.getTokenFromHolding;
  if (!token) return null;
  if (token.mediaType === 'image' && token.mediaUrl) {
    return hintOf(responsiveImage(token.mediaUrl, IMAGE_SIZES.detail));
  }
  // A gif's page paints its still frame first (its thumbnail as it is), the animation over it once loaded.
  if (token.mediaType === 'gif' && token.thumbnailUrl) return { href: token.thumbnailUrl };
  if (token.mediaType === 'video' && token.thumbnailUrl) return { href: token.thumbnailUrl };
  // A generative piece and a sound show their still thumbnail on the page (the sketch's frame starts after the
  // largest paint): through its derivatives, as MediaThumbnail asks for it.
  if ((token.mediaType === 'multipart/mixed' || token.mediaType === 'sound') && token.thumbnailUrl) {
    return hintOf(tokenImage(token.thumbnailUrl, token.mediaType, IMAGE_SIZES.detail));
  }
  return null;
}

/** An image shown across the page (a banner) at its layout's width. */
function bannerImage(url: string | null | undefined): ImageHint | null {
  if (!url) return null;
  return hintOf(responsiveImage(url, IMAGE_SIZES.banner));
}

interface TokensAnswer {
  getMarketplaceTokens?: { edges: Array<{ node: { thumbnailUrl?: string | null; mediaUrl?: string | null; mediaType?: string | null } }> } | null;
}

/** A token card's still image as its thumbnail draws it (src/components/media/TokenMedia.tsx MediaThumbnail). */
function cardImage(token: { thumbnailUrl?: string | null; mediaUrl?: string | null; mediaType?: string | null } | undefined): ImageHint | null {
  const src = token ? (token.thumbnailUrl ?? (token.mediaType === 'image' ? token.mediaUrl : null)) : null;
  if (!src) return null;
  return hintOf(tokenImage(src, token!.mediaType, IMAGE_SIZES.card));
}

interface CollectionAnswer {
  getCollections?: { edges: Array<{ node: { cover?: string | null } }> } | null;
}

/** The collection page's route rule (src/routes/collection.$address.$chainId.tsx): any other is its 404, not asked. */
const COLLECTION_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

interface CurrentExhibitionAnswer {
  getCurrentExhibition?: { cover?: string | null } | null;
}

interface ArtistsAnswer {
  getAllArtists?: { edges: Array<{ node: { coverThumbnail?: string | null } }> } | null;
}

interface SlidesAnswer {
  getHomeSlides?: Array<{ position: number; image: string | null }> | null;
}

interface FeaturedCollectionsAnswer {
  getFeaturedCollections?: Array<{ cover?: string | null; coverThumbnail?: string | null; thumbnail?: string | null }> | null;
}

interface ArtistAnswer {
  getArtistInfo?: { cover?: string | null } | null;
}

interface FeaturedArticleAnswer {
  getFeaturedArticle?: { cover?: string | null } | null;
}

const ROUTES: FirstAnswerRoute[] = [
  {
    pattern: /^\/token\/([^/]+)\/?$/,
    reads: ([id]) => [{ operationName: 'getTokenFromHolding', query: firstReadDocument(TOKEN_PAGE_OPERATION), variables: { id } }],
    image: (answers) => tokenPageImage(answers.get('getTokenFromHolding') as TokenAnswer | undefined),
  },
  {
    // The home page: on a wide screen its carousel's first slide (by position) is the largest paint; a phone shows no
    // carousel (and asks for no slides), and its largest paint is the featured collection's cover under the hero
    // (src/views/home/HomeView.tsx, FeaturedCollectionSection.tsx).
    pattern: /^\/$/,
    reads: () => [
      { operationName: 'getHomeSlides', query: firstReadDocument(HOME_SLIDES_OPERATION), variables: {} },
      { operationName: 'getFeaturedCollections', query: firstReadDocument(FEATURED_COLLECTIONS_OPERATION), variables: {} },
    ],
    image: (answers) => {
      const slides = (answers.get('getHomeSlides') as SlidesAnswer | undefined)?.getHomeSlides ?? [];
      const slide = bannerImage([...slides].sort((a, b) => a.position - b.position)[0]?.image);
      const featured = (answers.get('getFeaturedCollections') as FeaturedCollectionsAnswer | undefined)?.getFeaturedCollections?.[0];
      const cover = bannerImage(featured ? (featured.cover ?? featured.coverThumbnail ?? featured.thumbnail) : null);
      const hints: ImageHint[] = [];
      if (slide) hints.push({ ...slide, media: DESKTOP_QUERY });
      if (cover) hints.push({ ...cover, media: `not all and ${DESKTOP_QUERY}` });
      return hints;
    },
  },
  {
    // Explore with no filter chosen (a filtered view's address has a query, which the page asks for itself): its
    // first card's thumbnail is the page's largest paint.
    pattern: /^\/explore\/?$/,
    plain: true,
    reads: () => [{ operationName: 'getMarketplaceTokens', query: firstReadDocument(MARKETPLACE_TOKENS_OPERATION), variables: EXPLORE_FIRST_PAGE }],
    image: (answers) => cardImage((answers.get('getMarketplaceTokens') as TokensAnswer | undefined)?.getMarketplaceTokens?.edges[0]?.node),
  },
  {
    // The collection page's loader reads its collection by the address in lower case; its cover is the largest paint.
    pattern: /^\/collection\/([^/]+)\/([^/]+)\/?$/,
    reads: ([address, chain]) => {
      const chainId = Number(chain);
      if (!COLLECTION_ADDRESS.test(address!) || !Number.isSafeInteger(chainId) || chainId <= 0) return [];
      return [{ operationName: 'getCollections', query: firstReadDocument(COLLECTION_PAGE_OPERATION), variables: { address: address!.toLowerCase(), chainId } }];
    },
    image: (answers) => {
      const cover = (answers.get('getCollections') as CollectionAnswer | undefined)?.getCollections?.edges[0]?.node.cover;
      return cover ? hintOf(responsiveImage(cover, IMAGE_SIZES.collectionCover)) : null;
    },
  },
  {
    // The exhibitions page's first load (its Current tab, no tab chosen): the exhibition running now and the past
    // ones; the viewer's opening slide, the current exhibition's cover, is the largest paint.
    pattern: /^\/exhibitions\/?$/,
    plain: true,
    reads: () => [
      { operationName: 'getCurrentExhibition', query: firstReadDocument(CURRENT_EXHIBITION_OPERATION), variables: { cDate: new Date().toISOString() } },
      { operationName: 'getPastExhibitions', query: firstReadDocument(PAST_EXHIBITIONS_OPERATION), variables: { pagination: { page: 1, perPage: PAST_EXHIBITIONS_PAGE_SIZE } } },
    ],
    image: (answers) => bannerImage((answers.get('getCurrentExhibition') as CurrentExhibitionAnswer | undefined)?.getCurrentExhibition?.cover),
  },
  {
    // The artists catalogue's first page (src/views/artists/ArtistsList.tsx): the first card's cover is its largest paint.
    pattern: /^\/artists\/?$/,
    plain: true,
    reads: () => [{ operationName: 'getAllArtists', query: firstReadDocument(ALL_ARTISTS_OPERATION), variables: { pagination: { perPage: ARTISTS_PAGE_SIZE } } }],
    image: (answers) => {
      const cover = (answers.get('getAllArtists') as ArtistsAnswer | undefined)?.getAllArtists?.edges[0]?.node.coverThumbnail;
      return cover ? hintOf(responsiveImage(cover, IMAGE_SIZES.wideCard)) : null;
    },
  },
  {
    // The artist page reads its artist by the address in lower case; its cover is its largest paint.
    pattern: /^\/artist\/([^/]+)\/?$/,
    reads: ([id]) => [{ operationName: 'getArtistInfo', query: firstReadDocument(ARTIST_PAGE_OPERATION), variables: { artist_id: id!.toLowerCase() } }],
    image: (answers) => bannerImage((answers.get('getArtistInfo') as ArtistAnswer | undefined)?.getArtistInfo?.cover),
  },
  {
    pattern: /^\/article\/([^/]+)\/?$/,
    reads: ([id]) => (ARTICLE_ID.test(id!) ? [{ operationName: 'getArticle', query: firstReadDocument(ARTICLE_PAGE_OPERATION), variables: { id } }] : []),
  },
  {
    // The media page's first load: the featured article (its cover, the page's largest paint) and the first page.
    pattern: /^\/media-articles\/?$/,
    plain: true,
    reads: () => [
      { operationName: 'getFeaturedArticle', query: firstReadDocument(FEATURED_ARTICLE_OPERATION), variables: {} },
      { operationName: 'getArticles', query: firstReadDocument(ARTICLES_OPERATION), variables: { pagination: { page: 1, perPage: ARTICLES_PER_PAGE } } },
    ],
    image: (answers) => bannerImage((answers.get('getFeaturedArticle') as FeaturedArticleAnswer | undefined)?.getFeaturedArticle?.cover),
  },
];

/**
 * The reads a (decoded) URL path's route sends first, and how to find its largest image; null for any other path.
 * `search` is the address's query ('' or '?…').
 */
export function firstReadsFor(urlPath: string, search = ''): { reads: FirstRead[]; image?: FirstAnswerRoute['image'] } | null {
  for (const route of ROUTES) {
    const match = route.pattern.exec(urlPath);
    if (match && route.plain && search.length > 1) return null;
    if (match) return { reads: route.reads(match.slice(1)), image: route.image };
  }
  return null;
}

/** What the page carries: each answer's operation, variables and the server's JSON answer (data, no errors). */
export interface FirstAnswer {
  operationName: string;
  variables: Record<string, unknown>;
  data: unknown;
}

/** The page's answers and when the server made them (epoch ms): the app takes none from a page much older. */
export interface FirstAnswers {
  at: number;
  answers: FirstAnswer[];
}

/** Runs a read as the app's POST /graphql would: its JSON answer, or null (failed, errors, too slow). */
export type RunRead = (read: FirstRead) => Promise<{ data?: unknown; errors?: unknown } | null>;

/** How long a navigation waits for its first answers before the page goes without them (the app then asks). */
export const FIRST_ANSWER_TIMEOUT_MS = 250;

/** The id the page's answers script has (src/services/firstAnswers.ts reads it). */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * JSON safe inside a script element: `<` (so no `</script>` or `<!--` ends or changes it), `>` and `&` written as
 * escapes, and the two line separators JavaScript once refused in strings.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The head elements for a route's first answers: the preload of its largest image and the answers themselves. */
export function firstAnswerElements(answers: FirstAnswer[], images: ImageHint[], now = Date.now()): string {
  let html = '';
  for (const hint of images) {
    const set = hint.srcSet ? ` imagesrcset="${attribute(hint.srcSet)}" imagesizes="${attribute(hint.sizes ?? '')}"` : '';
    const media = hint.media ? ` media="${attribute(hint.media)}"` : '';
    html += `<link rel="preload" as="image" href="${attribute(hint.href)}"${set}${media} fetchpriority="high">`;
  }
  if (answers.length) html += `<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptSafeJson({ at: now, answers } satisfies FirstAnswers)}</script>`;
  return html;
}

/**
 * Runs a route's first reads (in parallel) and gives the head elements; '' for a path with none. The navigation waits
 * `timeoutMs` at most: a read not answered by then is left out (the app sends it itself).
 */
export async function firstAnswersHtml(urlPath: string, run: RunRead, { search = '', timeoutMs = FIRST_ANSWER_TIMEOUT_MS }: { search?: string; timeoutMs?: number } = {}): Promise<string> {
  const route = firstReadsFor(urlPath, search);
  if (!route || route.reads.length === 0) return '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  const results = await Promise.all(route.reads.map((read) => Promise.race([run(read).catch(() => null), late])));
  clearTimeout(timer);
  const answers: FirstAnswer[] = [];
  const byOperation = new Map<string, unknown>();
  route.reads.forEach((read, index) => {
    const result = results[index];
    // Only a whole answer: a read with errors is left for the app to send (and to show its error as it does).
    if (!result || result.errors || result.data === undefined || result.data === null) return;
    answers.push({ operationName: read.operationName, variables: read.variables, data: result.data });
    byOperation.set(read.operationName, result.data);
  });
  return firstAnswerElements(answers, [route.image?.(byOperation) ?? []].flat());
}
