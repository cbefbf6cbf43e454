import type { AnyMachineSnapshot } from 'xstate';
import { PageRequestError, type Page, type PagedListContext } from '../../../machines/lists/pagedListMachine';

export interface Art {
  id: string;
}
export type ListParams = { sort: string };

const edge = (id: string) => ({ cursor: `c-${id}`, node: { id } });
const info = (endCursor: string | null, hasNextPage: boolean) => ({
  startCursor: null,
  endCursor,
  hasNextPage,
  hasPreviousPage: false,
});

// Four tokens in three pages; the second page repeats the last edge of the first (cursor c-b).
export const FIRST_PAGE: Page<Art> = { totalCount: 4, pageInfo: info('c-b', true), edges: [edge('a'), edge('b')] };
export const EMPTY_PAGE: Page<Art> = { totalCount: 0, pageInfo: info(null, false), edges: [] };
export const SECOND_PAGE: Page<Art> = { totalCount: 4, pageInfo: info('c-c', true), edges: [edge('b'), edge('c')] };
export const LAST_PAGE: Page<Art> = { totalCount: 4, pageInfo: info('c-d', false), edges: [edge('d')] };

export const pagesAfter = (after: string | null): Array<Page<Art>> => {
  if (after === null) return [FIRST_PAGE, EMPTY_PAGE];
  if (after === 'c-b') return [SECOND_PAGE];
  return [LAST_PAGE];
};

export const contextOf = (state: AnyMachineSnapshot) => state.context as PagedListContext<Art, ListParams>;

/** The model's concrete events for a snapshot: answers stamped with the snapshot's request id. */
export function pagedListModelEvents(state: AnyMachineSnapshot) {
  const { requestId, pageInfo } = contextOf(state);
  return [
    ...pagesAfter(pageInfo?.endCursor ?? null).map((page) => ({
      type: 'xstate.done.actor.fetchPage',
      output: { requestId, page },
    })),
    {
      type: 'xstate.error.actor.fetchPage',
      error: new PageRequestError(requestId, new Error('Network request failed')),
    },
    { type: 'list.reset', params: { sort: 'newest' } },
    { type: 'list.reset', params: { sort: 'most_liked' } },
    { type: 'list.scrolled', top: 640 },
  ];
}
