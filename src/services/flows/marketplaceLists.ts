// The marketplace's lists (explore's artworks and collections, the favourites of explore and the dashboard), each
// a paged list flow reading its pages from the marketplace's GraphQL queries.
import { fetchLikedTokensPage, fetchMarketplaceCollectionsPage, fetchMarketplaceTokensPage } from '../marketplace';
import { pagedListFlow } from './lists';

export const marketplaceTokensList = pagedListFlow(fetchMarketplaceTokensPage);
export const marketplaceCollectionsList = pagedListFlow(fetchMarketplaceCollectionsPage);
export const likedTokensList = pagedListFlow(fetchLikedTokensPage);
