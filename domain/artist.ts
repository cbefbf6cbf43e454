// The artist profile (the artists' pages): docs/requirements.md#artists "Artist highlights max 7 rows, portfolio max 9 images (png, jpeg,
// webp), context 500 characters, caption 100 characters, first and last names max 30 letters-only", docs/requirements.md#artists
// ('Enter a valid URL', 'Special Character # and & not allowed', 'Required Field', image crop 939/480 for the
// artist cover) and the display-name rule of docs/requirements.md#artists. The profile form and the server's
// POST /artist and PUT /artist/{address} use these rules; the catalogue's sort key is the display name.
import * as z from 'zod/mini';
import { optionalUrl, requiredText } from './fields';
import { ENTER_VALID_URL_MESSAGE, HASH_AMPERSAND_MESSAGE } from './messages';

// The artist profile form's limits (docs/requirements.md#artists).
export const ARTIST_NAME_MAX = 30;
export const ARTIST_HIGHLIGHTS_MAX = 7;
export const PORTFOLIO_IMAGES_MAX = 9;
export const PORTFOLIO_CAPTION_MAX = 100;
export const PORTFOLIO_CONTEXT_MAX = 500;
export const PORTFOLIO_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export { ARTIST_ARTWORKS_PAGE_SIZE, ARTISTS_PAGE_SIZE } from './artistName';
/** See docs/requirements.md#artists "crop aspect 939/480 for the artist cover". */
export const ARTIST_COVER_ASPECT = 939 / 480;

// Not in the seeds: ours. Inputs truncate at these lengths (docs/requirements.md#artists "max lengths truncate input"); only an
// API caller meets the messages.
export const ARTIST_DESCRIPTION_MAX = 2000;
export const ACHIEVEMENT_MAX = 200;
export const HANDLE_MAX = 30;
export const WEBSITE_MAX = 200;

// The artist page's notices (docs/requirements.md#artists; the second comes from the marketplace's error catalogue).
export const NO_ARTIST_INFORMATION_MESSAGE = 'No artist information for this account';
export const ARTIST_NOT_FOUND_MESSAGE = 'We could not find this artist';

// The seeds show no text for these refusals: ours.
export const NAME_LETTERS_ONLY_MESSAGE = 'Only letters are allowed';
export const maxCharactersMessage = (max: number) => `Maximum ${max} characters`;
export const HIGHLIGHTS_MAX_MESSAGE = `At most ${ARTIST_HIGHLIGHTS_MAX} highlights`;
export const PORTFOLIO_MAX_MESSAGE = `At most ${PORTFOLIO_IMAGES_MAX} portfolio images`;
export const PORTFOLIO_IMAGE_TYPE_MESSAGE = 'Portfolio images must be PNG, JPEG or WebP';
export const HIGHLIGHT_DATE_MESSAGE = 'Enter a valid date';
export const FEATURED_ARTWORK_MESSAGE = 'Choose one of the artworks you created';

/** Letters of any script (and their combining marks), nothing else. */
const LETTERS_ONLY = /^[\p{L}\p{M}]*$/u;

const trimmedMax = (max: number) => z.string().check(z.trim(), z.maxLength(max, maxCharactersMessage(max)));
const name = (required: boolean) =>
  (required ? requiredText() : z.string().check(z.trim())).check(
    z.maxLength(ARTIST_NAME_MAX, maxCharactersMessage(ARTIST_NAME_MAX)),
    z.regex(LETTERS_ONLY, NAME_LETTERS_ONLY_MESSAGE),
  );

export const artistFirstNameSchema = name(true);
export const artistLastNameSchema = name(false);
export const artistDescriptionSchema = trimmedMax(ARTIST_DESCRIPTION_MAX);
export const artistWebsiteSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(WEBSITE_MAX, ENTER_VALID_URL_MESSAGE)),
  optionalUrl,
);
/** An x or instagram handle: optional, no # or &. */
export const artistHandleSchema = z
  .string()
  .check(z.trim(), z.maxLength(HANDLE_MAX, maxCharactersMessage(HANDLE_MAX)), z.refine((text) => !/[#&]/.test(text), HASH_AMPERSAND_MESSAGE));

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** One highlight row: a calendar date (YYYY-MM-DD, the date input's value) and an achievement, both required. */
export const highlightSchema = z.object({
  date: requiredText().check(z.refine(isCalendarDate, HIGHLIGHT_DATE_MESSAGE)),
  achievement: requiredText().check(z.maxLength(ACHIEVEMENT_MAX, maxCharactersMessage(ACHIEVEMENT_MAX))),
});
export type Highlight = z.infer<typeof highlightSchema>;

export const highlightsSchema = z.array(highlightSchema).check(z.maxLength(ARTIST_HIGHLIGHTS_MAX, HIGHLIGHTS_MAX_MESSAGE));

export const portfolioCaptionSchema = trimmedMax(PORTFOLIO_CAPTION_MAX);
export const portfolioContextSchema = trimmedMax(PORTFOLIO_CONTEXT_MAX);
/** The portfolio's texts; each item's image travels beside them (a new file or one already in the portfolio). */
export const portfolioTextSchema = z.object({
  context: portfolioContextSchema,
  items: z.array(z.object({ description: portfolioCaptionSchema })).check(z.maxLength(PORTFOLIO_IMAGES_MAX, PORTFOLIO_MAX_MESSAGE)),
});

/** The featured artwork: a token's _id (one the artist created), or '' for none. */
export const featuredArtworkSchema = z.string().check(z.trim(), z.regex(/^(|[1-9]\d{0,15})$/, FEATURED_ARTWORK_MESSAGE));

/** The artist's names, description and links, each field's rule: the profile schema below and the form's field-by-field checks. */
export const artistIdentityRules = {
  firstName: artistFirstNameSchema,
  lastName: artistLastNameSchema,
  description: artistDescriptionSchema,
  web: artistWebsiteSchema,
  twitter: artistHandleSchema,
  instagram: artistHandleSchema,
};

/** The artist profile form's values, trimmed (the images are checked by type and size beside it). */
export const artistProfileSchema = z.object({
  ...artistIdentityRules,
  highlights: highlightsSchema,
  portfolio: portfolioTextSchema,
  featuredArtwork: featuredArtworkSchema,
  /** The artist page's about ("comments") text and the featured artwork's note: kept as they are when not sent. */
  about: z.optional(artistDescriptionSchema),
  featuredArtworkDescription: z.optional(artistDescriptionSchema),
});
export type ArtistProfile = z.infer<typeof artistProfileSchema>;

/** Whether a file type may be a portfolio image (the server sniffs the bytes as well). */
export const isPortfolioImageType = (type: string): boolean => (PORTFOLIO_IMAGE_TYPES as readonly string[]).includes(type);

export { artistDisplayName, artistSortKey, shortenId, type NamedAccount } from './artistName';
