import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { validateExploreSearch } from '../../machines/explore/exploreFilters';

// Seed 000 §2: the display route is /collection/{address?}/{chainId}; without an address it opens explore's
// collections view filtered to that chain (issue 17 item 4). Anything but a positive chain id is a 404.
export const Route = createFileRoute('/collection/$chainId')({
  beforeLoad: ({ params }) => {
    const chainId = Number(params.chainId);
    if (!/^\d+$/.test(params.chainId) || !Number.isSafeInteger(chainId) || chainId <= 0) throw notFound();
    throw redirect({ to: '/explore', search: validateExploreSearch({ view: 'collection', chain: [chainId] }), replace: true });
  },
});
