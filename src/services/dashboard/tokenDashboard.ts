// GraphQL reads of the token dashboard (/account/dashboard/token/$id): the token by holding id, with its open
// sales (TokenHolding.bazaarSales), and the offers on the viewer's sales of it.
import type { FetchDashboardInput, TokenDashboardData } from '../../../machines/dashboard/tokenDashboardMachine';
import { graphqlRequest } from '../graphql';
import { getOffersByTokenOperation, getTokenFromHolding, type TokenDetail, type TokenOffer } from '../token';

export type TokenDashboard = TokenDashboardData<TokenDetail, TokenOffer>;

// The API's page maximum: a token's offers on one seller's sales fit in one page in practice.
const OFFERS_PER_REQUEST = 100;

/** Offers on `seller`'s sales of the token (token _id), newest first; never from the offline cache. */
export async function getViewerOffers(token: string, seller: string, signal?: AbortSignal): Promise<TokenOffer[]> {
  const data = await graphqlRequest(
    getOffersByTokenOperation,
    { token, seller: seller.toLowerCase(), pagination: { perPage: OFFERS_PER_REQUEST } },
    { signal },
  );
  return data.getOffersByToken.edges.map((edge) => edge.node);
}

/** The machine's `fetchDashboard`: null when the holding is gone (sold away), like the token page. */
export async function fetchTokenDashboard({ id, viewer }: FetchDashboardInput, signal?: AbortSignal): Promise<TokenDashboard | null> {
  const token = await getTokenFromHolding(id, signal);
  if (!token) return null;
  const offers = viewer ? await getViewerOffers(token._id, viewer, signal) : [];
  return { token, offers };
}
