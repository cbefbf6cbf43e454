// A wallet's session (docs/requirements.md#wallet-session): restore or connect, the right network, the terms, signing in with the
// stored or a new API key, and signing out. Implementations by name and the guards are in walletSessionSetup.ts.
import { and, assign, type ActorRefFrom } from 'xstate';
import {
  ACCOUNT_BANNED_MESSAGE,
  SIGN_IN_NEEDS_CONNECTION,
  connectErrorMessage,
  signLoginErrorMessage,
  switchingNetworkNotice,
  switchNetworkInWalletNotice,
  walletErrorMessage,
} from './constants';
import { disconnectedContext, walletSessionSetup } from './walletSessionSetup';

export type * from './walletSessionTypes';

export const walletSessionMachine = walletSessionSetup.createMachine({
  id: 'walletSession',
  context: ({ input }) => ({
    ...disconnectedContext,
    error: null,
    targetChainId: input?.chainId ?? null,
    networkName: input?.networkName ?? '',
    isMobile: input?.isMobile ?? false,
    now: input?.now ?? Date.now,
    online: input?.online ?? true,
  }),
  initial: 'restoring',
  on: {
    'wallet.configure': { actions: 'configure' },
    'wallet.online': { actions: assign({ online: true }) },
    'wallet.offline': { actions: assign({ online: false }) },
  },
  states: {
    // On start: a wallet still authorised with a valid stored key lands in registered without signing.
    restoring: {
      tags: 'busy',
      invoke: {
        id: 'reconnectWallet',
        src: 'reconnectWallet',
        onDone: [{ guard: 'hasRestoredConnection', target: 'connected', actions: 'assignConnection' }, { target: 'disconnected' }],
        // Nothing to restore is not an error the user needs to see.
        onError: 'disconnected',
      },
    },
    disconnected: {
      on: {
        'wallet.connect': { target: 'connecting', actions: assign({ connectorId: ({ event }) => event.connectorId, error: null }) },
      },
    },
    connecting: {
      tags: 'busy',
      // The user closes the wallet dialog (say, the WalletConnect QR): the pending connect is abandoned and torn down.
      on: { 'wallet.disconnect': { target: 'disconnecting', actions: assign({ error: null }) } },
      invoke: {
        id: 'connectWallet',
        src: 'connectWallet',
        input: ({ context }) => ({ connectorId: context.connectorId ?? '' }),
        onDone: { target: 'connected', actions: 'assignConnection' },
        onError: {
          target: 'disconnected',
          actions: [
            'clearSession',
            { type: 'failWith', params: ({ event }) => ({ text: connectErrorMessage(event.error) }) },
            { type: 'notifyError', params: ({ event }) => ({ text: connectErrorMessage(event.error) }) },
          ],
        },
      },
    },
    connected: {
      invoke: {
        id: 'watchWallet',
        src: 'watchWallet',
        input: ({ context }) => ({ connectorId: context.connectorId, address: context.address ?? '', chainId: context.chainId ?? 0 }),
      },
      on: {
        'wallet.disconnect': { target: 'disconnecting', actions: assign({ error: null }) },
        'wallet.addressChanged': { guard: 'isOtherAddress', target: '.network', actions: 'switchAddress' },
        'wallet.addressLost': {
          target: 'disconnected',
          actions: [
            { type: 'resetAccount', params: ({ context }) => ({ address: context.address }) },
            'reloadPage',
            'clearSession',
            assign({ error: null }),
          ],
        },
        'wallet.chainChanged': [{ guard: 'isChainWrong', target: '.network', actions: 'assignChain' }, { actions: 'assignChain' }],
        'wallet.configure': [{ guard: 'configuresOtherChain', target: '.network', actions: 'configure' }, { actions: 'configure' }],
      },
      initial: 'network',
      states: {
        network: {
          always: [
            { guard: and(['isWrongNetwork', 'isMobile']), target: 'switchingNetwork.waitingForWallet' },
            { guard: 'isWrongNetwork', target: 'switchingNetwork.switching' },
            { target: 'checking' },
          ],
        },
        switchingNetwork: {
          tags: 'busy',
          initial: 'switching',
          on: {
            // Overrides the handlers of `connected`, so another wrong chain keeps this state (and its notice) as it is.
            'wallet.chainChanged': [{ guard: 'isChainTarget', target: 'checking', actions: 'assignChain' }, { actions: 'assignChain' }],
            // Another configuration (say the device is now known to be mobile) decides afresh how to switch.
            'wallet.configure': [
              { guard: 'configuresCurrentChain', target: 'checking', actions: 'configure' },
              { target: '#walletSession.connected.network', actions: 'configure' },
            ],
          },
          states: {
            // Desktop wallets switch on request; the sticky notice shows meanwhile.
            switching: {
              entry: [{ type: 'setNotice', params: ({ context }) => ({ text: switchingNetworkNotice(context.networkName) }) }, 'emitNotice'],
              exit: ['dismissNotice', 'clearNotice'],
              invoke: {
                id: 'switchNetwork',
                src: 'switchNetwork',
                input: ({ context }) => ({ chainId: context.targetChainId ?? 0 }),
                onDone: { target: '#walletSession.connected.checking', actions: assign({ chainId: ({ context }) => context.targetChainId }) },
                onError: {
                  target: '#walletSession.disconnecting',
                  actions: [
                    { type: 'failWith', params: ({ event }) => ({ text: walletErrorMessage(event.error) }) },
                    { type: 'notifyError', params: ({ event }) => ({ text: walletErrorMessage(event.error) }) },
                  ],
                },
              },
            },
            // Mobile: the app cannot switch; the user is asked to, and wallet.chainChanged moves on.
            waitingForWallet: {
              entry: [{ type: 'setNotice', params: ({ context }) => ({ text: switchNetworkInWalletNotice(context.networkName) }) }, 'emitNotice'],
              exit: ['dismissNotice', 'clearNotice'],
            },
          },
        },
        checking: {
          tags: 'busy',
          invoke: {
            id: 'loadApiKey',
            src: 'loadApiKey',
            input: ({ context }) => ({ address: context.address ?? '' }),
            onDone: [
              { guard: and(['isStoredLoginFresh', 'isBanned']), target: 'banned', actions: 'assignLogin' },
              { guard: 'isStoredLoginFresh', target: 'registered', actions: 'assignLogin' },
              { guard: 'isStoredLoginOffline', target: 'awaitingConnection', actions: 'assignLogin' },
              { target: 'terms' },
            ],
            // Storage unavailable: sign in again.
            onError: 'terms',
          },
        },
        // See docs/requirements.md#wallet-session: an address signs in only once it has accepted the terms of service.
        terms: {
          tags: 'busy',
          invoke: {
            id: 'loadTermsAccepted',
            src: 'loadTermsAccepted',
            input: ({ context }) => ({ address: context.address ?? '' }),
            onDone: [{ guard: 'hasAcceptedTerms', target: 'signing' }, { target: 'askingTerms' }],
            onError: 'askingTerms',
          },
        },
        // Nothing is signed or stored before the answer; declining signs the wallet out again.
        askingTerms: {
          tags: 'terms',
          on: {
            'wallet.acceptTerms': {
              target: 'signing',
              actions: { type: 'rememberTermsAccepted', params: ({ context }) => ({ address: context.address }) },
            },
            'wallet.declineTerms': { target: '#walletSession.disconnecting', actions: assign({ error: null }) },
          },
        },
        signing: {
          tags: 'busy',
          invoke: {
            id: 'signLogin',
            src: 'signLogin',
            input: ({ context }) => ({ address: context.address ?? '', chainId: context.chainId ?? 0 }),
            onDone: [
              { guard: 'isBanned', target: 'banned', actions: 'assignLogin' },
              {
                target: 'registered',
                actions: [
                  'assignLogin',
                  { type: 'storeApiKey', params: ({ context, event }) => ({ address: context.address ?? '', ...event.output }) },
                ],
              },
            ],
            // See docs/requirements.md#wallet-session: if wallet login fails, the wallet is disconnected.
            onError: {
              target: '#walletSession.disconnecting',
              actions: [
                { type: 'failWith', params: ({ event }) => ({ text: signLoginErrorMessage(event.error) }) },
                { type: 'notifyError', params: ({ event }) => ({ text: signLoginErrorMessage(event.error) }) },
              ],
            },
          },
        },
        registered: {
          tags: 'registered',
          entry: assign({ error: null }),
          // See docs/requirements.md#wallet-session: after a wallet address change the new address signs in, then the page reloads (once).
          always: { guard: 'reloadWhenSignedIn', actions: ['reloadPage', assign({ reloadWhenSignedIn: false })] },
          // Offline, the wallet is not asked to sign (and a failed signature would sign the user out): it waits.
          after: { apiKeyRefresh: [{ guard: 'isOffline', target: 'awaitingConnection' }, { target: 'signing' }] },
          on: {
            // The header shows the saved profile at once; the stored login keeps it for the next reload.
            'wallet.accountUpdated': {
              guard: 'isOwnAccount',
              actions: [
                assign({ account: ({ event }) => event.account }),
                {
                  type: 'storeApiKey',
                  // registered is only entered with the login's key assigned (assignLogin), so apiKey is set here.
                  params: ({ context, event }) => ({ address: context.address ?? '', account: event.account, apiKey: context.apiKey! }),
                },
              ],
            },
          },
        },
        // Offline-first: the stored key expired while offline. The account stays shown (its private reads answer from the
        // worker's stored copy for this account), nothing is signed and nobody is signed out; the notice says signing
        // in needs a connection, and back online the wallet is asked to sign once (docs/requirements.md#wallet-session).
        awaitingConnection: {
          tags: 'registered',
          entry: [{ type: 'setNotice', params: { text: SIGN_IN_NEEDS_CONNECTION } }, 'emitNotice'],
          exit: ['dismissNotice', 'clearNotice'],
          on: { 'wallet.online': { target: 'terms', actions: assign({ online: true }) } },
        },
        // See docs/requirements.md#wallet-session: a banned account sees 'This account is banned'; it can still disconnect.
        banned: {
          tags: 'banned',
          always: { guard: 'reloadWhenSignedIn', actions: ['reloadPage', assign({ reloadWhenSignedIn: false })] },
          entry: [
            { type: 'failWith', params: { text: ACCOUNT_BANNED_MESSAGE } },
            { type: 'notifyError', params: { text: ACCOUNT_BANNED_MESSAGE } },
          ],
        },
      },
    },
    disconnecting: {
      tags: 'busy',
      entry: { type: 'clearApiKey', params: ({ context }) => ({ address: context.address }) },
      invoke: {
        id: 'disconnectWallet',
        src: 'disconnectWallet',
        input: ({ context }) => ({
          connectorId: context.connectorId,
          credentials: context.address && context.apiKey ? { address: context.address, key: context.apiKey.key } : null,
        }),
        // Even if the wallet (or the server) could not be told, the session here is over.
        onDone: { target: 'disconnected', actions: 'clearSession' },
        onError: { target: 'disconnected', actions: 'clearSession' },
      },
    },
  },
});

export type WalletSessionMachine = typeof walletSessionMachine;
export type WalletSessionActor = ActorRefFrom<WalletSessionMachine>;
