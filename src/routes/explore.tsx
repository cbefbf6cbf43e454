import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { validateExploreSearch, type ExploreSearch } from '../../machines/explore/exploreFilters';
import { ExploreView } from '../views/explore/ExploreView';

// Seed 000 §2: the explore filters live in validated search params, so a filtered view is a shareable link.
export const Route = createFileRoute('/explore')({
  validateSearch: (search: Record<string, unknown>): ExploreSearch => validateExploreSearch(search),
  component: ExploreRoute,
});

function ExploreRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ExploreSearch) => void navigate({ search: next }), [navigate]);
  return <ExploreView search={search} onSearchChange={onSearchChange} />;
}
