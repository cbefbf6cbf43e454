import { useCallback, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { PAGE_SIZE } from '../../../../machines/lists/constants';
import { useSystemActor } from '../../../app/appActorContext';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { PagedGrid } from '../../../components/tokens/PagedGrid';
import { listSnapshotKey } from '../../../components/tokens/listSnapshots';
import type { CollectionDisplay } from '../../../services/collection';
import { dashboardCollectionTokensList } from '../../../services/flows/dashboardCollectionTokens';
import type { MarketplaceToken } from '../../../services/marketplace';
import { ViewerTokenCard } from '../ViewerTokenCard';
import '../../../styles/dashboardCreations.css';

const tokenKey = (token: MarketplaceToken) => token.id;

/** See docs/requirements.md#dashboard "Collection tokens view": the collection's tokens, PAGE_SIZE.tokens (15) at a time, as the viewer holds them. */
export function CollectionTokensDashboard({ collection }: { collection: CollectionDisplay }) {
  useDocumentTitle(collection.name);
  const wallet = useSystemActor('walletSession');
  // The _auth layout guarantees a registered session here.
  const owner = useSelector(wallet, (snapshot) => snapshot.context.address?.toLowerCase() ?? '');
  const params = useMemo(() => ({ containerId: collection._id, owner }), [collection._id, owner]);
  const renderToken = useCallback((token: MarketplaceToken) => <ViewerTokenCard token={token} viewer={owner} variant="collection" />, [owner]);

  return (
    <section className="collection-tokens-dashboard" aria-labelledby="collection-tokens-dashboard-name">
      <header>
        <p className="creations-muted">
          <Link to="/collection/$address/$chainId" params={{ address: collection.address ?? '', chainId: String(collection.chainId) }}>
            Collection page
          </Link>
        </p>
        <h1 id="collection-tokens-dashboard-name">{collection.name}</h1>
        <p className="creations-muted">Open one of your tokens to list it for sale or answer its offers.</p>
      </header>
      <PagedGrid
        // New viewer, new list: remount rather than mixing two owners' holdings.
        key={owner}
        list={dashboardCollectionTokensList}
        params={params}
        pageSize={PAGE_SIZE.tokens}
        snapshotKey={listSnapshotKey('dashboard-collection-tokens', params)}
        label={`Tokens of ${collection.name}`}
        itemsName="tokens"
        emptyText="This collection has no tokens yet."
        itemKey={tokenKey}
        renderItem={renderToken}
      />
    </section>
  );
}
