import { Suspense, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { retryableLazy } from '../../app/chunkLoad';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { displayName } from '../../app/format';
import { ChunkBoundary } from '../../components/data/ChunkBoundary';
import { ActivitySection } from '../../components/activity/ActivitySection';
import { AccountAvatar } from '../../components/wallet/AccountAvatar';
import type { CollectionDisplay } from '../../services/collection';
import type { PendingCollection } from '../../services/pendingCollection';
import { collectionCoverFlow } from '../../services/flows/collection';
import { reloadRoute } from '../../services/flows/navigation';
import { CollectionCover } from './CollectionCover';
import { CollectionDescription } from './CollectionDescription';
import { CollectionDetails } from './CollectionDetails';
import { CollectionIndexingStatus } from './CollectionIndexingStatus';
import { CollectionTokens } from './CollectionTokens';
import '../../styles/collection.css';

// Only the signed-in creator gets the royalties controls: their view, machine and contract action flow are a chunk of
// their own (the phone-performance work: out of the page's first load), precached by the worker so they open offline (offline-first).
const CollectionRoyalties = retryableLazy<{ chainId: number; collection: string }>(() =>
  import('./CollectionRoyalties').then(({ CollectionRoyalties }) => ({ default: CollectionRoyalties })),
);

// Only a collection this device just published and the indexer does not have yet runs the indexing flow (its machine,
// the live feed and the indexed read): a chunk loaded for that page only. Its status line shows while it loads.
const CollectionIndexing = retryableLazy<{ address: string; chainId: number; children: ReactNode }>(() =>
  import('./CollectionIndexing').then(({ CollectionIndexing }) => ({ default: CollectionIndexing })),
);

/** The royalties section's frame while its code loads: the same landmark and heading, busy. */
function RoyaltiesLoading() {
  return (
    <section className="collection-royalties" aria-labelledby="collection-royalties-heading" aria-busy="true">
      <h2 id="collection-royalties-heading">Royalties</h2>
    </section>
  );
}

/** See docs/requirements.md#collection-page Collection display page: cover, name, creator, description, details and the token grid. */
export interface CollectionViewProps {
  collection: CollectionDisplay;
  /** Set while the collection is shown from this device's publishing receipt, before the indexer has it. */
  indexing?: PendingCollection | null;
}

export function CollectionView({ collection, indexing = null }: CollectionViewProps) {
  // Another collection is another page (its own cover editor). The same collection once indexed is the same page.
  return <CollectionPage key={collection._id} collection={collection} indexing={indexing} />;
}

function CollectionPage({ collection, indexing }: Required<CollectionViewProps>) {
  useDocumentTitle(collection.name);
  const creator = collection.creatorInfo;
  const cover = useFlow(collectionCoverFlow, { input: { collectionId: collection._id, creator: creator.address } });
  // Only the creator (signed in, same address in any case) edits; the server enforces it too.
  const credentials = useSelector(cover, (snapshot) => snapshot.context.editor);
  // Edits are saved on the server; the route loads the collection again to show them (as the cover flow's showSaved).
  const reload = () => reloadRoute();
  // The token grid reads as the creator while the collection is not indexed (the server shows its tokens to them
  // only) and keeps doing so for the page's life: its params stay the same when the index catches up, so the grid
  // is not reset (no flash); the live lists.stale refreshes its cards in place.
  const [tokensViewer] = useState(() => indexing?.creator ?? null);

  return (
    <article className="collection-page" aria-labelledby="collection-name">
      <header className="collection-hero">
        <CollectionCover editor={cover} name={collection.name} cover={collection.cover} />
        <div className="collection-summary">
          <h1 id="collection-name">{collection.name}</h1>
          <p className="collection-creator">
            <AccountAvatar account={{ address: creator.address, alias: creator.alias ?? null, avatar: creator.avatar ?? null }} size={32} />
            <span>
              <span className="visually-hidden">Created by </span>
              {displayName(creator)}
            </span>
          </p>
          <CollectionDescription
            collectionId={collection._id}
            description={collection.description}
            credentials={credentials}
            onSaved={() => void reload()}
          />
          <CollectionDetails collection={collection} />
          {indexing && (
            <ChunkBoundary fallback={<CollectionIndexingStatus />}>
              <Suspense fallback={<CollectionIndexingStatus />}>
                <CollectionIndexing address={indexing.record.address} chainId={indexing.record.chainId}>
                  <CollectionIndexingStatus />
                </CollectionIndexing>
              </Suspense>
            </ChunkBoundary>
          )}
        </div>
      </header>
      {/* Only the signed-in creator (the cover editor's credentials) gets the royalties controls (the creator's royalties controls). */}
      {credentials && collection.address && (
        <ChunkBoundary fallback={null}>
          <Suspense fallback={<RoyaltiesLoading />}>
            <CollectionRoyalties chainId={collection.chainId} collection={collection.address} />
          </Suspense>
        </ChunkBoundary>
      )}
      <section className="collection-tokens" aria-labelledby="collection-tokens-heading">
        <h2 id="collection-tokens-heading">Artworks</h2>
        <CollectionTokens containerId={collection._id} viewer={tokensViewer} label={`Artworks of ${collection.name}`} />
      </section>
      <ActivitySection filter={{ collection: collection._id }} id="collection-activity" market={{ params: { collection: collection._id }, chainId: collection.chainId }} />
    </article>
  );
}
