// The connectivity actor's effects: the browser's online/offline events (and navigator.onLine at start), the service
// worker's `offline.network` messages, the data layer's answer reports (stored copy or network) and failed reads, and
// the router's navigations. All of them become events of machines/offline/connectivityMachine.ts.
import { fromCallback, type EventObject } from 'xstate';
import { connectivityMachine, type ConnectivityActor, type ConnectivityEvent } from '../../../machines/offline/connectivityMachine';
import type { LiveEventsActor } from '../../../machines/live/liveEventsMachine';
import type { WorkerToPageMessage } from '../../offline/protocol';
import { onAnswer, onReadFailure } from './answerSource';

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

    const message = (event: Event) => {
      const data = (event as MessageEvent<WorkerToPageMessage | undefined>).data;
      if (data?.type !== 'offline.network') return;
      // An answer to a request sent before the browser went offline does not bring it back.
      if (data.reachable && !isOnline()) return;
      send({ type: data.reachable ? 'network.reachable' : 'network.unreachable', source: 'worker' });
    };
    worker?.addEventListener('message', message);

    const stopAnswers = onAnswer(({ key, storedAt }) => {
      if (storedAt !== null) send({ type: 'answer.stored', key, storedAt });
      else if (isOnline()) send({ type: 'answer.network', key });
    });
    const stopFailures = onReadFailure(() => send({ type: 'network.unreachable', source: 'read' }));

    return () => {
      target?.removeEventListener('offline', offline);
      target?.removeEventListener('online', online);
      worker?.removeEventListener('message', message);
      stopAnswers();
      stopFailures();
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
