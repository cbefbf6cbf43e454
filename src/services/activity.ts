// GraphQL operation of the Activity sections (token, collection, artist pages and the dashboard): the on-chain
// history the indexer writes, newest first, keyset-paged (server/graphql/activity).
import type { FetchPage } from '../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, PersonFields, type ResultOf, type VariablesOf } from '../graphql/graphql';
import { graphqlRequest } from './graphql';

export const getActivityOperation = graphql(
  `
  query getActivity($filter: ActivityFilter!, $pagination: PaginationInput) {
    getActivity(filter: $filter, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id type chainId amount transactionHash blockNumber createdAt
        price { amount currency }
        from { ...PersonFields }
        to { ...PersonFields }
        token { _id tokenId name container_id collectionName holdingId }
      } }
    }
  }
`,
  [PageInfoFields, PersonFields],
);

/** Whose history: exactly one of a token's or a collection's _id, an artist's or an account's address. */
export type ActivityFilter = VariablesOf<typeof getActivityOperation>['filter'];

export type ActivityEntry = ResultOf<typeof getActivityOperation>['getActivity']['edges'][number]['node'];

/** The activity list's `fetchPage`: one getActivity page after a cursor. */
export const fetchActivityPage: FetchPage<ActivityEntry, ActivityFilter> = async ({ params, after, perPage }, signal) => {
  if (!params) throw new Error('fetchActivityPage: the filter is missing');
  const data = await graphqlRequest(getActivityOperation, { filter: params, pagination: { perPage, ...(after ? { after } : {}) } }, { signal });
  return data.getActivity;
};

/** What each activity type is called on screen (the seed's activity names, plus mint and transfer). */
export const ACTIVITY_LABELS: Record<string, string> = {
  mint: 'Minted',
  transfer: 'Transferred',
  listing_created: 'Listed',
  listing_cancelled: 'Listing cancelled',
  listing_sold: 'Sold',
  offer_created: 'Offer made',
  offer_cancelled: 'Offer cancelled',
  offer_sold: 'Offer accepted',
};

/** A transaction's page on the chain's configured block explorer, or null without one. */
export function explorerTransactionUrl(explorer: string | null | undefined, hash: string): string | null {
  return explorer ? `${explorer.replace(/\/+$/, '')}/tx/${hash}` : null;
}
