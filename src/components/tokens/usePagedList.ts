import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useActorRef } from '@xstate/react';
import type { Snapshot } from 'xstate';
import { createPagedListMachine, fetchPageActor, type FetchPage } from '../../../machines/lists/pagedListMachine';
import { onListsStale } from '../../services/live/listRefresh';
import { saveListSnapshot, takeListSnapshot } from './listSnapshots';

export interface PagedListOptions<TNode, TParams> {
  fetchPage: FetchPage<TNode, TParams>;
  params: TParams;
  pageSize: number;
  /** Per list and params (listSnapshotKey): the list is kept when it unmounts and restored with its scroll offset. */
  snapshotKey?: string;
  /** The rendered list: its items' height is kept with the snapshot, so unrendered items are estimated right. */
  itemsRef?: RefObject<HTMLElement | null>;
}

type SavedList = Snapshot<unknown> & { value?: unknown; context?: { scrollTop?: number; itemHeight?: number } };

// Only a settled list is worth keeping: restoring one mid-request would repeat the request anyway.
const isSettled = (saved: SavedList) => saved.value === 'ready' || saved.value === 'exhausted';

/**
 * A pagedList actor for one list and one set of params (remount the caller, keyed by the params, to change them).
 * First mount loads page 1; a list coming back from `snapshotKey` shows its items at once and scrolls to the
 * window offset the visitor left it at.
 */
export function usePagedList<TNode, TParams>({ fetchPage, params, pageSize, snapshotKey, itemsRef }: PagedListOptions<TNode, TParams>) {
  const machine = useMemo(
    () => createPagedListMachine<TNode, TParams>().provide({ actors: { fetchPage: fetchPageActor(fetchPage) } }),
    [fetchPage],
  );
  const [restored] = useState(() => (snapshotKey ? (takeListSnapshot(snapshotKey) as SavedList | undefined) : undefined));
  // New params remount the list (its key), so they never change under this actor: keep the first ones.
  const [initialParams] = useState(params);
  const list = useActorRef(machine, restored ? { input: { pageSize, params }, snapshot: restored } : { input: { pageSize, params } });
  const lastScrollTop = useRef(0);

  useEffect(() => {
    if (!restored) list.send({ type: 'list.reset', params: initialParams });
  }, [list, restored, initialParams]);

  useEffect(
    () =>
      // Live events say chain data changed: reload the same list, then return to the visitor's offset.
      onListsStale(() => {
        const top = window.scrollY;
        list.send({ type: 'list.reset', params: initialParams });
        const subscription = list.subscribe((snapshot) => {
          if (snapshot.hasTag('loading')) return;
          subscription.unsubscribe();
          requestAnimationFrame(() => window.scrollTo(0, top));
        });
      }),
    [list, initialParams],
  );

  useLayoutEffect(() => {
    const top = restored?.context?.scrollTop ?? 0;
    // Items above the offset are not rendered yet (content-visibility): their estimate must be their real height,
    // or the restored offset lands on other items.
    const itemHeight = restored?.context?.itemHeight;
    if (itemHeight && itemsRef?.current) itemsRef.current.style.setProperty('--item-height', `${itemHeight}px`);
    if (top > 0) window.scrollTo(0, top);
    lastScrollTop.current = window.scrollY;
    const onScroll = () => {
      lastScrollTop.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (!snapshotKey) return;
      // Layout cleanup runs before the actor stops (a passive effect): the snapshot is still the live one.
      const saved = list.getPersistedSnapshot() as SavedList;
      // The list's own items are still in the document here (a component's cleanup runs before its children go).
      // Read at unmount on purpose: the grid element may render after this effect first ran (it follows the data).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const item = itemsRef?.current?.firstElementChild;
      const itemHeight = item ? Math.round(item.getBoundingClientRect().height) : 0;
      const context = { ...saved.context, scrollTop: lastScrollTop.current, ...(itemHeight > 0 ? { itemHeight } : {}) };
      if (isSettled(saved)) saveListSnapshot(snapshotKey, { ...saved, context } as SavedList);
    };
  }, [list, restored, snapshotKey, itemsRef]);

  return list;
}
