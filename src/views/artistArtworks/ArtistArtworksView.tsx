import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ARTIST_ARTWORKS_PAGE_SIZE } from '../../../domain/artistName';
import { displayName } from '../../app/format';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { TokenList } from '../../components/tokens/TokenList';
import type { ArtistTokensParams } from '../../services/artists/artworks';
import { artistArtworksPageFlow, artistTokensList } from '../../services/flows/artistArtworks';

/** The kept list's name: with the params (the lower-case address) it keys each artist's list and scroll offset. */
export const ARTIST_ARTWORKS_LIST_KEY = 'artist-artworks';

/**
 * See docs/requirements.md#artists Artist artworks: the title is the artist's display name (the artist record, else the account, else
 * the shortened address); a grid of token cards with price and like state, 24 a page through the shared paged
 * list, kept so Back from a token shows the same cards at the same scroll offset.
 */
export function ArtistArtworksView({ artistId }: { artistId: string }) {
  const address = artistId.toLowerCase();
  const page = useFlow(artistArtworksPageFlow, { input: { artistId: address } });
  const loading = useSelector(page, (snapshot) => snapshot.hasTag('loading'));
  const artist = useSelector(page, (snapshot) => snapshot.context.artist);
  const name = loading ? null : displayName(artist ?? { address });
  useDocumentTitle(name ?? 'Artworks');
  const params = useMemo<ArtistTokensParams>(() => ({ artistId: address }), [address]);

  return (
    <div className="page artist-artworks">
      <header className="page-header">
        <h1 className="page-title" aria-busy={loading}>
          {name ?? (
            <>
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Loading artist…</span>
            </>
          )}
        </h1>
        <p className="page-subheading">
          All artworks
          {artist?.hasProfile && (
            <>
              {' · '}
              <Link to="/artist/$artistId" params={{ artistId: address }}>
                Artist page
              </Link>
            </>
          )}
        </p>
      </header>
      <TokenList<ArtistTokensParams>
        listKey={ARTIST_ARTWORKS_LIST_KEY}
        list={artistTokensList}
        params={params}
        pageSize={ARTIST_ARTWORKS_PAGE_SIZE}
        label={name ? `Artworks of ${name}` : 'Artworks'}
        emptyText="This artist has no artworks on the marketplace yet."
      />
    </div>
  );
}
