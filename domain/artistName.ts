// The artist display-name rule (docs/requirements.md#artists) and the catalogue's sort key, apart from the profile
// rules in ./artist.ts: the app shell names people everywhere (src/app/format.ts), and this module keeps zod and
// the profile schemas out of the first-load bundle (the artist pages read their page sizes here for the same reason).

/** See docs/requirements.md#artists page sizes: the catalogue (and the explore artist filter) 50, an artist's artworks 24. */
export const ARTISTS_PAGE_SIZE = 50;
export const ARTIST_ARTWORKS_PAGE_SIZE = 24;

export interface NamedAccount {
  address?: string | null;
  id?: string | null;
  alias?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** First 4 and last 4 characters with an ellipsis between; short values are shown whole. */
export function shortenId(value: string): string {
  return value.length <= 11 ? value : `${value.slice(0, 4)}...${value.slice(-4)}`;
}

/**
 * See docs/requirements.md#artists: "first name or alias, plus last name if present; otherwise the address or id shortened to
 * first 4 and last 4 characters with an ellipsis".
 */
export function artistDisplayName(person: NamedAccount): string {
  const first = person.firstName?.trim() || person.alias?.trim();
  if (first) {
    const last = person.lastName?.trim();
    return last ? `${first} ${last}` : first;
  }
  return shortenId(person.address || person.id || '');
}

/** The catalogue's sort key (stored, indexed, compared with the "C" collation): the display name lower-cased. */
export const artistSortKey = (person: NamedAccount): string => artistDisplayName(person).toLowerCase();
