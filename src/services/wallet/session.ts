import { fromCallback, fromPromise } from 'xstate';
import { walletSessionMachine } from '../../../machines/wallet/walletSessionMachine';
import type {
  ConnectWalletInput,
  DisconnectWalletInput,
  LoadApiKeyInput,
  LoadTermsAcceptedInput,
  RestoredConnection,
  SignLoginInput,
  SwitchNetworkInput,
  WalletConnection,
  WalletLogin,
  WalletSessionEvent,
  WatchWalletInput,
} from '../../../machines/wallet/walletSessionTypes';
import { signedJson, type ApiKeyCredentials } from '../authFetch';
import { afterPageLoad } from '../firstLoad';
import { forgetAccountAnswers } from '../offline/workerMessages';
import { clearStoredConnection, restorableConnection } from './connectionFlag';
import { hasAcceptedTerms, rememberAcceptedTerms } from './termsStore';
import { whenWalletAppConfig } from './walletEnv';
import { connectedWalletStack, deferReconnect, deferredReconnect, forgetDeferredReconnect, loadWalletStack, reconnectStored } from './walletReconnect';

/** DELETE /api/v1/account/session: the server refuses the key from now on. */
export const revokeApiKey = (credentials: ApiKeyCredentials) => signedJson('/account/session', { method: 'DELETE' }, credentials, 'revoked');

// First-load safe: everything heavy is behind `loadWalletStack()` (walletReconnect.ts: a dynamic import, its own chunk).
// The key store is small but only needed once a wallet is connected.
const loadKeyStore = () => import('./apiKeyStore');

/** The browser says it has no network (context.setOffline in tests, airplane mode). */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

// The address whose session started from the stored connection without asking the wallet: offline (signed-in pages offline),
// the wallet is asked once the browser is back online; online, once the first load is over (the phone-performance work: wagmi stays out
// of a returning signed-in user's first load) or as soon as the wallet is needed (walletReconnect.ts).
let restoredWithoutWallet: string | null = null;

/** The wallet watcher's wait: the page's network quiet for 1.5 s, 8 s at most, or the first key or pointer press. */
export const WALLET_QUIET_MS = 1500;
export const WALLET_QUIET_MAX_MS = 8000;

export interface WalletSessionOptions {
  reload?: () => void;
  /** Resolves when asking a restored session's wallet no longer competes with the first load (default: firstLoad.ts). */
  afterFirstLoad?: () => Promise<void>;
}

// The last storage write: a reload waits for it, or the key just stored could be lost and the user asked to sign again.
let pendingWrite: Promise<unknown> = Promise.resolve();
const reportLater = (promise: Promise<unknown>) => {
  pendingWrite = promise.catch((error: unknown) => console.warn('wallet storage:', error));
};

/** The walletSession machine with the real services of src/services/wallet. */
export function provideWalletSession(options: WalletSessionOptions = {}) {
  const reload = options.reload ?? (() => window.location.reload());
  const afterFirstLoad = options.afterFirstLoad ?? (() => afterPageLoad(WALLET_QUIET_MS, WALLET_QUIET_MAX_MS));
  return walletSessionMachine.provide({
    actors: {
      reconnectWallet: fromPromise<RestoredConnection | null>(async ({ signal }) => {
        // The cheap check first: without a stored connection nothing of the wallet stack is loaded.
        const flag = restorableConnection();
        if (!flag) return null;
        // The session comes back from the stored connection and, next, the stored unexpired API key (checking),
        // without the wallet stack: the wallet is asked later (the watcher), and whatever needs it first waits for
        // that answer. An older flag without the account asks the wallet now.
        if (flag.address && flag.chainId !== undefined) {
          restoredWithoutWallet = flag.address.toLowerCase();
          deferReconnect(flag.connectorId);
          return { address: flag.address, chainId: flag.chainId, connectorId: flag.connectorId };
        }
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await loadWalletStack();
        return stack.reconnectWallet(appConfig, flag.connectorId);
      }),
      connectWallet: fromPromise<WalletConnection, ConnectWalletInput>(async ({ input, signal }) => {
        forgetDeferredReconnect();
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await loadWalletStack();
        return stack.connectWallet(appConfig, input.connectorId);
      }),
      loadApiKey: fromPromise<WalletLogin | null, LoadApiKeyInput>(async ({ input }) => (await loadKeyStore()).loadApiKey(input.address)),
      loadTermsAccepted: fromPromise<boolean, LoadTermsAcceptedInput>(async ({ input }) => hasAcceptedTerms(input.address)),
      signLogin: fromPromise<WalletLogin, SignLoginInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await connectedWalletStack();
        return stack.signLogin(appConfig, input, signal);
      }),
      switchNetwork: fromPromise<void, SwitchNetworkInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await connectedWalletStack();
        await stack.switchNetwork(appConfig, input.chainId);
      }),
      disconnectWallet: fromPromise<void, DisconnectWalletInput>(async ({ input }) => {
        clearStoredConnection();
        // Sign-out revokes the key on the server; offline, it still expires by itself.
        if (input.credentials) await revokeApiKey(input.credentials).catch((error: unknown) => console.warn('sign-out:', error));
        // A session restored without the wallet reconnects first, so the wallet (a WalletConnect session) is told.
        const stack = await connectedWalletStack();
        await stack.disconnectWallet(input.connectorId);
      }),
      watchWallet: fromCallback<WalletSessionEvent, WatchWalletInput>(({ input, sendBack }) => {
        let stop: (() => void) | null = null;
        let stopped = false;
        let watching = false;
        // The account and chain shown now: when the wallet switches to another account, the previous one's private
        // stored answers go.
        let current = input.address.toLowerCase();
        let chainId = input.chainId;
        // Restored from the stored connection without the wallet: the wallet is asked once, after the first load
        // (online) or once back online; the first ask takes the answer a signature or transaction may have asked for.
        const restoredDeferred = restoredWithoutWallet !== null && restoredWithoutWallet === current;
        restoredWithoutWallet = null;
        // Restored without the wallet, or the wallet went away while offline: ask it (once online).
        let askWhenOnline = restoredDeferred;
        let firstAsk = restoredDeferred;
        // The session reset of docs/requirements.md#wallet-session (address lost) is for a real change: a wallet that cannot be reached offline lost nothing.
        const forward = (event: WalletSessionEvent) => {
          if (event.type === 'wallet.addressLost' && isOffline()) {
            askWhenOnline = true;
            return;
          }
          if (event.type === 'wallet.addressChanged' && event.address.toLowerCase() !== current) {
            if (current) forgetAccountAnswers(current);
            current = event.address.toLowerCase();
          }
          if (event.type === 'wallet.chainChanged') chainId = event.chainId;
          sendBack(event);
        };
        // The wallet's own changes (wagmi's watchConnection), from the account and chain the session shows now.
        const watch = () => {
          if (watching || stopped) return;
          watching = true;
          void Promise.all([whenWalletAppConfig(), loadWalletStack()]).then(([appConfig, stack]) => {
            if (stopped) return;
            stop = stack.watchWallet(appConfig, { address: current, chainId }, forward);
          });
        };
        // The session's view of the network: offline, an expired key waits for it instead of asking for a signature.
        // Back online it hears so only once the wallet is reachable again (asked first when it was not), so a
        // signature it then asks for reaches a connected wallet.
        const online = () => sendBack({ type: 'wallet.online' });
        const offline = () => sendBack({ type: 'wallet.offline' });
        const askWallet = () => {
          if (stopped || isOffline()) return;
          if (!askWhenOnline || !input.connectorId) {
            online();
            return;
          }
          askWhenOnline = false;
          const asking = (firstAsk ? deferredReconnect() : null) ?? reconnectStored(input.connectorId);
          firstAsk = false;
          void asking.then((restored) => {
            if (stopped) return;
            if (!restored) {
              sendBack({ type: 'wallet.addressLost' });
              return;
            }
            if (restored.address.toLowerCase() !== current) forward({ type: 'wallet.addressChanged', address: restored.address });
            if (restored.chainId !== chainId) forward({ type: 'wallet.chainChanged', chainId: restored.chainId });
            online();
            watch();
          });
        };
        if (isOffline()) offline();
        window.addEventListener('offline', offline);
        window.addEventListener('online', askWallet);
        if (restoredDeferred) {
          // The phone-performance work: the wallet stack loads after the page's first load (or at the user's first key or pointer press).
          void afterFirstLoad().then(askWallet);
        } else {
          askWallet();
          watch();
        }
        return () => {
          stopped = true;
          window.removeEventListener('online', askWallet);
          window.removeEventListener('offline', offline);
          stop?.();
        };
      }),
    },
    actions: {
      storeApiKey: (_args, params) => reportLater(loadKeyStore().then((store) => store.saveApiKey(params.address, params))),
      clearApiKey: (_args, params) => {
        const { address } = params;
        if (address) {
          reportLater(loadKeyStore().then((store) => store.clearApiKey(address)));
          // Signed out: the worker forgets this account's private stored answers (one data cache, owned by the service worker).
          forgetAccountAnswers(address);
        }
      },
      rememberTermsAccepted: (_args, params) => {
        if (params.address) rememberAcceptedTerms(params.address);
      },
      resetAccount: (_args, params) => {
        clearStoredConnection();
        const { address } = params;
        if (address) {
          reportLater(loadKeyStore().then((store) => store.clearApiKey(address)));
          // The account changed: the previous one's private stored answers go.
          forgetAccountAnswers(address);
        }
      },
      reloadPage: () => {
        void pendingWrite.then(reload);
      },
    },
  });
}
