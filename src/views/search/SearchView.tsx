import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../../domain/searchRules';
import { displayName } from '../../app/format';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { searchFlow, searchTextOf } from '../../services/flows/search';
import type { FoundArtist, FoundCollection, FoundToken } from '../../services/search';
import { useSearchState } from './useSearchState';
import './search.css';

export const SEARCH_HINT = `Type at least ${SEARCH_MIN_LENGTH} characters to search artworks, collections and artists by name.`;
export const noMatchText = (query: string) => `No artworks, collections or artists match “${query}”.`;

/**
 * The page is for searching: the field has focus when it opens, the caret after the text it came back with (Back), so
 * typing goes on from there. Module-level, so the ref is the same on every render and acts only when the field mounts.
 */
function focusAtEnd(field: HTMLInputElement | null): void {
  if (!field) return;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

/**
 * The search page: the field, then the artworks, collections and artists found, each a list of links, best match first.
 * The results of the last search stay while the next one runs (the lists say they are busy), so nothing jumps.
 */
export function SearchView({ search: params }: { search: Record<string, unknown> }) {
  useDocumentTitle('Search');
  // A fresh flow after a restore (useFlow's refresh of what could not be read offline) starts from the latest input:
  // it searches what the field shows now, not what the page opened with.
  const search = useFlow(searchFlow, { input: { text: searchTextOf(params) } });
  const { typed, results, query, error, idle, busy } = useSearchState(search);
  const fieldId = useId();
  const statusId = useId();

  const empty = results !== null && results.tokens.length + results.collections.length + results.artists.length === 0;
  let status = '';
  if (error !== null) status = error;
  else if (idle) status = SEARCH_HINT;
  else if (results === null) status = 'Searching…';
  else if (empty && query !== null) status = noMatchText(query);

  return (
    <div className="page search-page">
      <header className="page-header">
        <h1 className="page-title">Search</h1>
      </header>
      <form className="search-form" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={fieldId} className="search-label">
          Search artworks, collections and artists
        </label>
        <input
          id={fieldId}
          type="search"
          className="search-field"
          value={typed}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={statusId}
          ref={focusAtEnd}
          onChange={(event) => search.send({ type: 'search.type', text: event.target.value })}
        />
      </form>
      <div id={statusId} className="search-status" role="status">
        {status}
        {error !== null && (
          <button type="button" className="button search-retry" onClick={() => search.send({ type: 'search.retry' })}>
            Retry
          </button>
        )}
      </div>
      {results !== null && !empty && (
        <div className="search-results" aria-busy={busy}>
          <ResultGroup title="Artworks" items={results.tokens} render={(token) => <TokenRow token={token} />} keyOf={(token) => token._id} />
          <ResultGroup title="Collections" items={results.collections} render={(collection) => <CollectionRow collection={collection} />} keyOf={(collection) => collection._id} />
          <ResultGroup title="Artists" items={results.artists} render={(artist) => <ArtistRow artist={artist} />} keyOf={(artist) => artist.id} />
        </div>
      )}
    </div>
  );
}

function ResultGroup<T>({ title, items, render, keyOf }: { title: string; items: T[]; render: (item: T) => React.ReactNode; keyOf: (item: T) => string }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="search-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-group-title">
        {title}
      </h2>
      <ul className="search-list">
        {items.map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </ul>
    </section>
  );
}

function Thumbnail({ src }: { src: string | null | undefined }) {
  return src ? <img className="search-thumb" src={src} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className="search-thumb" aria-hidden="true" />;
}

function TokenRow({ token }: { token: FoundToken }) {
  const holdingId = token.tokenHolding?.id;
  const detail = `${displayName(token.creatorInfo)} · ${token.collection.name}`;
  const body = (
    <>
      <Thumbnail src={token.thumbnailUrl} />
      <span className="search-text">
        <span className="search-name">{token.name}</span>
        <span className="search-detail">{detail}</span>
      </span>
    </>
  );
  return holdingId ? (
    <Link to="/token/$id" params={{ id: holdingId }} className="search-row">
      {body}
    </Link>
  ) : (
    <div className="search-row">{body}</div>
  );
}

function CollectionRow({ collection }: { collection: FoundCollection }) {
  const body = (
    <>
      <Thumbnail src={collection.thumbnail} />
      <span className="search-text">
        <span className="search-name">{collection.name}</span>
        <span className="search-detail">{displayName(collection.creatorInfo)}</span>
      </span>
    </>
  );
  return collection.address ? (
    <Link to="/collection/$address/$chainId" params={{ address: collection.address, chainId: String(collection.chainId) }} className="search-row">
      {body}
    </Link>
  ) : (
    <div className="search-row">{body}</div>
  );
}

function ArtistRow({ artist }: { artist: FoundArtist }) {
  return (
    <Link to="/artist/$artistId" params={{ artistId: artist.id }} className="search-row">
      <Thumbnail src={artist.account.avatar ?? artist.coverThumbnail} />
      <span className="search-text">
        <span className="search-name">{artist.displayName}</span>
        <span className="search-detail">Artist</span>
      </span>
    </Link>
  );
}
