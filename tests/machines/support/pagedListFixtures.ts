import type { AnyMachineSnapshot } from 'xstate';
import { PageRequestError, type KeptList, type Page, type PagedListContext } from '../../../machines/lists/pagedListMachine';

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

// Lists kept by an earlier visit: the first page (more to load) and the whole list.
export const KEPT_FIRST_PAGE: KeptList<Art> = {
  items: [{ id: 'a' }, { id: 'b' }],
  cursors: ['c-a', 'c-b'],
  totalCount: 4,
  pageInfo: FIRST_PAGE.pageInfo,
  itemHeight: 409,
  columns: 3,
};
export const KEPT_ALL: KeptList<Art> = {
  items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
  cursors: ['c-a', 'c-b', 'c-c', 'c-d'],
  totalCount: 4,
  pageInfo: LAST_PAGE.pageInfo,
  itemHeight: 409,
  columns: 3,
};

export const contextOf = (state: AnyMachineSnapshot) => state.context as PagedListContext<Art, ListParams>;

/** The model's concrete events for a snapshot: answers stamped with the snapshot's request id. */
export function pagedListModelEvents(state: AnyMachineSnapshot) {
  const { requestId, pageInfo } = contextOf(state);
  // A refresh asks for page 1 again.
  const after = state.matches('refreshing') ? null : (pageInfo?.endCursor ?? null);
  return [
    ...pagesAfter(after).map((page) => ({
      type: 'xstate.done.actor.fetchPage',
      output: { requestId, page },
    })),
    {
      type: 'xstate.error.actor.fetchPage',
      error: new PageRequestError(requestId, new Error('Network request failed')),
    },
    { type: 'list.reset', params: { sort: 'newest' } },
    { type: 'list.reset', params: { sort: 'most_liked' } },
    { type: 'list.measured', itemHeight: 409, columns: 3 },
  ];
}
