// GraphQL operations of the token detail page: the token by holding id, its siblings, its offers.
import type { FetchPage, Page as Connection } from '../../machines/lists/pagedListMachine';
import { PAGE_SIZE } from '../../machines/lists/constants';
import { graphqlOperation, graphqlRequest } from './graphql';
import type { MarketplaceToken, PersonInfo, Price } from './marketplace';

export interface TokenCollection {
  id: string;
  _id: string;
  name: string;
  address?: string | null;
  chainId: number;
  chainName?: string | null;
  supplyPerToken?: number | null;
  publishedAt?: string | null;
  attributes?: unknown;
}

export interface TokenSale {
  id: string;
  saleId: string;
  allOutSaleId?: string | null;
  chainId: number;
  marketplace: string;
  seller: string;
  amount: string;
  soldAmount: string;
  price: Price;
  wasCancelled: boolean;
}

export interface TokenDetailHolding {
  id: string;
  chainId: number;
  amount?: string;
  salePrice?: Price | null;
  owner: PersonInfo;
  bazaarSales?: TokenSale[];
  createdAt: string;
}

export interface TokenDetail extends Omit<MarketplaceToken, 'collection' | 'tokenHolding'> {
  collection: TokenCollection;
  tokenHolding?: TokenDetailHolding | null;
  description?: string | null;
  filename?: string | null;
  attributes?: unknown;
  metadata?: Record<string, unknown> | null;
  /** The token's metadata JSON as the contract's uri(id) names it; null when its collection has no manifest. */
  metadataUrl?: string | null;
  ownerInfo?: PersonInfo | null;
}

/** A sibling thumbnail: another token of the same collection. */
export interface SiblingToken {
  _id: string;
  name: string;
  thumbnailUrl?: string | null;
  tokenHolding?: { id: string } | null;
}

export interface TokenOffer {
  id: string;
  chainId: number;
  saleId: string;
  allOutSaleId?: string | null;
  marketplace: string;
  tokenId: string;
  buyer: PersonInfo;
  seller: string;
  amount: string;
  price: Price;
  state: string;
  createdAt: string;
}

/** What the page machine loads: the token, plus up to PAGE_SIZE.siblingQuery siblings (empty on failure). */
export interface TokenPageData {
  token: TokenDetail;
  siblings: SiblingToken[];
}

const PERSON_FIELDS = 'id address alias avatar firstName lastName';

export const getTokenFromHoldingOperation = graphqlOperation<{ getTokenFromHolding: TokenDetail | null }, { id: string }>(
  'getTokenFromHolding',
  `query getTokenFromHolding($id: ID!) {
  getTokenFromHolding(id: $id) {
    id _id tokenId name description thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt filename
    attributes metadata metadataUrl
    collection { id _id name address chainId chainName supplyPerToken publishedAt attributes }
    creatorInfo { ${PERSON_FIELDS} }
    ownerInfo { ${PERSON_FIELDS} }
    tokenHolding {
      id chainId amount createdAt salePrice { amount currency } owner { ${PERSON_FIELDS} }
      bazaarSales { id saleId allOutSaleId chainId marketplace seller amount soldAmount wasCancelled price { amount currency } }
    }
  }
}`,
);

export interface TokensByContainerVariables {
  container_id: string;
  pagination?: { after?: string | null; perPage?: number };
  /** One token _id left out (the current token). */
  exclude?: string | null;
}

export const getTokensByContainerIdOperation = graphqlOperation<
  { getTokensByContainerId: Connection<SiblingToken> },
  TokensByContainerVariables
>(
  'getTokensByContainerId',
  `query getTokensByContainerId($container_id: ID!, $pagination: PaginationInput, $exclude: ID) {
  getTokensByContainerId(container_id: $container_id, pagination: $pagination, exclude: $exclude) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    edges { cursor node { _id name thumbnailUrl tokenHolding { id } } }
  }
}`,
);

export interface OffersByTokenVariables {
  token: string;
  seller?: string | null;
  pagination?: { after?: string | null; perPage?: number };
}

export const getOffersByTokenOperation = graphqlOperation<{ getOffersByToken: Connection<TokenOffer> }, OffersByTokenVariables>(
  'getOffersByToken',
  `query getOffersByToken($token: ID!, $seller: String, $pagination: PaginationInput) {
  getOffersByToken(token: $token, seller: $seller, pagination: $pagination) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    edges { cursor node {
      id chainId saleId allOutSaleId marketplace tokenId seller amount state createdAt
      price { amount currency }
      buyer { ${PERSON_FIELDS} }
    } }
  }
}`,
);

export async function getTokenFromHolding(id: string, signal?: AbortSignal): Promise<TokenDetail | null> {
  // No offline fallback: a cached token would hide that it has been sold meanwhile.
  const data = await graphqlRequest(getTokenFromHoldingOperation, { id }, { signal, offlineFallback: false });
  return data.getTokenFromHolding;
}

export async function getSiblingTokens(token: Pick<TokenDetail, '_id' | 'collection'>, signal?: AbortSignal): Promise<SiblingToken[]> {
  const data = await graphqlRequest(
    getTokensByContainerIdOperation,
    { container_id: token.collection._id, pagination: { perPage: PAGE_SIZE.siblingQuery }, exclude: token._id },
    { signal },
  );
  return data.getTokensByContainerId.edges.map((edge) => edge.node);
}

/** The page machine's `fetchTokenPage`: null when the holding is gone; siblings are optional extras. */
export async function fetchTokenPage(id: string, signal?: AbortSignal): Promise<TokenPageData | null> {
  const token = await getTokenFromHolding(id, signal);
  if (!token) return null;
  let siblings: SiblingToken[] = [];
  try {
    siblings = await getSiblingTokens(token, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    // The sibling strip is decoration: the page still shows without it.
  }
  return { token, siblings };
}

export interface OfferListParams {
  token: string;
  seller?: string | null;
}

export type FetchOfferPage = FetchPage<TokenOffer, OfferListParams>;

/** The offers list's `fetchPage`: one getOffersByToken page after a cursor. */
export const fetchTokenOffersPage: FetchOfferPage = async ({ params, after, perPage }, signal) => {
  if (!params) throw new Error('fetchTokenOffersPage: the token is missing');
  const data = await graphqlRequest(
    getOffersByTokenOperation,
    { token: params.token, seller: params.seller ?? null, pagination: { perPage, ...(after ? { after } : {}) } },
    { signal },
  );
  return data.getOffersByToken;
};
