// The dashboard's collection tokens list: the collection's tokens in token order, each with the owner's holding.
import { fetchDashboardCollectionTokensPage } from '../dashboard/creations';
import { pagedListFlow } from './lists';

export const dashboardCollectionTokensList = pagedListFlow(fetchDashboardCollectionTokensPage);
