import { useNavigate } from '@tanstack/react-router';
import type { CreatedCollection, CreationListings } from '../../../services/dashboard/creations';
import { CollectionCover } from '../../collection/CollectionCover';
import { CollectionDescription } from '../../collection/CollectionDescription';
import { useCreatorCredentials } from '../../collection/useCollectionEditor';
import { CurrentListings } from './CurrentListings';
import { SellCollectionPanel } from './SellCollectionPanel';
import { useCollectionSell } from './useCollectionSell';
import { useCreationCard } from './useCreationCard';

/** The sell panel and the listings beside it share one collectionSell actor (the cancel button is in the listings). */
function CreationSales({
  collection,
  listings,
  onRefresh,
}: {
  collection: CreatedCollection;
  listings: CreationListings;
  onRefresh: () => void;
}) {
  const { sell, phase } = useCollectionSell(collection, listings.allOutSale, onRefresh);
  return (
    <div className="creations-sales">
      <SellCollectionPanel sell={sell} phase={phase} chainId={collection.chainId} />
      <CurrentListings sell={sell} listings={listings} />
    </div>
  );
}

/** One collection of the creator: cover and description (editable), sell panel, current listings, its offers. */
export function CreationCard({ collection: listed, creator }: { collection: CreatedCollection; creator: string }) {
  const { collection, listings, error, refresh, refreshAfterAction } = useCreationCard(listed, creator);
  // The creator's own key: the server accepts cover and description edits from it only.
  const credentials = useCreatorCredentials(collection.creatorInfo.address);
  const navigate = useNavigate();

  return (
    <article className="creations-card" aria-label={collection.name}>
      <CollectionCover
        collectionId={collection._id}
        name={collection.name}
        cover={collection.cover}
        credentials={credentials}
        onSaved={refresh}
        fileInputId={`creation-cover-file-${collection._id}`}
      />
      <div className="creations-card-body">
        <h2 className="creations-card-name">{collection.name}</h2>
        <p className="creations-muted">
          {collection.symbol} · {collection.tokenCount} {collection.tokenCount === 1 ? 'token' : 'tokens'}
        </p>
        <CollectionDescription
          collectionId={collection._id}
          description={collection.description}
          credentials={credentials}
          onSaved={refresh}
          fieldId={`creation-description-${collection._id}`}
        />
        {listings ? (
          <CreationSales collection={collection} listings={listings} onRefresh={refreshAfterAction} />
        ) : error ? (
          <div className="list-error" role="alert">
            <p>Could not load the listings. {error}</p>
            <button type="button" className="button" onClick={refresh}>
              Retry
            </button>
          </div>
        ) : (
          <p className="list-status" role="status">
            <span className="spinner" aria-hidden="true" /> Loading listings…
          </p>
        )}
        <div className="creations-card-actions">
          <button
            type="button"
            className="button"
            // Received offers filtered to this collection (the dashboard's `collection` search param).
            onClick={() => void navigate({ href: `/account/dashboard?tab=received&collection=${encodeURIComponent(collection._id)}` })}
          >
            View All Offers
          </button>
        </div>
      </div>
    </article>
  );
}
