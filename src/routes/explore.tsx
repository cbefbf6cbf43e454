import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateExploreSearch, type ExploreSearch } from '../../machines/explore/exploreFilters';
import { ExploreView } from '../views/explore/ExploreView';

// See docs/requirements.md#explore: the explore filters live in validated search params, so a filtered view is a shareable link.
export const Route = createFileRoute('/explore')({
  validateSearch: (search: Record<string, unknown>): ExploreSearch => validateExploreSearch(search),
  // An invalid or default value in a shared link is dropped from the address bar too, so the URL says what is shown.
  beforeLoad: ({ location }) => {
    const raw = location.search as Record<string, unknown>;
    const normalised = validateExploreSearch(raw);
    if (!sameSearch(raw, normalised)) throw redirect({ to: '/explore', search: normalised, replace: true });
  },
  component: ExploreRoute,
});

/** Same keys and values, whatever the key order. */
function sameSearch(raw: Record<string, unknown>, normalised: ExploreSearch) {
  const canonical = (value: Record<string, unknown>) => JSON.stringify(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
  return canonical(raw) === canonical(normalised as Record<string, unknown>);
}

function ExploreRoute() {
  const search = Route.useSearch();
  // A filter chosen in the panel navigates from the explore flow (src/services/flows/explore.ts).
  return <ExploreView search={search} />;
}
