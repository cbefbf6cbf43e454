// The paged list flows (explore, collection, exhibition, artist and dashboard grids): each list is one flow, named in
// the flow module of its page (explore.ts, collection.ts, …) and built here with its page fetcher provided as the
// `fetchPage` actor, so a view names the list and gives it its params, never a network function. Settled lists are
// kept per key (Back shows them at once) and live events' lists.stale reloads page 1.
import {
  createPagedListMachine,
  fetchPageActor,
  type FetchPage,
  type PagedListInput,
  type PagedListMachine,
} from '../../../machines/lists/pagedListMachine';
import { watchListsStale } from '../../../machines/live/watchListsStale';
import { keepList, keptList } from '../lists/keptLists';

/** One list's flow: the paged list machine with `fetchPage` reading its pages from `fetchPage`. */
export function pagedListFlow<TNode, TParams>(fetchPage: FetchPage<TNode, TParams>): PagedListMachine<TNode, TParams> {
  return createPagedListMachine<TNode, TParams>().provide({
    actors: { fetchPage: fetchPageActor(fetchPage), watchListsStale },
    actions: {
      keepList: (_, kept) => {
        if (kept) keepList(kept.key, kept.list);
      },
    },
  });
}

export interface PagedListFlowOptions<TParams> {
  params: TParams;
  pageSize: number;
  /** Per list and params (listSnapshotKey): the list is kept and comes back with all its pages. */
  snapshotKey?: string;
}

/** The flow's input: a list kept under `snapshotKey` starts with its pages, any other loads page 1 at once. */
export function pagedListInput<TNode, TParams>({ params, pageSize, snapshotKey }: PagedListFlowOptions<TParams>): PagedListInput<TNode, TParams> {
  const kept = snapshotKey ? keptList<TNode>(snapshotKey) : undefined;
  return { pageSize, params, keepKey: snapshotKey ?? null, load: true, ...(kept ? { kept } : {}) };
}
