import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { ARTISTS_VIEWS, type ArtistsView } from '../../../machines/artists/artistsCatalogueMachine';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { artistsCatalogueFlow, artistsCatalogueInput } from '../../services/flows/artists';
import { ArtistsList } from './ArtistsList';
import './artists.css';

const VIEW_LABELS: Record<ArtistsView, string> = { images: 'Images', list: 'List' };

/** See docs/requirements.md#artists: the page header, the images/list toggle (remembered) and the artists. */
export function ArtistsCatalogueView() {
  useDocumentTitle('Artists');
  const [input] = useState(artistsCatalogueInput);
  const catalogue = useFlow(artistsCatalogueFlow, { input });
  const view = useSelector(catalogue, (snapshot) => (snapshot.matches('list') ? 'list' : 'images')) satisfies ArtistsView;

  return (
    <div className="page artists-page">
      <header className="page-header artists-header">
        <div>
          <h1 className="page-title">Artists</h1>
          <p className="page-subheading">The artists of Art Bazaar: each one reviewed by the curators before they publish here.</p>
        </div>
        <div className="artists-view-toggle" role="group" aria-label="Show artists as">
          {ARTISTS_VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              className={option === view ? 'artists-view-option artists-view-option-active' : 'artists-view-option'}
              aria-pressed={option === view}
              onClick={() => catalogue.send({ type: 'view.select', view: option })}
            >
              {VIEW_LABELS[option]}
            </button>
          ))}
        </div>
      </header>
      <ArtistsList view={view} catalogue={catalogue} />
    </div>
  );
}
