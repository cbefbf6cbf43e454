// The artists catalogue's reads (docs/requirements.md#artists): getAllArtists pages (50 each, alphabetical by
// display name on the server) and the visitor's images/list choice, remembered in localStorage.
import { isArtistsView, type ArtistsView } from '../../../machines/artists/artistsCatalogueMachine';
import type { FetchPage, Page } from '../../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, type ResultOf } from '../../graphql/graphql';
import { ALL_ARTISTS_OPERATION } from '../../../domain/firstReads/artists';
import { graphqlRequest } from '../graphql';

export const getAllArtistsOperation = graphql(ALL_ARTISTS_OPERATION, [PageInfoFields]);

/** An artist as the catalogue shows them (card or list row). */
export type CatalogueArtist = ResultOf<typeof getAllArtistsOperation>['getAllArtists']['edges'][number]['node'];

export type FetchArtistsPage = FetchPage<CatalogueArtist, null>;

/** The catalogue's `fetchPage`: one getAllArtists page after a cursor, in the server's order. */
export const fetchArtistsPage: FetchArtistsPage = async ({ after, perPage }, signal): Promise<Page<CatalogueArtist>> => {
  const data = await graphqlRequest(getAllArtistsOperation, { pagination: { perPage, ...(after ? { after } : {}) } }, { signal });
  return data.getAllArtists;
};

const VIEW_STORAGE_KEY = 'artbazaar.artists.view';

const storage = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be refused (privacy settings): the catalogue then opens in its default view.
    return null;
  }
};

/** The view the visitor chose last (null: none stored, or storage unavailable). */
export function readArtistsView(): ArtistsView | null {
  try {
    const value = storage()?.getItem(VIEW_STORAGE_KEY);
    return isArtistsView(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeArtistsView(view: ArtistsView): void {
  try {
    storage()?.setItem(VIEW_STORAGE_KEY, view);
  } catch (error) {
    // A full or refused storage only loses the choice for the next visit.
    console.warn('Could not remember the artists view', error);
  }
}
