import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { ARTISTS_PAGE_SIZE } from '../../../domain/artistName';
import type { ArtistsCatalogueMachine, ArtistsView } from '../../../machines/artists/artistsCatalogueMachine';
import { INFINITE_SCROLL_THRESHOLD } from '../../../machines/lists/constants';
import { listSnapshotKey } from '../../components/tokens/listSnapshots';
import { useMeasuredItems } from '../../components/tokens/useMeasuredItems';
import { usePagedList } from '../../components/tokens/usePagedList';
import { useVisible } from '../../components/tokens/useVisible';
import type { CatalogueArtist } from '../../services/artists/catalogue';
import { artistsList } from '../../services/flows/artists';
import { ArtistCard, ArtistRow } from './ArtistCard';

// One kept list for both views: switching views shows the same artists, and Back from an artist page restores them.
export const ARTISTS_LIST_KEY = listSnapshotKey('artists', null);
// The first row of cards is above the fold: those load at once, the rest lazily.
const EAGER_CARDS = 4;

export interface ArtistsListProps {
  view: ArtistsView;
  catalogue: Actor<ArtistsCatalogueMachine>;
}

/**
 * The artists in the server's order (alphabetical by display name), 50 a page through the shared paged list, the
 * next page loading when the list's end comes into view. A failed load leaves the list empty, silently (docs/requirements.md#artists).
 */
export function ArtistsList({ view, catalogue }: ArtistsListProps) {
  const list = usePagedList<CatalogueArtist, null>({ list: artistsList, params: null, pageSize: ARTISTS_PAGE_SIZE, snapshotKey: ARTISTS_LIST_KEY });
  const artists = useSelector(list, (snapshot) => snapshot.context.items);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('idle'));
  const empty = useSelector(list, (snapshot) => snapshot.matches('exhausted') && snapshot.context.totalCount === 0);
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'list.loadMore' }));
  const sentinelRef = useVisible<HTMLDivElement>(() => list.send({ type: 'list.loadMore' }), INFINITE_SCROLL_THRESHOLD);
  // As PagedGrid does: the first item's height is kept with the list, so the router's restored offset lands right.
  const { measureFirst, itemsStyle } = useMeasuredItems(list);

  return (
    <div className="paged-list" aria-busy={loading}>
      {artists.length > 0 &&
        (view === 'images' ? (
          <ul className="artists-grid link-card-grid" aria-label="Artists" style={itemsStyle}>
            {artists.map((artist, index) => (
              <li key={artist.id} ref={index === 0 ? measureFirst : undefined}>
                <ArtistCard artist={artist} catalogue={catalogue} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="artists-list" aria-label="Artists" style={itemsStyle}>
            {artists.map((artist, index) => (
              <li key={artist.id} ref={index === 0 ? measureFirst : undefined}>
                <ArtistRow artist={artist} />
              </li>
            ))}
          </ul>
        ))}
      {empty && <p className="no-result">No artists yet</p>}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading artists…
        </p>
      )}
      {/* Re-keyed per page so a sentinel still in view after a page triggers the next one. */}
      {canLoadMore && <div key={artists.length} ref={sentinelRef} className="list-sentinel" aria-hidden="true" />}
    </div>
  );
}
