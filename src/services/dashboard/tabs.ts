// GraphQL reads of the dashboard's tabs (seed 000 §2 "Dashboard"): purchased tokens, received and sent offers.
// Favorites reuse getLikedTokensByAccount (services/marketplace.ts).
import type { FetchPage, Page as Connection } from '../../../machines/lists/pagedListMachine';
import { graphqlOperation, graphqlRequest } from '../graphql';
import type { MarketplaceToken, PersonInfo, Price } from '../marketplace';

const PERSON_FIELDS = 'id address alias avatar firstName lastName';
const PAGE_INFO = 'pageInfo { startCursor endCursor hasNextPage hasPreviousPage }';
// What a token card shows (as the explore lists ask it), tokenHolding = the holding the dashboard is about.
const TOKEN_FIELDS = `id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt attributes
      collection { id _id name address chainId attributes }
      creatorInfo { ${PERSON_FIELDS} }
      tokenHolding { id chainId createdAt salePrice { amount currency } owner { ${PERSON_FIELDS} } }`;
const OFFER_FIELDS = `id chainId saleId allOutSaleId marketplace tokenId token_id container_id seller amount state createdAt
      price { amount currency }
      buyer { ${PERSON_FIELDS} }`;

type PageArgs = { after?: string | null; perPage?: number };
const pagination = (after: string | null | undefined, perPage: number): PageArgs => ({ perPage, ...(after ? { after } : {}) });

/** An offer as the dashboard lists it (seed 000 §3 "Offer"). */
export interface DashboardOffer {
  id: string;
  chainId: number;
  saleId: string;
  allOutSaleId?: string | null;
  marketplace: string;
  /** On-chain token id. */
  tokenId: string;
  /** Token _id. */
  token_id: string;
  /** Collection _id. */
  container_id: string;
  seller: string;
  amount: string;
  /** Per unit. */
  price: Price;
  state: string;
  createdAt: string;
  buyer: PersonInfo;
}

// ---- Purchased tokens: getBoughtTokens ----

export interface BoughtTokensParams {
  owner: string;
}

export const getBoughtTokensOperation = graphqlOperation<
  { getBoughtTokens: Connection<MarketplaceToken> },
  { filters: { owner: string; container_id?: string }; pagination?: PageArgs }
>(
  'getBoughtTokens',
  `query getBoughtTokens($filters: BoughtTokenFilter!, $pagination: PaginationInput) {
  getBoughtTokens(filters: $filters, pagination: $pagination) {
    totalCount
    ${PAGE_INFO}
    edges { cursor node {
      ${TOKEN_FIELDS}
    } }
  }
}`,
);

export const fetchBoughtTokensPage: FetchPage<MarketplaceToken, BoughtTokensParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(getBoughtTokensOperation, { filters: { owner: params?.owner ?? '' }, pagination: pagination(after, perPage) }, { signal });
  return data.getBoughtTokens;
};

// ---- Received offers: getMyTokensWithOffers ----

export interface TokenWithOffers {
  /** Token _id. */
  id: string;
  token: MarketplaceToken;
  /** Offers in state made on the viewer's open sales of the token, newest first. */
  offers: DashboardOffer[];
}

export interface ReceivedOffersParams {
  seller: string;
  /** Collection _id: only the tokens of that collection (My creations' 'View All Offers'). */
  collection?: string | null;
}

export const getMyTokensWithOffersOperation = graphqlOperation<
  { getMyTokensWithOffers: Connection<TokenWithOffers> },
  { filters: { seller: string; container_id?: string }; pagination?: PageArgs }
>(
  'getMyTokensWithOffers',
  `query getMyTokensWithOffers($filters: TokensWithOffersFilter!, $pagination: PaginationInput) {
  getMyTokensWithOffers(filters: $filters, pagination: $pagination) {
    totalCount
    ${PAGE_INFO}
    edges { cursor node {
      id
      token { ${TOKEN_FIELDS} }
      offers { ${OFFER_FIELDS} }
    } }
  }
}`,
);

// Offers are trade state: no cached answer offline, it could offer an Accept that no longer applies.
export const fetchReceivedOffersPage: FetchPage<TokenWithOffers, ReceivedOffersParams> = async ({ params, after, perPage }, signal) => {
  const filters = { seller: params?.seller ?? '', ...(params?.collection ? { container_id: params.collection } : {}) };
  const data = await graphqlRequest(getMyTokensWithOffersOperation, { filters, pagination: pagination(after, perPage) }, { signal, offlineFallback: false });
  return data.getMyTokensWithOffers;
};

// ---- Sent offers: getMyBazaarOffers ----

export interface SentOffer extends DashboardOffer {
  /** The token, with tokenHolding = the seller's holding. */
  token: MarketplaceToken;
  sellerInfo: PersonInfo;
  /** False (with state made): the sale was cancelled or sold out, the offer can only be retracted. */
  saleActive: boolean;
}

export interface SentOffersParams {
  buyer: string;
}

export const getMyBazaarOffersOperation = graphqlOperation<{ getMyBazaarOffers: Connection<SentOffer> }, { address: string; pagination?: PageArgs }>(
  'getMyBazaarOffers',
  `query getMyBazaarOffers($address: String!, $pagination: PaginationInput) {
  getMyBazaarOffers(address: $address, pagination: $pagination) {
    totalCount
    ${PAGE_INFO}
    edges { cursor node {
      ${OFFER_FIELDS}
      saleActive
      sellerInfo { ${PERSON_FIELDS} }
      token { ${TOKEN_FIELDS} }
    } }
  }
}`,
);

export const fetchSentOffersPage: FetchPage<SentOffer, SentOffersParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(getMyBazaarOffersOperation, { address: params?.buyer ?? '', pagination: pagination(after, perPage) }, { signal, offlineFallback: false });
  return data.getMyBazaarOffers;
};
