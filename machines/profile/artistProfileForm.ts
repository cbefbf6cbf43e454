// The artist profile form's values and rules (the artists' pages, docs/requirements.md#artists): what the stored record becomes
// in the form, and every field checked with the shared rules of domain/artist.ts (the server runs the same ones),
// so a message is keyed by its field ('firstName', 'highlights.2.date', 'portfolio.0.description').
import {
  artistDescriptionSchema,
  artistIdentityRules,
  featuredArtworkSchema,
  highlightSchema,
  portfolioCaptionSchema,
  portfolioContextSchema,
  type Highlight,
} from '../../domain/artist';
import { firstIssue } from '../../domain/validate';

/** The artist record as the profile tab reads it (getArtistInfo), with the REST answer of a save in the same shape. */
export interface ArtistRecord {
  firstName: string;
  lastName: string;
  description: string;
  web: string;
  twitter: string;
  instagram: string;
  cover: string | null;
  /** The artist page's about ("comments") text. */
  about: string;
  /** The featured token's _id, '' for none. */
  featuredArtwork: string;
  featuredArtworkDescription: string;
  highlights: Highlight[];
  portfolio: { context: string; items: Array<{ mediaUrl: string; thumbnailUrl: string; description: string }> };
}

/** A token the artist created, offered as the featured artwork. */
export interface ArtworkChoice {
  id: string;
  name: string;
}

/** A portfolio image: one already stored (kept as it is) or a new file sent with the save. */
export type PortfolioImage = { kind: 'kept'; mediaUrl: string; thumbnailUrl: string } | { kind: 'new'; file: Blob; name: string };

export interface PortfolioItemValue {
  /** Stable per item while editing (list keys, labels); never sent. */
  key: number;
  description: string;
  image: PortfolioImage;
}

export const ARTIST_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'description',
  'web',
  'twitter',
  'instagram',
  'about',
  'featuredArtwork',
  'featuredArtworkDescription',
  'portfolioContext',
] as const;
export type ArtistTextField = (typeof ARTIST_TEXT_FIELDS)[number];

export type ArtistProfileValues = Record<ArtistTextField, string> & {
  highlights: Highlight[];
  portfolio: PortfolioItemValue[];
  /** A newly cropped cover; null keeps the stored one. */
  cover: Blob | null;
};

/** The form's values for a stored record, or the empty form when the artist has none yet. */
export function valuesFromRecord(record: ArtistRecord | null): ArtistProfileValues {
  return {
    firstName: record?.firstName ?? '',
    lastName: record?.lastName ?? '',
    description: record?.description ?? '',
    web: record?.web ?? '',
    twitter: record?.twitter ?? '',
    instagram: record?.instagram ?? '',
    about: record?.about ?? '',
    featuredArtwork: record?.featuredArtwork ?? '',
    featuredArtworkDescription: record?.featuredArtworkDescription ?? '',
    portfolioContext: record?.portfolio.context ?? '',
    highlights: (record?.highlights ?? []).map((highlight) => ({ ...highlight })),
    portfolio: (record?.portfolio.items ?? []).map((item, key) => ({
      key,
      description: item.description,
      image: { kind: 'kept', mediaUrl: item.mediaUrl, thumbnailUrl: item.thumbnailUrl },
    })),
    cover: null,
  };
}

// The server's rules field by field (its schema has the portfolio's context inside the portfolio, and about and the
// featured artwork's note optional: kept when not sent).
const TEXT_RULES = {
  ...artistIdentityRules,
  about: artistDescriptionSchema,
  featuredArtwork: featuredArtworkSchema,
  featuredArtworkDescription: artistDescriptionSchema,
  portfolioContext: portfolioContextSchema,
} as const satisfies Record<ArtistTextField, unknown>;

export type ArtistProfileErrors = Record<string, string>;

/** Every rule against the values: field key → the first issue's message; {} when the form may be saved. */
export function validateArtistProfile(values: ArtistProfileValues): ArtistProfileErrors {
  const errors: ArtistProfileErrors = {};
  const check = (key: string, message: string | null) => {
    if (message) errors[key] = message;
  };
  for (const field of ARTIST_TEXT_FIELDS) check(field, firstIssue(TEXT_RULES[field], values[field]));
  values.highlights.forEach((highlight, index) => {
    check(`highlights.${index}.date`, firstIssue(highlightSchema.shape.date, highlight.date));
    check(`highlights.${index}.achievement`, firstIssue(highlightSchema.shape.achievement, highlight.achievement));
  });
  values.portfolio.forEach((item, index) => check(`portfolio.${index}.description`, firstIssue(portfolioCaptionSchema, item.description)));
  return errors;
}

/** The list without its row at `index`. */
export function withoutRow<T>(list: readonly T[], index: number): T[] {
  return list.filter((_item, at) => at !== index);
}

/** Touched keys after removing row `index` of `list` ('highlights'): that row's go, the followers' move up one. */
export function shiftTouched(touched: Record<string, boolean>, list: string, index: number): Record<string, boolean> {
  const next: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(touched)) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`).exec(key);
    if (!match) next[key] = value;
    else if (Number(match[1]) < index) next[key] = value;
    else if (Number(match[1]) > index) next[`${list}.${Number(match[1]) - 1}.${match[2]}`] = value;
  }
  return next;
}
