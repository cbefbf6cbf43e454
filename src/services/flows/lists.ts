// The paged list flow (explore, collection and dashboard grids), provided once: pages come from the fetcher each
// list passes in its input, settled lists are kept per key (Back shows them at once), and live events' lists.stale
// reloads page 1. Views run it with useFlow(pagedListFlow, { input: pagedListInput(...) }).
import {
  createPagedListMachine,
  fetchPageActor,
  type FetchPage,
  type PagedListInput,
  type PageRequest,
} from '../../../machines/lists/pagedListMachine';
import { watchListsStale } from '../../../machines/live/watchListsStale';
import { keepList, keptList } from '../lists/keptLists';

export const pagedListFlow = createPagedListMachine<unknown, unknown>().provide({
  actors: {
    fetchPage: fetchPageActor<unknown, unknown>((request, signal) => {
      const { source, ...page } = request as PageRequest<unknown>;
      if (!source) throw new Error('pagedListFlow: the list input has no source');
      return source(page, signal);
    }),
    watchListsStale,
  },
  actions: {
    keepList: (_, kept) => {
      if (kept) keepList(kept.key, kept.list);
    },
  },
});

export interface PagedListFlowOptions<TNode, TParams> {
  fetchPage: FetchPage<TNode, TParams>;
  params: TParams;
  pageSize: number;
  /** Per list and params (listSnapshotKey): the list is kept and comes back with all its pages. */
  snapshotKey?: string;
}

/** The flow's input: a list kept under `snapshotKey` starts with its pages, any other loads page 1 at once. */
export function pagedListInput<TNode, TParams>({ fetchPage, params, pageSize, snapshotKey }: PagedListFlowOptions<TNode, TParams>): PagedListInput<TNode, TParams> {
  const kept = snapshotKey ? keptList<TNode>(snapshotKey) : undefined;
  return { pageSize, params, source: fetchPage, keepKey: snapshotKey ?? null, load: true, ...(kept ? { kept } : {}) };
}
