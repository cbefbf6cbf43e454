// GraphQL operations of the token detail page: the token by holding id, its siblings, its offers.
import type { FetchPage } from '../../machines/lists/pagedListMachine';
import { PAGE_SIZE } from '../../machines/lists/constants';
import { graphql, PageInfoFields, PersonFields, type ResultOf, type VariablesOf } from '../graphql/graphql';
import { TOKEN_PAGE_OPERATION } from '../../domain/firstReads/token';
import { graphqlRequest } from './graphql';

export const getTokenFromHoldingOperation = graphql(TOKEN_PAGE_OPERATION, [PersonFields]);

/** The token page's token (metadataUrl: its metadata JSON as the contract's uri(id) names it; null without a manifest). */
export type TokenDetail = NonNullable<ResultOf<typeof getTokenFromHoldingOperation>['getTokenFromHolding']>;
export type TokenCollection = TokenDetail['collection'];
export type TokenDetailHolding = NonNullable<TokenDetail['tokenHolding']>;
export type TokenSale = TokenDetailHolding['bazaarSales'][number];

export const getTokensByContainerIdOperation = graphql(
  `
  query getTokensByContainerId($container_id: ID!, $pagination: PaginationInput, $exclude: ID) {
    getTokensByContainerId(container_id: $container_id, pagination: $pagination, exclude: $exclude) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { _id name mediaType thumbnailUrl tokenHolding { id } } }
    }
  }
`,
  [PageInfoFields],
);

/** exclude: one token _id left out (the current token). */
export type TokensByContainerVariables = VariablesOf<typeof getTokensByContainerIdOperation>;

/** A sibling thumbnail: another token of the same collection. */
export type SiblingToken = ResultOf<typeof getTokensByContainerIdOperation>['getTokensByContainerId']['edges'][number]['node'];

/** What the page machine loads: the token, plus up to PAGE_SIZE.siblingQuery siblings (empty on failure). */
export interface TokenPageData {
  token: TokenDetail;
  siblings: SiblingToken[];
}

export const getOffersByTokenOperation = graphql(
  `
  query getOffersByToken($token: ID!, $seller: String, $pagination: PaginationInput) {
    getOffersByToken(token: $token, seller: $seller, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id chainId saleId allOutSaleId marketplace tokenId seller amount state createdAt
        price { amount currency }
        buyer { ...PersonFields }
      } }
    }
  }
`,
  [PageInfoFields, PersonFields],
);

export type OffersByTokenVariables = VariablesOf<typeof getOffersByTokenOperation>;

export type TokenOffer = ResultOf<typeof getOffersByTokenOperation>['getOffersByToken']['edges'][number]['node'];

export async function getTokenFromHolding(id: string, signal?: AbortSignal): Promise<TokenDetail | null> {
  // Offline the worker may answer with its stored copy; it is reported as such, and trading stays disabled meanwhile.
  const data = await graphqlRequest(getTokenFromHoldingOperation, { id }, { signal });
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
