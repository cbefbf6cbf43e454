// The connectivity actor's effects: the browser's online/offline events (and navigator.onLine at start), the service
// worker's `offline.network` messages, the data layer's answer reports (stored copy or network) and failed reads, and
// the router's navigations. All of them become events of machines/offline/connectivityMachine.ts.
import { fromCallback, type Actor, type EventObject } from 'xstate';
import { connectivityMachine, type ConnectivityActor, type ConnectivityEvent } from '../../../machines/offline/connectivityMachine';
import type { LiveEventsActor } from '../../../machines/live/liveEventsMachine';
import type { ConfigMachine } from '../../../machines/config/configMachine';
import { STORED_ANSWER_HEADER, type WorkerToPageMessage } from '../../offline/protocol';

import { API_BASE } from '../api';
import { onAnswer, onReadFailure } from './answerSource';

/**
 * Pauses before each probe of the server after a failed read while the browser says it is online; past the list, the
 * last pause repeats until a probe gets the server's answer (a status left offline while the network is back would
 * keep the page on its failure until the user reloads).
 */
export const PROBE_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

type ConfigActor = Actor<ConfigMachine>;

export interface ConnectivityEnvironment {
  /** Where online/offline fire (default: window). */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** navigator.onLine (default: the browser's). */
  isOnline?: () => boolean;
  /** Where the worker's messages arrive (default: navigator.serviceWorker, absent without one). */
  worker?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export function createWatchConnectivity(environment: ConnectivityEnvironment = {}) {
  return fromCallback<EventObject, void>(({ sendBack }) => {
    const send = (event: ConnectivityEvent) => sendBack(event);
    const target = environment.target ?? (typeof window === 'undefined' ? undefined : window);
    const isOnline = environment.isOnline ?? browserOnline;
    const worker = environment.worker !== undefined ? environment.worker : typeof navigator === 'undefined' ? null : (navigator.serviceWorker ?? null);

    if (!isOnline()) send({ type: 'network.unreachable', source: 'browser' });
    const offline = () => send({ type: 'network.unreachable', source: 'browser' });
    const online = () => send({ type: 'network.reachable', source: 'browser' });
    target?.addEventListener('offline', offline);
    target?.addEventListener('online', online);

    // A read that failed while the browser says it is online (just back online, the worker's network can lag behind
    // the page's `online` event) would leave the status offline until some other read answered: probe the server
    // through the worker a few times, backing off; a network answer (not the worker's stored copy) means reachable.
    let probe: ReturnType<typeof setTimeout> | undefined;
    let probes = 0;
    const probeSoon = () => {
      if (probe !== undefined || !isOnline() || typeof fetch !== 'function') return;
      probe = setTimeout(() => {
        probe = undefined;
        probes += 1;
        fetch('/api/v1/config', { cache: 'no-store' })
          .then((response) => {
            if (response.ok && !response.headers.has(STORED_ANSWER_HEADER) && isOnline()) {
              probes = 0;
              send({ type: 'network.reachable', source: 'worker' });
            } else probeSoon();
          })
          .catch(() => probeSoon());
      }, PROBE_DELAYS_MS[Math.min(probes, PROBE_DELAYS_MS.length - 1)]);
    };
    const message = (event: Event) => {
      const data = (event as MessageEvent<WorkerToPageMessage | undefined>).data;
      if (data?.type !== 'offline.network') return;
      // An answer to a request sent before the browser went offline does not bring it back.
      if (data.reachable && !isOnline()) return;
      send({ type: data.reachable ? 'network.reachable' : 'network.unreachable', source: 'worker' });
      if (!data.reachable) probeSoon();
      else probes = 0;
    };
    worker?.addEventListener('message', message);

    const stopAnswers = onAnswer(({ key, storedAt }) => {
      if (storedAt !== null) send({ type: 'answer.stored', key, storedAt });
      else if (isOnline()) send({ type: 'answer.network', key });
    });
    const stopFailures = onReadFailure(() => {
      send({ type: 'network.unreachable', source: 'read' });
      probeSoon();
    });

    return () => {
      target?.removeEventListener('offline', offline);
      target?.removeEventListener('online', online);
      worker?.removeEventListener('message', message);
      stopAnswers();
      stopFailures();
      clearTimeout(probe);
    };
  });
}

/** The connectivity actor with its effects implemented. */
export function provideConnectivity(environment?: ConnectivityEnvironment) {
  return connectivityMachine.provide({ actors: { watchConnectivity: createWatchConnectivity(environment) } });
}

/** Back online, the live socket reconnects at once, so token pages, offers and lists refetch (their resync paths). */
export function bindConnectivityToLive(connectivity: ConnectivityActor, live: LiveEventsActor): () => void {
  const subscription = connectivity.on('connectivity.restored', () => live.send({ type: 'live.reconnect' }));
  return () => subscription.unsubscribe();
}

/** The config read's key in the answer reports (api.ts reports a GET by its path). */
export const CONFIG_READ_KEY = `${API_BASE}/config`;

/**
 * Back online, the config is read again: an offline start showed the worker's stored copy, marked as saved data. And
 * while the shown config is still a stored copy online (read again at the restore, the server was slow and the worker
 * answered from its copy), it is read again at each `connectivity.recheck`: no flow owns it, so nothing else would, and
 * trades would stay held by 'Needs current data' until a reload.
 */
export function bindConnectivityToConfig(connectivity: ConnectivityActor, config: Pick<ConfigActor, 'send'>): () => void {
  const restored = connectivity.on('connectivity.restored', () => config.send({ type: 'config.refresh' }));
  const recheck = connectivity.on('connectivity.recheck', () => {
    if (CONFIG_READ_KEY in connectivity.getSnapshot().context.stored) config.send({ type: 'config.refresh' });
  });
  return () => {
    restored.unsubscribe();
    recheck.unsubscribe();
  };
}

/** The account likes read's key in the answer reports (authFetch reports a GET by its path; src/services/likes.ts). */
export const ACCOUNT_LIKES_READ_KEY = `${API_BASE}/likes/account`;

/**
 * The account's likes (the like buttons' state) are no flow's read either: shown from the worker's stored copy, they
 * are read again at the restore and at each recheck while that copy is still on screen.
 */
export function bindConnectivityToLikes(connectivity: ConnectivityActor, likes: { send(event: { type: 'likes.refresh' }): void }): () => void {
  const refreshIfStored = () => {
    if (ACCOUNT_LIKES_READ_KEY in connectivity.getSnapshot().context.stored) likes.send({ type: 'likes.refresh' });
  };
  const restored = connectivity.on('connectivity.restored', refreshIfStored);
  const recheck = connectivity.on('connectivity.recheck', refreshIfStored);
  return () => {
    restored.unsubscribe();
    recheck.unsubscribe();
  };
}

interface NavigationEvent {
  pathChanged: boolean;
  fromLocation?: { searchStr: string };
  toLocation: { searchStr: string };
}

/** A router's navigations (path or query changed: another page's reads) forget the stored answers on screen. */
export function bindPageChanges(
  router: { subscribe(event: 'onBeforeLoad', listener: (event: NavigationEvent) => void): () => void },
  connectivity: Pick<ConnectivityActor, 'send'>,
): () => void {
  return router.subscribe('onBeforeLoad', (event) => {
    if (!event.fromLocation) return;
    if (event.pathChanged || event.fromLocation.searchStr !== event.toLocation.searchStr) connectivity.send({ type: 'page.changed' });
  });
}

/**
 * Back online, route loaders (the collection page's) run again when the page showed a stored answer since the last
 * run: the loader-backed part of "what is on screen refreshes" (page flows refresh in src/app/flowRefresh.ts). A page
 * that failed to load (its offline page) loads again by itself: `retryFailed` lets its failed imports run again, as
 * its Retry button does by hand.
 */
export function bindRestoreToRouter(
  connectivity: Pick<ConnectivityActor, 'on' | 'subscribe' | 'getSnapshot'>,
  router: { invalidate(): Promise<void>; state: { matches: ReadonlyArray<{ status: string }> } },
  retryFailed: () => void = () => {},
  codeFailed: { shown(): boolean; reload(): void } | null = null,
): () => void {
  // A stored answer arrived (a new key, or a new time for one) since the loaders last ran.
  let stored = connectivity.getSnapshot().context.stored;
  let storedSeen = Object.keys(stored).length > 0;
  const watching = connectivity.subscribe((snapshot) => {
    const now = snapshot.context.stored;
    if (Object.keys(now).some((key) => now[key] !== stored[key])) storedSeen = true;
    stored = now;
  });
  const restored = connectivity.on('connectivity.restored', () => {
    // A route whose code did not arrive is on screen: only a new document imports it again (reloadForFailedCode).
    if (codeFailed?.shown()) {
      codeFailed.reload();
      return;
    }
    const failed = router.state.matches.some((match) => match.status === 'error');
    if (!storedSeen && !failed) return;
    storedSeen = false;
    if (failed) retryFailed();
    void router.invalidate().catch(() => undefined);
  });
  return () => {
    watching.unsubscribe();
    restored.unsubscribe();
  };
}
