import { createFileRoute, notFound } from '@tanstack/react-router';
import { collectionOfRoute } from '../../services/collection';
import { CollectionTokensDashboard } from '../../views/dashboard/collectionTokens/CollectionTokensDashboard';

// See docs/requirements.md#dashboard: the collection tokens view of the dashboard (route name my-collection-dashboard).
export const Route = createFileRoute('/_auth/account/dashboard/collection/$address/$chainId')({
  staticData: { name: 'my-collection-dashboard' },
  loader: async ({ params, abortController }) => {
    const collection = await collectionOfRoute(params, abortController.signal);
    if (!collection) throw notFound();
    return collection;
  },
  component: CollectionTokensRoute,
});

function CollectionTokensRoute() {
  const collection = Route.useLoaderData();
  return <CollectionTokensDashboard key={collection._id} collection={collection} />;
}
