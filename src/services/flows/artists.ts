// The artists catalogue flow (artistsCatalogueMachine), provided once: the images/list choice is read from storage
// when the page opens (the flow's input) and written back on every change. The artists themselves come through
// the shared paged list (src/services/flows/lists.ts) with the catalogue's fetcher.
import { artistsCatalogueMachine, type ArtistsCatalogueInput } from '../../../machines/artists/artistsCatalogueMachine';
import { fetchArtistsPage, readArtistsView, writeArtistsView } from '../artists/catalogue';
import { pagedListFlow } from './lists';

export const artistsCatalogueFlow = artistsCatalogueMachine.provide({
  actions: {
    persistView: (_, { view }) => writeArtistsView(view),
  },
});

/** The flow's input: the view the visitor chose last time, so the page opens in it without a flash. */
export function artistsCatalogueInput(): ArtistsCatalogueInput {
  return { storedView: readArtistsView() };
}

/** The artists catalogue: getAllArtists page by page, in the server's order. */
export const artistsList = pagedListFlow(fetchArtistsPage);
