// Back online, what is on screen refreshes (offline-first: one data cache, and the app says when it is back online), for every page by construction: useFlow runs
// this beside each flow it starts. A flow that was loading (a descendant tagged 'loading', the machines' convention
// for a state that reads) when a read was answered from the service worker's stored copy, or got no answer at all,
// is stale. When the connectivity actor announces `connectivity.restored`, a stale flow is started afresh from its
// input beside the one on screen, and replaces it as soon as its own reads are answered: the page shows the server's
// data (and the stored-copy mark and age go) without falling back to its loading state. A flow doing work (tagged
// 'busy') is left alone, and so is one restored from a persisted snapshot (typed work: it has its own paths).
import type { AnyActorRef } from 'xstate';
import { systemActor } from '../../machines/system/systemRegistry';
import { onAnswer, onReadFailure } from '../services/offline/answerSource';

export interface SnapshotWithChildren {
  status?: string;
  children?: Record<string, { getSnapshot(): unknown } | undefined>;
  hasTag?: (tag: string) => boolean;
}

/** Whether the actor or any descendant machine is tagged `tag`. */
export function hasTaggedWork(actor: { getSnapshot(): unknown }, tag: string): boolean {
  const snapshot = actor.getSnapshot() as SnapshotWithChildren | undefined;
  if (!snapshot || snapshot.status !== 'active') return false;
  if (snapshot.hasTag?.(tag)) return true;
  return Object.values(snapshot.children ?? {}).some((child) => child !== undefined && hasTaggedWork(child, tag));
}

/**
 * How long after `connectivity.restored` a read with no answer still counts as the reconnect's (marks the flow); past
 * it, a failed read still counts as long as no read has been answered by the network since the restore (on a slow
 * device the page that failed offline can take longer than this to load again and send its first read). 30 s: in CI
 * a route that failed offline loaded again and sent its read more than 10 s after the restore, after the config had
 * been read again, and its failure was taken for a broken endpoint (the page stayed on its error).
 */
export const RESTORE_GRACE_MS = 30_000;
// When connectivity was last restored, and whether the network has answered a read since: watched once per
// connectivity actor, so a flow started after the restore (the page that failed offline and loads again at the
// restore) knows it too.
let lastRestore = Number.NEGATIVE_INFINITY;
let answeredSinceRestore = true;
const watchedConnectivity = new WeakSet<AnyActorRef>();

/** Back online, a fresh flow whose reads still came from the stored copy is tried again after these pauses. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

// Flows that read from the stored copy (or failed to read) while loading; kept across the swap, so a fresh flow whose
// own reads still came from the stored copy is refreshed by the next restore.
const staleFlows = new WeakSet<object>();
// How many times a flow's line (the flow first shown and the fresh ones swapped in for it) was refreshed: a read that
// keeps failing while others answer (the network is back) would otherwise refresh it on every `connectivity.restored`.
const refreshesOf = new WeakMap<object, number>();

export interface FlowRefresh<TActor extends AnyActorRef> {
  /** The app's root actor: its system holds the connectivity actor (absent in some unit tests: then nothing refreshes). */
  appActor: AnyActorRef;
  /** The flow on screen. */
  shown: TActor;
  /** A new, unstarted actor of the same flow and input; null when the flow cannot be started afresh. */
  restart: (() => TActor) | null;
  /** Puts the fresh actor on screen (the caller stops the one shown). */
  swap: (fresh: TActor) => void;
  /** Stops a fresh actor that never made it to the screen (the component went away first). */
  discard: (fresh: TActor) => void;
}

/**
 * Keeps when `connectivity` was last restored, from the app's start (createAppActor calls it): a page whose code could
 * not load offline has no flow yet, and its flow, started at the restore, must know of it. Watched from the first
 * flow instead, an app started offline missed the restore, took its route's failed first read for a broken endpoint
 * and stayed on 'Could not load the articles' (CI, offlineCode.spec). Once per connectivity actor.
 */
export function watchRestores(connectivity: AnyActorRef): void {
  if (watchedConnectivity.has(connectivity)) return;
  watchedConnectivity.add(connectivity);
  connectivity.on('connectivity.restored', () => {
    lastRestore = Date.now();
    answeredSinceRestore = false;
  });
  onAnswer(({ storedAt }) => {
    if (storedAt === null) answeredSinceRestore = true;
  });
}

/** Watches `shown` for stale reads and refreshes it on `connectivity.restored`; returns the cleanup. */
export function refreshWhenRestored<TActor extends AnyActorRef>({ appActor, shown, restart, swap, discard }: FlowRefresh<TActor>): () => void {
  const connectivity = systemActor(appActor.system, 'connectivity');
  if (!connectivity || !restart) return () => {};
  watchRestores(connectivity);
  let fresh: TActor | null = null;
  let swapped = false;
  let waiting: { unsubscribe(): void } | null = null;
  const mark = () => {
    for (const actor of [shown, fresh]) if (actor && hasTaggedWork(actor, 'loading')) staleFlows.add(actor);
  };
  const stopAnswers = onAnswer(({ storedAt }) => {
    if (storedAt !== null) {
      mark();
      retryWhileOnline();
    }
  });
  // A read with no answer marks the flow only while the browser says it is offline, or just after a restore, before
  // the network answered any read (the first requests after a reconnect often fail; the failure takes connectivity
  // offline again and its probe's restore refreshes the flow): a read that fails while others answer (one broken
  // endpoint) must not make every `connectivity.restored` start the flow again.
  const stopFailures = onReadFailure(() => {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const reconnecting = Date.now() - lastRestore < RESTORE_GRACE_MS || (lastRestore > Number.NEGATIVE_INFINITY && !answeredSinceRestore);
    if (offline || reconnecting) {
      mark();
      retryWhileOnline();
    }
  });
  let retry: ReturnType<typeof setTimeout> | undefined;
  const online = () => !connectivity.getSnapshot().hasTag('offline');
  // Marked while connectivity already says online (the restore was announced before this read went out, or another
  // read's answer announced it): no further `connectivity.restored` may come, so the flow is tried again after a
  // pause instead of staying on its failure or its stored copy. In CI a route that failed offline loaded again at the
  // restore and its first read got no answer; the page stayed on 'Could not load the articles'. Bounded like every
  // refresh of the line (RETRY_DELAYS_MS).
  function retryWhileOnline() {
    if (!online() || fresh || retry !== undefined || !staleFlows.has(shown) || hasTaggedWork(shown, 'busy')) return;
    const done = refreshesOf.get(shown) ?? 0;
    if (done >= RETRY_DELAYS_MS.length) return;
    retry = setTimeout(() => {
      retry = undefined;
      // Offline again meanwhile: the next restore refreshes it.
      if (online() && !fresh) refresh(0);
    }, RETRY_DELAYS_MS[done]);
  }
  const refresh = (attempt: number) => {
    retry = undefined;
    const next = restart();
    fresh = next;
    next.start();
    const settle = () => {
      if (swapped || hasTaggedWork(next, 'loading')) return;
      waiting?.unsubscribe();
      // The browser says the network is back but the fresh reads still came from the stored copy (the first
      // requests after a reconnect often fail): the page stays as it is and tries again a little later.
      if (staleFlows.has(next) && attempt < RETRY_DELAYS_MS.length && online()) {
        fresh = null;
        discard(next);
        retry = setTimeout(() => refresh(attempt + 1), RETRY_DELAYS_MS[attempt]);
        return;
      }
      swapped = true;
      refreshesOf.set(next, (refreshesOf.get(shown) ?? 0) + attempt + 1);
      swap(next);
    };
    // A fresh flow that fails outright never reaches the screen: the one shown stays, stale, for the next restore.
    // It counts as one of the line's refreshes: a read that keeps failing is not tried at every restore forever.
    const fail = () => {
      waiting?.unsubscribe();
      fresh = null;
      refreshesOf.set(shown, (refreshesOf.get(shown) ?? 0) + 1);
      discard(next);
    };
    waiting = next.subscribe({ next: settle, error: fail, complete: settle });
    settle();
  };
  const refreshNow = () => {
    if (fresh || !staleFlows.has(shown) || hasTaggedWork(shown, 'busy')) return;
    // A pause before trying again is cut short: the network is back now.
    clearTimeout(retry);
    retry = undefined;
    if ((refreshesOf.get(shown) ?? 0) >= RETRY_DELAYS_MS.length) return;
    refresh(0);
  };
  const restored = connectivity.on('connectivity.restored', refreshNow);
  // Online, a stored answer is still on screen a while later: a stale flow (its own retries used up or not yet due)
  // reads again, within the line's bound.
  const recheck = connectivity.on('connectivity.recheck', refreshNow);
  return () => {
    stopAnswers();
    stopFailures();
    restored.unsubscribe();
    recheck.unsubscribe();
    waiting?.unsubscribe();
    clearTimeout(retry);
    if (fresh && !swapped) discard(fresh);
  };
}
