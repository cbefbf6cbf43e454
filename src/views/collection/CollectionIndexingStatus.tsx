export const COLLECTION_INDEXING_TEXT =
  'Just published. The marketplace is indexing this collection: it appears in explore and can be listed for sale once it is indexed.';

/** The collection's summary line while the marketplace indexes a collection this device just published. */
export function CollectionIndexingStatus() {
  return (
    <p className="collection-indexing" role="status">
      {COLLECTION_INDEXING_TEXT}
    </p>
  );
}
