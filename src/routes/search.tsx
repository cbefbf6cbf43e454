import { createFileRoute } from '@tanstack/react-router';
import { SearchView } from '../views/search/SearchView';

// Search (issue 32, "Find"): artworks, collections and artists by name, with results as you type. The text is the
// URL's q, so a search is a shareable link and Back returns to it; read by the page's flow (searchTextOf), so no
// validateSearch joins the shell that every route loads.
export const Route = createFileRoute('/search')({
  component: SearchRoute,
});

function SearchRoute() {
  const search = Route.useSearch() as Record<string, unknown>;
  return <SearchView search={search} />;
}
