// What of the artist profile form survives a reload (developers' guide: "a user never loses typed or uploaded work to
// a reload"): the form's values while they differ from the stored record, kept per signed-in address as a
// `{ version, address, values }` record. The cropped cover and new portfolio images stay Blobs (IndexedDB keeps them
// by structured clone). This module owns the record's shape; src/services/artists/profileDraft.ts only stores it.
import { valuesFromRecord, type ArtistProfileValues, type ArtistRecord, type PortfolioItemValue } from './artistProfileForm';

/** Stored beside the values; a record of another version is discarded. */
export const ARTIST_DRAFT_VERSION = 1;

export interface ArtistProfileDraftRecord {
  version: number;
  /** The signed-in address (lower case) the draft was typed for. */
  address: string;
  values: ArtistProfileValues;
}

const sameImage = (a: PortfolioItemValue['image'], b: PortfolioItemValue['image']) =>
  a.kind === 'kept' && b.kind === 'kept' ? a.mediaUrl === b.mediaUrl : a.kind === 'new' && b.kind === 'new' && a.file === b.file && a.name === b.name;

/** Whether two form values say the same (list keys aside; Blobs by identity). */
export function sameValues(a: ArtistProfileValues, b: ArtistProfileValues): boolean {
  const texts = (values: ArtistProfileValues) =>
    JSON.stringify([
      values.firstName,
      values.lastName,
      values.description,
      values.web,
      values.twitter,
      values.instagram,
      values.about,
      values.featuredArtwork,
      values.featuredArtworkDescription,
      values.portfolioContext,
      values.highlights.map(({ date, achievement }) => [date, achievement]),
      values.portfolio.map((item) => item.description),
    ]);
  return (
    texts(a) === texts(b) &&
    a.cover === b.cover &&
    a.portfolio.length === b.portfolio.length &&
    a.portfolio.every((item, index) => sameImage(item.image, b.portfolio[index]!.image))
  );
}

/** Work to keep: the values when they differ from the stored record's (a pristine form keeps nothing). */
export function draftToKeep(values: ArtistProfileValues, record: ArtistRecord | null): ArtistProfileValues | null {
  return sameValues(values, valuesFromRecord(record)) ? null : values;
}

/** The record to store for `address`, or null to forget its draft. */
export function artistDraftRecord(address: string, values: ArtistProfileValues | null): ArtistProfileDraftRecord | null {
  return values ? { version: ARTIST_DRAFT_VERSION, address: address.toLowerCase(), values } : null;
}

function isDraftValues(values: unknown): values is ArtistProfileValues {
  const candidate = values as Partial<ArtistProfileValues> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.firstName === 'string' &&
    Array.isArray(candidate.highlights) &&
    Array.isArray(candidate.portfolio) &&
    (candidate.cover === null || candidate.cover instanceof Blob) &&
    candidate.portfolio.every((item) => item.image?.kind === 'kept' || (item.image?.kind === 'new' && item.image.file instanceof Blob))
  );
}

/**
 * The draft the form starts from: a stored record's values when it is this address's, of this version, and differs
 * from the stored artist record; otherwise null (the form starts from the record).
 */
export function restoredArtistDraft(stored: unknown, address: string, record: ArtistRecord | null): ArtistProfileValues | null {
  const candidate = stored as Partial<ArtistProfileDraftRecord> | null | undefined;
  if (!candidate || candidate.version !== ARTIST_DRAFT_VERSION || candidate.address !== address.toLowerCase()) return null;
  if (!isDraftValues(candidate.values)) return null;
  return draftToKeep(candidate.values, record);
}
