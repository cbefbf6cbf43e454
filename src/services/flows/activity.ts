// The Activity sections' list (token, collection, artist pages and the dashboard): a paged list of getActivity
// pages, page 1 read again when live events say lists are stale (a sale, listing, offer or transfer).
import { fetchActivityPage } from '../activity';
import { pagedListFlow } from './lists';

export const activityList = pagedListFlow(fetchActivityPage);
