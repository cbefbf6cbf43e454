import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../../domain/searchRules';
import { MAX_EXPLORE_ARTISTS } from '../../../machines/explore/exploreFilters';
import type { ArtistPickerResults, ExploreArtist } from '../../../machines/explore/explorePageMachine';
import type { createSearchMachine } from '../../../machines/search/searchMachine';
import { displayName } from '../../app/format';
import { useSearchState } from '../search/useSearchState';

type ArtistPicker = ActorRefFrom<ReturnType<typeof createSearchMachine<ArtistPickerResults>>>;

export const ARTIST_PICKER_HINT = `Type at least ${SEARCH_MIN_LENGTH} characters of an artist's name.`;
export const noArtistText = (query: string) => `No artist matches “${query}”.`;
export const ARTISTS_FULL_TEXT = `You can filter by up to ${MAX_EXPLORE_ARTISTS} artists at once.`;

export interface ArtistFilterProps {
  picker: ArtistPicker;
  /** The chosen addresses, in the order chosen. */
  chosen: readonly string[];
  /** The name data the page has for them. */
  named: readonly ExploreArtist[];
  onChoose: (artist: ExploreArtist) => void;
  onRemove: (address: string) => void;
}

/**
 * The seed's creatorsIds: the chosen artists, each removable, and a field that finds artists by name among every
 * artist of the marketplace (the search machine, artists only), each found artist a button that adds them. Focus
 * stays in the field after a choice or a removal, so the next artist is typed at once.
 */
export function ArtistFilter({ picker, chosen, named, onChoose, onRemove }: ArtistFilterProps) {
  const { typed, results, query, error, idle, busy } = useSearchState(picker);
  const found = results?.artists ?? null;
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const statusId = `${id}-status`;
  const full = chosen.length >= MAX_EXPLORE_ARTISTS;
  const nameOf = (address: string) => displayName(named.find((artist) => artist.address === address) ?? { address });
  const offered = (found ?? []).filter((artist) => !chosen.includes(artist.address.toLowerCase()));

  let status = '';
  if (full) status = ARTISTS_FULL_TEXT;
  else if (error !== null) status = error;
  else if (idle) status = typed.trim() === '' ? '' : ARTIST_PICKER_HINT;
  else if (found === null) status = 'Searching…';
  else if (found.length === 0 && query !== null) status = noArtistText(query);

  return (
    <fieldset className="filter-group filter-artists">
      <legend>Artists</legend>
      {chosen.length > 0 && (
        <ul className="filter-chips" aria-label="Chosen artists">
          {chosen.map((address) => (
            <li key={address} className="filter-chip">
              <span className="filter-chip-name">{nameOf(address)}</span>
              <button
                type="button"
                className="icon-button filter-chip-remove"
                aria-label={`Remove ${nameOf(address)}`}
                onClick={() => {
                  onRemove(address);
                  field.current?.focus();
                }}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="filter-price-end">
        Find an artist
        <input
          ref={field}
          type="search"
          className="filter-select"
          value={typed}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          disabled={full}
          aria-describedby={statusId}
          onChange={(event) => picker.send({ type: 'search.type', text: event.target.value })}
        />
      </label>
      <p id={statusId} className="filter-artists-status" role="status">
        {status}
      </p>
      {error !== null && !full && (
        <button type="button" className="button filter-artists-retry" onClick={() => picker.send({ type: 'search.retry' })}>
          Retry
        </button>
      )}
      {!full && offered.length > 0 && (
        <ul className="filter-found" aria-label="Artists found" aria-busy={busy}>
          {offered.map((artist) => (
            <li key={artist.address}>
              <button
                type="button"
                className="filter-found-artist"
                onClick={() => {
                  onChoose(artist);
                  field.current?.focus();
                }}
              >
                {displayName(artist)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
