import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { TokenList } from '../../components/tokens/TokenList';
import { exhibitionArtworksList } from '../../services/flows/exhibitions';
import { EXHIBITION_ARTWORKS_PAGE_SIZE, type Exhibition, type ExhibitionArtworksParams } from '../../services/exhibitions/exhibitions';
import { ExhibitionDates } from './ExhibitionDates';
import { ExhibitionViewer } from './ExhibitionViewer';
import { introText } from './exhibitionFormat';
import { SaveForOffline, type OfflineActor } from './SaveForOffline';

export type PastView = 'detail' | 'artworks';

/** Past exhibitions (docs/requirements.md#exhibitions): the list of cards, or one exhibition's detail or artworks, as the URL says. */
export function PastExhibitions({ past, exhibitionId, view, offline }: { past: Exhibition[]; exhibitionId?: string; view?: PastView; offline: OfflineActor }) {
  const chosen = exhibitionId ? past.find((exhibition) => exhibition.id === exhibitionId) : undefined;
  if (!exhibitionId || !view) return <PastList past={past} />;
  return (
    <div className="past-exhibition">
      <Link to="/exhibitions" search={{ tab: 'past' }} className="button past-exhibition-close">
        Back to past exhibitions
      </Link>
      {!chosen ? (
        <p>This exhibition is not among the past exhibitions.</p>
      ) : view === 'detail' ? (
        <>
          <ExhibitionViewer key={chosen.id} exhibition={chosen} />
          <SaveForOffline offline={offline} exhibition={chosen} />
        </>
      ) : (
        <PastArtworks exhibition={chosen} />
      )}
    </div>
  );
}

function PastList({ past }: { past: Exhibition[] }) {
  return (
    <ul className="past-exhibitions" aria-label="Past exhibitions">
      {past.map((exhibition, index) => (
        <li key={exhibition.id}>
          <article className="past-exhibition-card" aria-labelledby={`past-${exhibition.id}`}>
            {(exhibition.coverThumbnail ?? exhibition.cover) && (
              <img
                className="past-exhibition-cover"
                {...responsiveImage(exhibition.coverThumbnail ?? exhibition.cover ?? '', IMAGE_SIZES.wideCard)}
                alt=""
                // The first card's cover is the tab's largest paint: fetched at once with a high priority.
                {...(index === 0 ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
              />
            )}
            <div className="past-exhibition-body">
              <h3 id={`past-${exhibition.id}`}>{exhibition.title}</h3>
              {exhibition.subtitle && <p className="exhibition-subtitle">{exhibition.subtitle}</p>}
              <ExhibitionDates startDate={exhibition.startDate} endDate={exhibition.endDate} />
              <p className="past-exhibition-intro">{introText(exhibition)}</p>
              <p className="past-exhibition-artists">{exhibition.artistNamesFormatted}</p>
              <p className="past-exhibition-links">
                <Link to="/exhibitions" search={{ tab: 'past', exhibition: exhibition.id, view: 'detail' }} aria-label={`Exhibition: ${exhibition.title}`}>
                  Exhibition
                </Link>
                <Link to="/exhibitions" search={{ tab: 'past', exhibition: exhibition.id, view: 'artworks' }} aria-label={`Artworks: ${exhibition.title}`}>
                  Artworks
                </Link>
              </p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * An exhibition's artworks as token cards, 12 a page (also the Artworks tab for the current exhibition). The
 * exhibition says how many works it has, so the first page's cards are reserved while it loads.
 */
export function ExhibitionArtworks({ exhibition }: { exhibition: Pick<Exhibition, 'id' | 'title' | 'artworks'> }) {
  const params = useMemo<ExhibitionArtworksParams>(() => ({ exhibitionId: exhibition.id }), [exhibition.id]);
  return (
    <TokenList<ExhibitionArtworksParams>
      listKey="exhibition-artworks"
      list={exhibitionArtworksList}
      params={params}
      pageSize={EXHIBITION_ARTWORKS_PAGE_SIZE}
      label={`Artworks of ${exhibition.title}`}
      emptyText="No artworks to show for this exhibition."
      placeholders={Math.min(EXHIBITION_ARTWORKS_PAGE_SIZE, exhibition.artworks.length)}
      progressive
    />
  );
}

function PastArtworks({ exhibition }: { exhibition: Exhibition }) {
  return (
    <section aria-labelledby="past-artworks-title">
      <h2 id="past-artworks-title">Artworks of {exhibition.title}</h2>
      <ExhibitionArtworks exhibition={exhibition} />
    </section>
  );
}
