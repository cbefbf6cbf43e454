import { useState } from 'react';
import type { Actor } from 'xstate';
import type { PagedListMachine } from '../../../machines/lists/pagedListMachine';
import { useFlow } from '../../app/flows';
import { pagedListInput, type PagedListFlowOptions } from '../../services/flows/lists';

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
