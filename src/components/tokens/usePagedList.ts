import { useState } from 'react';
import type { Actor } from 'xstate';
import type { PagedListMachine } from '../../../machines/lists/pagedListMachine';
import { useFlow } from '../../app/flows';
import { pagedListFlow, pagedListInput, type PagedListFlowOptions } from '../../services/flows/lists';

export type PagedListOptions<TNode, TParams> = PagedListFlowOptions<TNode, TParams>;

/**
 * The paged list flow for one list and one set of params (remount the caller, keyed by the params, to change them).
 * A new list loads page 1; a list kept under `snapshotKey` comes back with all its pages in the first render, so the
 * router's scroll restoration lands on the same cards.
 */
export function usePagedList<TNode, TParams>(options: PagedListOptions<TNode, TParams>): Actor<PagedListMachine<TNode, TParams>> {
  // The input counts only when the actor starts: new params remount the list (its key).
  const [input] = useState(() => pagedListInput(options));
  return useFlow(pagedListFlow, { input: input as never }) as unknown as Actor<PagedListMachine<TNode, TParams>>;
}
