import { createFileRoute, notFound } from '@tanstack/react-router';
import { collectionOfRoute } from '../services/collection';
import { CollectionView } from '../views/collection/CollectionView';

// See docs/requirements.md#collection-page: the collection display page (route name display); an unknown collection shows the 404 view.
// A collection this device just published is shown from its receipt (as its creator) until the indexer has it.
export const Route = createFileRoute('/collection/$address/$chainId')({
  loader: async ({ params, abortController }) => {
    const collection = await collectionOfRoute(params, abortController.signal);
    if (collection) return { collection, indexing: null };
    // Its code loads only then: every other visit finds the collection in the index.
    const { pendingCollectionOfRoute } = await import('../services/pendingCollection');
    const pending = await pendingCollectionOfRoute(params, abortController.signal);
    if (!pending) throw notFound();
    return { collection: pending.collection, indexing: pending };
  },
  component: CollectionDisplayRoute,
});

function CollectionDisplayRoute() {
  const { collection, indexing } = Route.useLoaderData();
  return <CollectionView key={collection._id} collection={collection} indexing={indexing} />;
}
