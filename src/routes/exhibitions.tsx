import { createFileRoute } from '@tanstack/react-router';
import { isExhibitionsTab } from '../../machines/exhibitions/exhibitionsTabs';
import { ExhibitionsView, type ExhibitionsSearch } from '../views/exhibitions/ExhibitionsView';

/** Only known values pass: a tab, and for the past tab an exhibition id with its view (detail or artworks). */
export function validateExhibitionsSearch(search: Record<string, unknown>): ExhibitionsSearch {
  const tab = isExhibitionsTab(search.tab) ? search.tab : undefined;
  const exhibition = tab === 'past' && typeof search.exhibition === 'string' && search.exhibition ? search.exhibition : undefined;
  const view = exhibition && (search.view === 'detail' || search.view === 'artworks') ? search.view : undefined;
  return { ...(tab ? { tab } : {}), ...(exhibition && view ? { exhibition, view } : {}) };
}

// See docs/requirements.md#exhibitions: query tab (current, artworks, past; default current); the past views live in the URL
// too (?tab=past&exhibition=<id>&view=detail|artworks), so Back returns to the list.
export const Route = createFileRoute('/exhibitions')({
  validateSearch: (search: Record<string, unknown>): ExhibitionsSearch => validateExhibitionsSearch(search),
  component: ExhibitionsRoute,
});

function ExhibitionsRoute() {
  const search = Route.useSearch();
  return <ExhibitionsView search={search} />;
}
