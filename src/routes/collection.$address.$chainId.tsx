import { createFileRoute, notFound } from '@tanstack/react-router';
import { getCollection } from '../services/collection';
import { CollectionView } from '../views/collection/CollectionView';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// See docs/requirements.md#collection-page: the collection display page (route name display); an unknown collection shows the 404 view.
export const Route = createFileRoute('/collection/$address/$chainId')({
  loader: async ({ params, abortController }) => {
    const chainId = Number(params.chainId);
    if (!ADDRESS.test(params.address) || !Number.isSafeInteger(chainId) || chainId <= 0) throw notFound();
    const collection = await getCollection(params.address, chainId, { signal: abortController.signal });
    if (!collection) throw notFound();
    return collection;
  },
  component: CollectionDisplayRoute,
});

function CollectionDisplayRoute() {
  const collection = Route.useLoaderData();
  return <CollectionView key={collection._id} collection={collection} />;
}
