// The exhibitions page's flows (the editorial pages), provided once: the page machine (tab, current exhibition, past ones)
// and the viewer machine (the slider's position). Storage and navigation stay here; the machines touch neither.
// Views run them with useFlow; unit tests replace them by machine id ('exhibitionsPage', 'exhibitionViewer').
import { fromPromise } from 'xstate';
import { isExhibitionsTab } from '../../../machines/exhibitions/exhibitionsTabs';
import { exhibitionViewerMachine, type ExhibitionViewerInput } from '../../../machines/exhibitions/exhibitionViewerMachine';
import { createExhibitionsPageMachine, type ExhibitionsPageInput } from '../../../machines/exhibitions/exhibitionsPageMachine';
import { fetchExhibitionArtworksPage, fetchExhibitionsOverview, type Exhibition } from '../exhibitions/exhibitions';
import { pagedListFlow } from './lists';
import { readExhibitionsTab, readViewerPosition, writeExhibitionsTab, writeViewerPosition } from '../exhibitions/exhibitionsStorage';
import { navigateTo, routeSearch } from './navigation';

export const exhibitionsPageFlow = createExhibitionsPageMachine<Exhibition>().provide({
  actors: {
    loadExhibitions: fromPromise(({ signal }) => fetchExhibitionsOverview(signal)),
    // A tab the URL changes to (Back, a link) is followed; the page's own choice writes the URL first.
    routeSearch: routeSearch('/exhibitions', (search) => (isExhibitionsTab(search.tab) ? { type: 'tab.url', tab: search.tab } : null)),
  },
  actions: {
    storeTab: (_, { tab }) => writeExhibitionsTab(tab),
    showTab: (_, { tab }) => navigateTo({ to: '/exhibitions', search: { tab }, replace: true }),
  },
});

/** The page flow's input: the URL's tab and the one stored from the last visit. */
export function exhibitionsPageInput(urlTab: string | undefined): ExhibitionsPageInput {
  return { urlTab, storedTab: readExhibitionsTab() };
}

export const exhibitionViewerFlow = exhibitionViewerMachine.provide({
  actions: {
    persistPosition: (_, { exhibitionId, position }) => writeViewerPosition(exhibitionId, position),
  },
});

/** The viewer flow's input: the exhibition, its artwork count and the position stored for it. */
export function exhibitionViewerInput(exhibition: Pick<Exhibition, 'id' | 'artworks'>): ExhibitionViewerInput {
  return { exhibitionId: exhibition.id, count: exhibition.artworks.length, storedPosition: readViewerPosition(exhibition.id) };
}

/** A past exhibition's artworks as token cards. */
export const exhibitionArtworksList = pagedListFlow(fetchExhibitionArtworksPage);
