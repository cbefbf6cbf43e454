import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { validateExploreSearch } from '../../machines/explore/exploreFilters';

// See docs/requirements.md#collection-page: the display route is /collection/{address?}/{chainId}; without an address it opens explore's
// collections view filtered to that chain (the view-on-chain link). Anything but a positive chain id is a 404.
export const Route = createFileRoute('/collection/$chainId')({
  beforeLoad: ({ params }) => {
    const chainId = Number(params.chainId);
    if (!/^\d+$/.test(params.chainId) || !Number.isSafeInteger(chainId) || chainId <= 0) throw notFound();
    throw redirect({ to: '/explore', search: validateExploreSearch({ view: 'collection', chain: [chainId] }), replace: true });
  },
});
