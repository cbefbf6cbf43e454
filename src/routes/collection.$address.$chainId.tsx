import { createFileRoute, notFound } from '@tanstack/react-router';
import { collectionOfRoute } from '../services/collection';
import { CollectionView } from '../views/collection/CollectionView';

// See docs/requirements.md#collection-page: the collection display page (route name display); an unknown collection shows the 404 view.
export const Route = createFileRoute('/collection/$address/$chainId')({
  loader: async ({ params, abortController }) => {
    const collection = await collectionOfRoute(params, abortController.signal);
    if (!collection) throw notFound();
    return collection;
  },
  component: CollectionDisplayRoute,
});

function CollectionDisplayRoute() {
  const collection = Route.useLoaderData();
  return <CollectionView key={collection._id} collection={collection} />;
}
