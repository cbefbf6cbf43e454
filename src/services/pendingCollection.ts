// A collection this device just published that the indexer does not have yet (issue 32, item 5), as the collection
// page shows it: loaded by the route only when the indexed read finds nothing, so no other page carries it.
import { isAddress } from '../../domain/address';
import type { PublishedOnChain } from '../../domain/publishedCollection';
import { authorizationHeader, type ApiKeyCredentials } from './authFetch';
import type { CollectionDisplay } from './collection';
import { graphql, PageInfoFields, PersonFields } from '../graphql/graphql';
import { graphqlRequest } from './graphql';
import { justPublished } from './studio/justPublished';

/**
 * One collection by `_id` as its creator sees it (the Authorization header names the viewer): before the indexer has
 * published it, the server shows a collection (its studio canvas) to its creator only. The node's fields are the
 * collection page's (COLLECTION_PAGE_OPERATION), so it renders the same page.
 */
export const getPendingCollectionOperation = graphql(
  `
  query getPendingCollection($id: ID!) {
    getCollections(filters: { ids: [$id] }, pagination: { perPage: 1 }) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id _id name symbol description chainId cover thumbnail address mediaType tokenCount createdAt publishedAt
        creatorInfo { ...PersonFields }
      } }
    }
  }
`,
  [PageInfoFields, PersonFields],
);

/** The collection `id` as the signed-in `viewer` sees it (their own unpublished canvas too), or null. */
export async function getCollectionAsCreator(id: string, viewer: ApiKeyCredentials, signal?: AbortSignal): Promise<CollectionDisplay | null> {
  const data = await graphqlRequest(getPendingCollectionOperation, { id }, { signal, headers: { Authorization: authorizationHeader(viewer) } });
  return data.getCollections.edges[0]?.node ?? null;
}

/** A collection this device just published that the indexer does not have yet, as the collection page shows it. */
export interface PendingCollection {
  /** The creator's canvas with what the transaction's receipt said: address, token count, when it was published. */
  collection: CollectionDisplay;
  record: PublishedOnChain;
  /** The creator's login: until the indexer has the collection the server shows it and its tokens to them only. */
  creator: ApiKeyCredentials;
}

/**
 * The collection a /collection/$address/$chainId URL names when this device published it and the indexer has not
 * caught up: the kept record (src/services/studio/justPublished.ts), read as its creator with their stored login.
 * Null when the params are not an address and a chain id, or there is no record, no login or no such canvas.
 */
export async function pendingCollectionOfRoute(params: { address: string; chainId: string }, signal?: AbortSignal): Promise<PendingCollection | null> {
  const chainId = Number(params.chainId);
  if (!isAddress(params.address) || !Number.isSafeInteger(chainId) || chainId <= 0) return null;
  const record = justPublished(params.address, chainId);
  if (!record) return null;
  // The login store as the session's restore loads it (a static import here would split that chunk for every route).
  const { loadApiKey } = await import('./wallet/apiKeyStore');
  const login = await loadApiKey(record.creator);
  if (!login) return null;
  const creator = { address: login.account.address, key: login.apiKey.key };
  const canvas = await getCollectionAsCreator(record.canvasId, creator, signal);
  if (!canvas || canvas.chainId !== record.chainId) return null;
  // The receipt's values, which the indexer will store on the same row (publishedAt is the block's time either way).
  const collection = { ...canvas, address: record.address, tokenCount: record.tokenCount, publishedAt: record.publishedAt };
  return { collection, record, creator };
}
