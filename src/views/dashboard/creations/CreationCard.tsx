import { useSelector } from '@xstate/react';
import type { CollectionSellActor } from '../../../../machines/dashboard/collectionSellMachine';
import type { CollectionCoverActor } from '../../../../machines/collection/collectionCoverMachine';
import { COVER_CHILD_ID, SELL_CHILD_ID } from '../../../../machines/dashboard/creationCardMachine';
import { useFlow } from '../../../app/flows';
import type { CreatedCollection, CreationListings } from '../../../services/dashboard/creations';
import { creationCardFlow } from '../../../services/flows/dashboard';
import { CollectionCover } from '../../collection/CollectionCover';
import { CollectionDescription } from '../../collection/CollectionDescription';
import { useTradePhase } from '../useTradePhase';
import { CurrentListings } from './CurrentListings';
import { SellCollectionPanel } from './SellCollectionPanel';

/** The sell panel and the listings beside it share one collectionSell actor (the cancel button is in the listings). */
function CreationSales({ sell, collection, listings }: { sell: CollectionSellActor; collection: CreatedCollection; listings: CreationListings }) {
  const phase = useTradePhase(sell);
  return (
    <div className="creations-sales">
      <SellCollectionPanel sell={sell} phase={phase} chainId={collection.chainId} />
      <CurrentListings sell={sell} listings={listings} chainId={collection.chainId} />
    </div>
  );
}

/** One collection of the creator: cover and description (editable), sell panel, current listings, its offers. */
export function CreationCard({ collection: listed, creator }: { collection: CreatedCollection; creator: string }) {
  const card = useFlow(creationCardFlow, { input: { collection: listed, seller: creator } });
  const collection = useSelector(card, (snapshot) => snapshot.context.collection);
  const listings = useSelector(card, (snapshot) => snapshot.context.listings);
  const error = useSelector(card, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const sell = useSelector(card, (snapshot) => snapshot.children[SELL_CHILD_ID] as CollectionSellActor | undefined);
  // The cover editor child (invoked with the card: always there); it keeps its preview until the card refreshed.
  const cover = useSelector(card, (snapshot) => snapshot.children[COVER_CHILD_ID] as CollectionCoverActor);
  // The creator's own key: the server accepts cover and description edits from it only.
  const credentials = useSelector(cover, (snapshot) => snapshot.context.editor);
  const refresh = () => card.send({ type: 'card.refresh' });

  return (
    <article className="creations-card" aria-label={collection.name}>
      <CollectionCover
        editor={cover}
        name={collection.name}
        cover={collection.cover}
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
        {listings && sell ? (
          <CreationSales sell={sell} collection={collection} listings={listings} />
        ) : error ? (
          <div className="list-error" role="alert">
            <p>Could not load the listings. {error}</p>
            <button type="button" className="button" onClick={refresh}>
              Retry
            </button>
          </div>
        ) : (
          <p className="list-status creations-sales-pending" role="status">
            <span className="spinner" aria-hidden="true" /> Loading listings…
          </p>
        )}
        <div className="creations-card-actions">
          <button
            type="button"
            className="button"
            // Received offers filtered to this collection (the dashboard's `collection` search param).
            onClick={() => card.send({ type: 'card.viewOffers' })}
          >
            View All Offers
          </button>
        </div>
      </div>
    </article>
  );
}
