import { createFileRoute, notFound } from '@tanstack/react-router';
import { getCollection } from '../../services/collection';
import { CollectionTokensDashboard } from '../../views/dashboard/collectionTokens/CollectionTokensDashboard';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// See docs/requirements.md#dashboard: the collection tokens view of the dashboard (route name my-collection-dashboard).
export const Route = createFileRoute('/_auth/account/dashboard/collection/$address/$chainId')({
  staticData: { name: 'my-collection-dashboard' },
  loader: async ({ params, abortController }) => {
    const chainId = Number(params.chainId);
    if (!ADDRESS.test(params.address) || !Number.isSafeInteger(chainId) || chainId <= 0) throw notFound();
    const collection = await getCollection(params.address, chainId, { signal: abortController.signal });
    if (!collection) throw notFound();
    return collection;
  },
  component: CollectionTokensRoute,
});

function CollectionTokensRoute() {
  const collection = Route.useLoaderData();
  return <CollectionTokensDashboard key={collection._id} collection={collection} />;
}
