// Responsive media images (the phone-performance work): an /ipfs/ image is shown through its webp derivatives (/ipfs/<cid>?w=<width>,
// made by the server at these widths, none wider than the original) with `sizes` saying how wide the layout shows
// it, so a phone downloads a few hundred kilobytes where the original can be 10 MB. Anything else (a data: or blob:
// preview, another origin) is shown as it is.

/** The derivative widths the server makes (server/media/store.ts) and the app's srcsets name. */
export const IMAGE_WIDTHS = [320, 640, 960, 1440, 2048] as const;

/** `sizes` of the layouts that show media images (their CSS: pages.css, token.css, explore.css, ...). */
export const IMAGE_SIZES = {
  /** Token cards: two columns on a phone, else a grid of columns at least 14rem wide. */
  card: '(max-width: 30rem) 50vw, (max-width: 40rem) 100vw, 20rem',
  /** Collection, exhibition and article cards: one column on a phone, else about 24rem. */
  wideCard: '(max-width: 40rem) 100vw, 24rem',
  /** The token page's main image: the page's width on a phone, 7/12 of a 76rem page beside the summary. */
  detail: '(min-width: 56rem) min(44rem, 58vw), 100vw',
  /** Banners across the page (artist cover, featured article, home slides): at most the 76rem page. */
  banner: '(min-width: 76rem) 76rem, 100vw',
  /** The exhibition viewer's work: 16rem wide on a phone, a square at most 33rem tall from 640px (exhibitions.css). */
  exhibitionWork: '(min-width: 640px) 33rem, 16rem',
  /** The exhibition viewer's rail: 3rem squares (shown from 640px). */
  rail: '3rem',
  /** The token page's sibling tokens: 96px squares. */
  sibling: '96px',
  /** The dashboard's offer cards: 72px squares. */
  offerThumb: '72px',
  /** A collection's cover (its page, the studio's canvas preview): beside the details from 48rem (at most 360px). */
  collectionCover: '(min-width: 48rem) 360px, 100vw',
  /** The profile's artist cover preview: at most 469px wide. */
  coverPreview: '(max-width: 469px) 100vw, 469px',
  /** The profile's portfolio previews: 160px squares. */
  portfolioPreview: '160px',
  /** The studio's token edit cards: 10rem squares, the card's width on a phone. */
  studioToken: '(max-width: 640px) 100vw, 10rem',
  /** The artist page's featured artwork: the page's width on a phone, a column of at most 420px from 768px. */
  featured: '(min-width: 768px) 420px, 100vw',
  /** The artist page's portfolio: columns of at least 12rem, so one column (the page's width) only under about 27rem. */
  portfolio: '(max-width: 27rem) 100vw, 25rem',
  /** Fullscreen. */
  full: '100vw',
} as const;

const MEDIA_URL = /^((?:https?:\/\/[^/?#]+)?\/ipfs\/)(?:thumbnail\/)?([A-Za-z0-9]+)$/;

/** The derivative of an /ipfs/ image (its media or thumbnail URL) at `width`; null for any other URL. */
export function derivativeUrl(url: string, width: number): string | null {
  const match = MEDIA_URL.exec(url);
  return match ? `${match[1]}${match[2]}?w=${width}` : null;
}

/**
 * The derivative of an /ipfs/ image for a slot `pixels` device pixels wide, as a srcset would pick it: the narrowest
 * width at least that wide, else the widest; null for any other URL. For images a srcset cannot describe (a CSS
 * background: the flipcard's faces).
 */
export function derivativeFor(url: string, pixels: number): string | null {
  const width = IMAGE_WIDTHS.find((candidate) => candidate >= pixels) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return derivativeUrl(url, width);
}

/** How wide (CSS px) `IMAGE_SIZES.detail` is on a viewport `viewportWidth` CSS px wide (1rem = 16px). */
export const detailSlotWidth = (viewportWidth: number): number => (viewportWidth >= 56 * 16 ? Math.min(44 * 16, 0.58 * viewportWidth) : viewportWidth);

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The img attributes of an /ipfs/ image shown at `sizes`: every derivative in `srcSet` (a browser picks from those
 * alone, by width; `src` stays the URL given, for what reads it); other URLs as they are.
 */
export function responsiveImage(url: string, sizes: string): ResponsiveImage {
  if (!derivativeUrl(url, IMAGE_WIDTHS[0])) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_WIDTHS.map((width) => `${derivativeUrl(url, width)} ${width}w`).join(', '),
    sizes,
  };
}

/**
 * A token's still image (its thumbnail, else its image) at `sizes`. A gif keeps the URL given: its thumbnail is the
 * still first frame, its derivatives would be the animated original.
 */
export function tokenImage(url: string, mediaType: string | null | undefined, sizes: string): ResponsiveImage {
  return mediaType === 'gif' ? { src: url } : responsiveImage(url, sizes);
}
