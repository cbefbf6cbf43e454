import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { INFINITE_SCROLL_THRESHOLD } from '../../../machines/lists/constants';
import type { Actor } from 'xstate';
import type { PagedListMachine } from '../../../machines/lists/pagedListMachine';
import { useFlow } from '../../app/flows';
import { pagedListInput, type PagedListFlowOptions } from '../../services/flows/lists';
import { useVisible } from './useVisible';

export interface PagedListOptions<TNode, TParams> extends PagedListFlowOptions<TParams> {
  /** The list's flow, named in its page's flow module (src/services/flows/), which provides its page fetcher. */
  list: PagedListMachine<TNode, TParams>;
}

/**
 * The paged list flow for one list and one set of params (remount the caller, keyed by the params, to change them).
 * A new list loads page 1; a list kept under `snapshotKey` comes back with all its pages in the first render, so the
 * router's scroll restoration lands on the same cards.
 */
export function usePagedList<TNode, TParams>({ list, ...options }: PagedListOptions<TNode, TParams>): Actor<PagedListMachine<TNode, TParams>> {
  // The input counts only when the actor starts: new params remount the list (its key).
  const [input] = useState(() => pagedListInput<TNode, TParams>(options));
  return useFlow(list, { input: input as never });
}

/**
 * What a paged list's view reads of its flow: the items, whether a page is loading, the error of a failed one, whether
 * the list is known empty, whether more can load; and the sentinel whose coming into view (10%) loads the next page.
 */
export function usePagedListState<TNode, TParams>(list: Actor<PagedListMachine<TNode, TParams>>, endsPage = false) {
  const items = useSelector(list, (snapshot) => snapshot.context.items);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('idle'));
  const error = useSelector(list, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const empty = useSelector(list, (snapshot) => snapshot.matches('exhausted') && snapshot.context.totalCount === 0);
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'list.loadMore' }));
  // A list that ends the page: its sentinel scrolled past (a jump to the page's end) loads the next page too.
  const sentinelRef = useVisible<HTMLDivElement>(() => list.send({ type: 'list.loadMore' }), INFINITE_SCROLL_THRESHOLD, endsPage);
  return { items, loading, error, empty, canLoadMore, sentinelRef };
}
