// The artist artworks page's flow (artistArtworksPageMachine), provided once with the artist service; the page's
// token grid is the shared paged list flow (src/services/flows/lists.ts).
import { fromPromise } from 'xstate';
import { artistArtworksPageMachine, type ArtistName } from '../../../machines/artists/artistArtworksPageMachine';
import { fetchArtistName, fetchArtistTokensPage } from '../artists/artworks';
import { pagedListFlow } from './lists';

export const artistArtworksPageFlow = artistArtworksPageMachine.provide({
  actors: {
    loadArtistName: fromPromise<ArtistName | null, { artistId: string }>(({ input, signal }) => fetchArtistName(input.artistId, signal)),
  },
});

/** The artist's token grid, newest first. */
export const artistTokensList = pagedListFlow(fetchArtistTokensPage);
