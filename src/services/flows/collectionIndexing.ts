// The collection page while the indexer has not caught up with a collection this device just published
// (machines/collection/collectionIndexingMachine): the indexed read by address, and the page shown from the index
// once it has the collection.
import { fromPromise } from 'xstate';
import { collectionIndexingMachine, type CollectionIndexingInput } from '../../../machines/collection/collectionIndexingMachine';
import { getCollection } from '../collection';
import { forgetPublished } from '../studio/justPublished';
import { reloadRoute } from './navigation';

export const collectionIndexingFlow = collectionIndexingMachine.provide({
  actors: {
    readIndexed: fromPromise<boolean, CollectionIndexingInput>(async ({ input, signal }) => (await getCollection(input.address, input.chainId, { signal })) !== null),
  },
  actions: {
    // The receipt's record is no longer needed; the route reads the collection again, now from the index, keeping the
    // page rendered (same collection _id: the same page, nothing remounts).
    showIndexed: ({ context }) => {
      forgetPublished(context.address, context.chainId);
      void reloadRoute();
    },
  },
});
