// The dashboard tabs' lists (purchased tokens, received and sent offers), each a paged list flow.
import { fetchBoughtTokensPage, fetchReceivedOffersPage, fetchSentOffersPage } from '../dashboard/tabs';
import { pagedListFlow } from './lists';

export const boughtTokensList = pagedListFlow(fetchBoughtTokensPage);
export const receivedOffersList = pagedListFlow(fetchReceivedOffersPage);
export const sentOffersList = pagedListFlow(fetchSentOffersPage);
