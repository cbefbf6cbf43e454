// The lists a visitor left, kept in memory per list key (list + params): a paged list stores itself here each time
// it settles (the list flow's keepList) and a list created with the same key starts from it, all its pages there
// for the first render, so Back shows the same items at once and the router restores the offset onto them.
import type { KeptList } from '../../../machines/lists/pagedListMachine';

const kept = new Map<string, KeptList<unknown>>();
// A visitor paging through many filter combinations keeps at most this many lists in memory (oldest out first).
const MAX_KEPT_LISTS = 20;

export function keepList(key: string, list: KeptList<unknown>): void {
  kept.delete(key);
  kept.set(key, list);
  while (kept.size > MAX_KEPT_LISTS) kept.delete(kept.keys().next().value as string);
}

export function keptList<TNode>(key: string): KeptList<TNode> | undefined {
  return kept.get(key) as KeptList<TNode> | undefined;
}

/** Drops a kept list so the next visit loads from the first page (a filter chosen anew). */
export function forgetKeptList(key: string): void {
  kept.delete(key);
}

export function forgetAllKeptLists(): void {
  kept.clear();
}
