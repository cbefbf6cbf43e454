// A navigation's first answers (issue 29): the page a phone asks for comes with the answer of the route's first
// GraphQL read and a preload of the image that answer makes the page's largest paint. Without them the read waits
// for the route's script to download, run and start its flow, and the image for the read: three round trips after
// the scripts. The app takes an answer from the page once, for the request it would have sent (same operation and
// variables, anonymous: src/services/firstAnswers.ts), and asks the server for everything after.
//
// The documents are the app's own (src/services/*.ts): the server may not import src/, so each is copied here and
// tests/server/firstAnswers.test.ts fails when a copy differs from the app's printed document (an answer without a
// field the app reads would break its page).
import { IMAGE_SIZES, responsiveImage } from '../../domain/responsiveImage.js';

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
}

interface FirstAnswerRoute {
  pattern: RegExp;
  reads: (params: string[]) => FirstRead[];
  /** The largest image the first answer shows, or null. */
  image?: (answers: ReadonlyMap<string, unknown>) => ImageHint | null;
}

const PERSON_FIELDS = 'fragment PersonFields on PersonInfo { id address alias avatar firstName lastName }';

/** src/services/token.ts getTokenFromHoldingOperation. */
export const TOKEN_PAGE_QUERY = `query getTokenFromHolding($id: ID!) {
  getTokenFromHolding(id: $id) {
    id _id tokenId name description thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt filename
    attributes metadata metadataUrl
    collection { id _id name address chainId chainName supplyPerToken publishedAt attributes }
    creatorInfo { ...PersonFields }
    ownerInfo { ...PersonFields }
    tokenHolding {
      id chainId amount createdAt salePrice { amount currency } owner { ...PersonFields }
      bazaarSales { id saleId allOutSaleId chainId marketplace seller amount soldAmount wasCancelled price { amount currency } }
    }
  }
}
${PERSON_FIELDS}`;

interface TokenAnswer {
  getTokenFromHolding?: { mediaType?: string | null; mediaUrl?: string | null; thumbnailUrl?: string | null } | null;
}

/**
 * The token page's largest paint as its viewer draws it on the page (src/components/media): an image through its
 * derivatives at the detail width, a gif animated from its original, a video's poster as it is. The other viewers
 * (generative, flipcard, sound) start from their thumbnail or a frame of their own: no hint rather than a wrong one.
 */
export function tokenPageImage(answer: TokenAnswer | undefined): ImageHint | null {
  const token = answer?.getTokenFromHolding;
  if (!token) return null;
  if (token.mediaType === 'image' && token.mediaUrl) {
    const image = responsiveImage(token.mediaUrl, IMAGE_SIZES.detail);
    return { href: image.src, ...(image.srcSet ? { srcSet: image.srcSet, sizes: image.sizes } : {}) };
  }
  if (token.mediaType === 'gif' && token.mediaUrl) return { href: token.mediaUrl };
  if (token.mediaType === 'video' && token.thumbnailUrl) return { href: token.thumbnailUrl };
  return null;
}

const ROUTES: FirstAnswerRoute[] = [
  {
    pattern: /^\/token\/([^/]+)\/?$/,
    reads: ([id]) => [{ operationName: 'getTokenFromHolding', query: TOKEN_PAGE_QUERY, variables: { id } }],
    image: (answers) => tokenPageImage(answers.get('getTokenFromHolding') as TokenAnswer | undefined),
  },
];

/** The reads a (decoded) URL path's route sends first, and how to find its largest image; null for any other path. */
export function firstReadsFor(urlPath: string): { reads: FirstRead[]; image?: FirstAnswerRoute['image'] } | null {
  for (const route of ROUTES) {
    const match = route.pattern.exec(urlPath);
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
export function firstAnswerElements(answers: FirstAnswer[], image: ImageHint | null, now = Date.now()): string {
  let html = '';
  if (image) {
    const set = image.srcSet ? ` imagesrcset="${attribute(image.srcSet)}" imagesizes="${attribute(image.sizes ?? '')}"` : '';
    html += `<link rel="preload" as="image" href="${attribute(image.href)}"${set} fetchpriority="high">`;
  }
  if (answers.length) html += `<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptSafeJson({ at: now, answers } satisfies FirstAnswers)}</script>`;
  return html;
}

/**
 * Runs a route's first reads (in parallel) and gives the head elements; '' for a path with none. The navigation waits
 * `timeoutMs` at most: a read not answered by then is left out (the app sends it itself).
 */
export async function firstAnswersHtml(urlPath: string, run: RunRead, timeoutMs = FIRST_ANSWER_TIMEOUT_MS): Promise<string> {
  const route = firstReadsFor(urlPath);
  if (!route) return '';
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
  return firstAnswerElements(answers, route.image?.(byOperation) ?? null);
}
