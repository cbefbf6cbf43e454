import { NETWORK_UNAVAILABLE_MESSAGE } from '../../../machines/system/networkFailure';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { artistPageFlow } from '../../services/flows/artist';
import { GoToMainPage } from '../status/HomeButton';
import { StatusPage } from '../status/StatusPage';
import { ArtistHeader } from './ArtistHeader';
import { ArtistAbout, ArtistArticleSection, ArtistHighlights, ArtistPortfolio } from './ArtistSections';
import { ActivitySection } from '../../components/activity/ActivitySection';
import { CollectionsCarousel } from './CollectionsCarousel';
import { FeaturedArtwork } from './FeaturedArtwork';
import '../../styles/artist.css';

/** /artist/$artistId: another address is another page, so the flow starts afresh for it. */
export function ArtistView({ id }: { id: string }) {
  return <ArtistPage key={id.toLowerCase()} id={id} />;
}

/**
 * The artist page (docs/requirements.md#artists): header, featured artwork, about, collections carousel, highlights, the first
 * article and the portfolio; a section without data is left out. A missing record or a failed lookup is announced
 * by the flow (error notification) and shows a plain not-found page.
 */
function ArtistPage({ id }: { id: string }) {
  const page = useFlow(artistPageFlow, { input: { id } });
  const artist = useSelector(page, (snapshot) => snapshot.context.artist);
  const articleHtml = useSelector(page, (snapshot) => snapshot.context.articleHtml);
  const articleLoading = useSelector(page, (snapshot) => snapshot.matches({ ready: 'loadingArticle' }));
  const missing = useSelector(page, (snapshot) => (snapshot.matches('noInformation') ? 'none' : snapshot.matches('notFound') ? 'failed' : null));
  const offline = useSelector(page, (snapshot) => snapshot.matches('offline'));
  useDocumentTitle(artist?.displayName ?? (missing ? 'Artist not found' : offline ? 'Network unavailable' : 'Artist'));

  // Offline-first: a lookup that got no answer is not a missing artist.
  if (offline) {
    return (
      <StatusPage
        title="Network unavailable"
        heading="Network unavailable"
        actions={
          <button type="button" className="button button-primary" onClick={() => page.send({ type: 'artist.retry' })}>
            Retry
          </button>
        }
      >
        <p className="status-text">{NETWORK_UNAVAILABLE_MESSAGE}</p>
      </StatusPage>
    );
  }

  if (missing) {
    return (
      <StatusPage title="Artist not found" heading="Artist not found" actions={<GoToMainPage />}>
        <p className="status-text">{missing === 'none' ? 'No artist information for this account' : 'We could not find this artist'}</p>
      </StatusPage>
    );
  }
  if (!artist) {
    return (
      <div className="page artist-page" aria-busy="true">
        <p className="artist-visually-hidden" role="status">
          Loading artist…
        </p>
        <div className="artist-cover artist-skeleton" aria-hidden="true" />
      </div>
    );
  }
  const article = artist.articles[0];
  return (
    <div className="page artist-page">
      <ArtistHeader artist={artist} />
      {artist.featuredArtwork ? (
        <FeaturedArtwork artist={artist} token={artist.featuredArtwork} />
      ) : (
        <p>
          <Link to="/artist/$artistId/artworks" params={{ artistId: artist.id }} className="button">
            All artwork
          </Link>
        </p>
      )}
      {artist.comments && <ArtistAbout text={artist.comments} />}
      {artist.collections.length > 0 && <CollectionsCarousel collections={artist.collections} />}
      {artist.highlights.length > 0 && <ArtistHighlights highlights={artist.highlights} />}
      {article && <ArtistArticleSection article={article} html={articleHtml} loading={articleLoading} />}
      {(artist.portfolio.context || artist.portfolio.items.length > 0) && <ArtistPortfolio portfolio={artist.portfolio} name={artist.displayName} />}
      {artist.collections.length > 0 && <ActivitySection filter={{ artist: artist.account.address }} id="artist-activity" />}
    </div>
  );
}
