// The liveEvents actor's socket, started by the machine on the first live.needed (a page showing live data): until
// then neither the socket.io-client code nor a connection exists. It loads socket.io-client with import() after the
// first load (kept out of the first-load bundle), sends live events back to the machine and reports the registered
// wallet address as an event (the viewed token is sent to the machine by the token pages themselves). Its listeners
// (./liveListeners.ts, loaded with the client) parse every payload with its contract before the machine sees it.
import type { Socket } from 'socket.io-client';
import { fromCallback } from 'xstate';
import { systemActor, type SystemActors, type SystemLike } from '../../../machines/system/systemRegistry';
import { registeredAddress } from '../../../machines/wallet/sessionSelectors';
import type { LiveEventsEvent, LiveSocketCommand } from '../../../machines/live/liveEventsMachine';
import { sameValidAddress } from '../../../domain/address';
import { afterPageLoad } from '../firstLoad';

export interface LiveSocketOptions {
  /** Server origin (default: this page's origin; socket.io is at /socket.io). */
  url?: string;
  /** Resolves when connecting no longer competes with the first load (default: window load + idle). */
  afterFirstLoad?: () => Promise<void>;
  /** How often to look for the wallet session while it is not running yet (it may be spawned later). */
  walletPollMs?: number;
}

/** The live socket's wait: the page's network quiet for 1.5 s, 8 s at most (src/services/firstLoad.ts). */
export const NETWORK_QUIET_MS = 1500;
export const NETWORK_QUIET_MAX_MS = 8000;

/** Resolves when connecting no longer competes with the first load (see firstLoad.ts). */
export const afterFirstLoad = (): Promise<void> => afterPageLoad(NETWORK_QUIET_MS, NETWORK_QUIET_MAX_MS);

type WalletSession = SystemActors['walletSession'];

/** Reports live.account whenever the registered address changes; tolerates a wallet session spawned later. */
function watchWallet(system: SystemLike, report: (address: string | null) => void, pollMs: number): () => void {
  let last: string | null | undefined;
  let unsubscribe: (() => void) | null = null;
  const update = (wallet: WalletSession) => {
    const address = registeredAddress(wallet.getSnapshot());
    if (address !== last) {
      last = address;
      report(address);
    }
  };
  const attach = () => {
    const wallet = systemActor(system, 'walletSession');
    if (!wallet) return false;
    update(wallet);
    const subscription = wallet.subscribe(() => update(wallet));
    unsubscribe = () => subscription.unsubscribe();
    return true;
  };
  if (attach()) return () => unsubscribe?.();
  const timer = setInterval(() => {
    if (attach()) clearInterval(timer);
  }, pollMs);
  return () => {
    clearInterval(timer);
    unsubscribe?.();
  };
}

/** The API key of the signed-in wallet session when it is `address`'s (undefined otherwise). */
function signedInKey(system: SystemLike, address: string): string | undefined {
  const context = systemActor(system, 'walletSession')?.getSnapshot().context;
  return context && sameValidAddress(context.address, address) ? context.apiKey?.key : undefined;
}

export function createLiveSocket(options: LiveSocketOptions = {}) {
  return fromCallback<LiveSocketCommand>(({ sendBack, receive, system }) => {
    const send = (event: LiveEventsEvent) => sendBack(event);
    let socket: Socket | null = null;
    let stopped = false;

    const stopWallet = watchWallet(system, (address) => send({ type: 'live.account', address }), options.walletPollMs ?? 1000);

    receive((command) => {
      // The key proves the address: the server joins a socket to an account's room only for its signed-in key.
      if (command.type === 'socket.register') socket?.emit('ready', command.address ? { address: command.address, key: signedInKey(system, command.address) } : {});
      // Back online: drop the connection (or the pending backoff) and connect at once; 'connect' then resyncs.
      if (command.type === 'socket.reconnect') socket?.disconnect().connect();
    });

    void (async () => {
      await (options.afterFirstLoad ?? afterFirstLoad)();
      if (stopped) return;
      const [{ io }, { listenLive }] = await Promise.all([import('socket.io-client'), import('./liveListeners')]);
      if (stopped) return;
      const origin = options.url ?? window.location.origin;
      socket = io(origin, { path: '/socket.io', transports: ['websocket'] });
      socket.on('connect', () => send({ type: 'socket.connected' }));
      socket.on('disconnect', (reason) => {
        send({ type: 'socket.disconnected' });
        // socket.io does not reconnect by itself after a server-side disconnect.
        if (reason === 'io server disconnect') socket?.connect();
      });
      listenLive(socket, (message) => send({ type: 'live.event', ...message }));
    })().catch((error: unknown) => {
      // The client library could not load (offline first visit): the app runs without live updates.
      console.warn('Live updates are unavailable:', error);
      if (!stopped) send({ type: 'socket.failed' });
    });

    return () => {
      stopped = true;
      stopWallet();
      socket?.close();
    };
  });
}
