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
import { forgetAccountAnswers } from '../offline/workerMessages';
import { clearStoredConnection, restorableConnection } from './connectionFlag';
import { hasAcceptedTerms, rememberAcceptedTerms } from './termsStore';
import { whenWalletAppConfig } from './walletEnv';

/** DELETE /api/v1/account/session: the server refuses the key from now on. */
export const revokeApiKey = (credentials: ApiKeyCredentials) => signedJson<{ revoked: true }>('/account/session', { method: 'DELETE' }, credentials);

// First-load safe: everything heavy is behind `loadWalletStack()` (a dynamic import, its own chunk).
export const loadWalletStack = () => import('./walletStack');
// The key store is small but only needed once a wallet is connected.
const loadKeyStore = () => import('./apiKeyStore');

/** The browser says it has no network (context.setOffline in tests, airplane mode). */
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

// The address whose session started offline from the stored connection, without asking the wallet (issue 27 item 2):
// the wallet is asked once the browser is back online.
let restoredWithoutWallet: string | null = null;

// The last storage write: a reload waits for it, or the key just stored could be lost and the user asked to sign again.
let pendingWrite: Promise<unknown> = Promise.resolve();
const reportLater = (promise: Promise<unknown>) => {
  pendingWrite = promise.catch((error: unknown) => console.warn('wallet storage:', error));
};

/** The walletSession machine with the real services of src/services/wallet. */
export function provideWalletSession(options: { reload?: () => void } = {}) {
  const reload = options.reload ?? (() => window.location.reload());
  return walletSessionMachine.provide({
    actors: {
      reconnectWallet: fromPromise<RestoredConnection | null>(async ({ signal }) => {
        // The cheap check first: without a stored connection nothing of the wallet stack is loaded.
        const flag = restorableConnection();
        if (!flag) return null;
        // Offline (issue 27 item 2): the session comes back from the stored connection and, next, the stored
        // unexpired API key (checking), without asking a wallet that may not be reachable.
        if (isOffline() && flag.address && flag.chainId !== undefined) {
          restoredWithoutWallet = flag.address.toLowerCase();
          return { address: flag.address, chainId: flag.chainId, connectorId: flag.connectorId };
        }
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await loadWalletStack();
        return stack.reconnectWallet(appConfig, flag.connectorId);
      }),
      connectWallet: fromPromise<WalletConnection, ConnectWalletInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await loadWalletStack();
        return stack.connectWallet(appConfig, input.connectorId);
      }),
      loadApiKey: fromPromise<WalletLogin | null, LoadApiKeyInput>(async ({ input }) => (await loadKeyStore()).loadApiKey(input.address)),
      loadTermsAccepted: fromPromise<boolean, LoadTermsAcceptedInput>(async ({ input }) => hasAcceptedTerms(input.address)),
      signLogin: fromPromise<WalletLogin, SignLoginInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await loadWalletStack();
        return stack.signLogin(appConfig, input, signal);
      }),
      switchNetwork: fromPromise<void, SwitchNetworkInput>(async ({ input, signal }) => {
        const appConfig = await whenWalletAppConfig(signal);
        const stack = await loadWalletStack();
        await stack.switchNetwork(appConfig, input.chainId);
      }),
      disconnectWallet: fromPromise<void, DisconnectWalletInput>(async ({ input }) => {
        clearStoredConnection();
        // Sign-out revokes the key on the server; offline, it still expires by itself.
        if (input.credentials) await revokeApiKey(input.credentials).catch((error: unknown) => console.warn('sign-out:', error));
        const stack = await loadWalletStack();
        await stack.disconnectWallet(input.connectorId);
      }),
      watchWallet: fromCallback<WalletSessionEvent, WatchWalletInput>(({ input, sendBack }) => {
        let stop: (() => void) | null = null;
        let stopped = false;
        // The account shown now: when the wallet switches to another, the previous one's private stored answers go.
        let current = input.address.toLowerCase();
        // Restored offline without the wallet, or the wallet went away while offline: ask it once back online.
        let askWhenOnline = restoredWithoutWallet !== null && restoredWithoutWallet === input.address.toLowerCase();
        restoredWithoutWallet = null;
        // Seed 000 §2's reset (address lost) is for a real change: a wallet that cannot be reached offline lost nothing.
        const forward = (event: WalletSessionEvent) => {
          if (event.type === 'wallet.addressLost' && isOffline()) {
            askWhenOnline = true;
            return;
          }
          if (event.type === 'wallet.addressChanged' && event.address.toLowerCase() !== current) {
            if (current) forgetAccountAnswers(current);
            current = event.address.toLowerCase();
          }
          sendBack(event);
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
          const connectorId = input.connectorId;
          void Promise.all([whenWalletAppConfig(), loadWalletStack()])
            .then(([appConfig, stack]) => stack.reconnectWallet(appConfig, connectorId))
            .catch(() => null)
            .then((restored) => {
              if (stopped) return;
              if (!restored) sendBack({ type: 'wallet.addressLost' });
              else if (restored.address.toLowerCase() !== input.address.toLowerCase()) forward({ type: 'wallet.addressChanged', address: restored.address });
              else {
                if (restored.chainId !== input.chainId) sendBack({ type: 'wallet.chainChanged', chainId: restored.chainId });
                online();
              }
            });
        };
        if (isOffline()) offline();
        window.addEventListener('offline', offline);
        window.addEventListener('online', askWallet);
        askWallet();
        void Promise.all([whenWalletAppConfig(), loadWalletStack()]).then(([appConfig, stack]) => {
          if (stopped) return;
          stop = stack.watchWallet(appConfig, input, forward);
        });
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
          // Signed out: the worker forgets this account's private stored answers (issue 27 item 1).
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
