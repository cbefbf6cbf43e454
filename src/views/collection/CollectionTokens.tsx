import { useMemo } from 'react';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import { TokenList } from '../../components/tokens/TokenList';
import type { ApiKeyCredentials } from '../../services/authFetch';
import { collectionTokensList } from '../../services/flows/collection';

/**
 * The collection's tokens, PAGE_SIZE.collectionDisplay (12) at a time, the next page when the bottom is 10% visible;
 * the shared paged grid keeps the list and its scroll offset, so Back from a token shows it at once.
 */
export function CollectionTokens({ containerId, viewer = null, label }: { containerId: string; viewer?: ApiKeyCredentials | null; label: string }) {
  // Read as `viewer` when given (a collection its creator just published, not indexed yet).
  const params = useMemo(() => (viewer ? { containerId, viewer } : { containerId }), [containerId, viewer]);
  return (
    <TokenList
      listKey="collection-tokens"
      list={collectionTokensList}
      params={params}
      pageSize={PAGE_SIZE.collectionDisplay}
      label={label}
      emptyText="This collection has no artworks yet."
    />
  );
}
