// The collection display page: the collection by address and chain, its tokens, and the creator's edits.
import { isAddress } from '../../domain/address';
import { PAGE_SIZE } from '../../machines/lists/constants';
import type { FetchPage } from '../../machines/lists/pagedListMachine';
import { answerBody, authFetch, authorizationHeader, type ApiKeyCredentials, type AuthFetchOptions } from './authFetch';
import { checkedAnswer, loadAnswerCheck, type Answer } from './contracts';
import { NetworkError, isAbortError } from './errors';
import { graphql, PageInfoFields, PersonFields, TokenCardFields, type ResultOf } from '../graphql/graphql';
import { COLLECTION_PAGE_OPERATION } from '../../domain/firstReads/collection';
import { graphqlRequest } from './graphql';
import type { MarketplaceToken } from './marketplace';

// The filter's values inline (domain/firstReads/collection.ts): no dependence on the server's name for its input type.
export const getCollectionOperation = graphql(COLLECTION_PAGE_OPERATION, [PageInfoFields, PersonFields]);

/** The collection page's collection (publishedAt: when it was published on chain; null before). */
export type CollectionDisplay = ResultOf<typeof getCollectionOperation>['getCollections']['edges'][number]['node'];

/** The collection at `address` on `chainId` (any case), or null when there is none. */
export async function getCollection(address: string, chainId: number, options: { signal?: AbortSignal } = {}): Promise<CollectionDisplay | null> {
  const data = await graphqlRequest(
    getCollectionOperation,
    { address: address.toLowerCase(), chainId },
    { signal: options.signal },
  );
  return data.getCollections.edges[0]?.node ?? null;
}

/** The collection a /collection/$address/$chainId URL names: null when the params are not an address and a chain id, or nothing is there. */
export async function collectionOfRoute(params: { address: string; chainId: string }, signal?: AbortSignal): Promise<CollectionDisplay | null> {
  const chainId = Number(params.chainId);
  if (!isAddress(params.address) || !Number.isSafeInteger(chainId) || chainId <= 0) return null;
  return getCollection(params.address, chainId, { signal });
}

export const getCollectionTokensOperation = graphql(
  `
  query getTokensByContainerId($container_id: ID!, $pagination: PaginationInput) {
    getTokensByContainerId(container_id: $container_id, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`,
  [PageInfoFields, TokenCardFields],
);

export interface CollectionTokensParams {
  /** The collection's `_id`. */
  containerId: string;
  /**
   * Read as this signed-in account: a collection not indexed yet shows its tokens to its creator only. A page that
   * started with it keeps it (the list's params stay the same when the indexer catches up: no reload of the grid).
   */
  viewer?: ApiKeyCredentials | null;
}

/** The pagedList `fetchPage` of the collection's token grid (PAGE_SIZE.collectionDisplay per page). */
export const fetchCollectionTokensPage: FetchPage<MarketplaceToken, CollectionTokensParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(
    getCollectionTokensOperation,
    { container_id: params?.containerId ?? '', pagination: { perPage: perPage ?? PAGE_SIZE.collectionDisplay, ...(after ? { after } : {}) } },
    { signal, ...(params?.viewer ? { headers: { Authorization: authorizationHeader(params.viewer) } } : {}) },
  );
  return data.getTokensByContainerId;
};

export interface CollectionUpdate {
  description?: string;
  /** The new cover, cropped square. */
  cover?: Blob;
}

/** PUT /api/v1/collection/{id} (multipart: description and/or cover); only the creator's key is accepted. */
export async function updateCollection(
  credentials: ApiKeyCredentials,
  id: string,
  update: CollectionUpdate,
  options?: AuthFetchOptions,
): Promise<Answer<'collectionSaved'>> {
  // The answer's contract loads while the request is out.
  void loadAnswerCheck().catch(() => {});
  const form = new FormData();
  if (update.description !== undefined) form.set('description', update.description.trim());
  if (update.cover) form.set('cover', update.cover, 'cover.png');
  let response: Response;
  try {
    response = await authFetch(`/collection/${encodeURIComponent(id)}`, { method: 'PUT', body: form }, credentials, options);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  return checkedAnswer('collectionSaved', await answerBody(response), `/collection/${id}`);
}

/** The explorer page of a contract address on the chain's configured block explorer, or null without one. */
export function explorerAddressUrl(explorer: string | null | undefined, address: string): string | null {
  return explorer ? `${explorer.replace(/\/+$/, '')}/address/${address}` : null;
}
