import { and, assign, emit, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  ACCOUNT_BANNED_MESSAGE,
  API_KEY_REFRESH_MARGIN_MS,
  connectErrorMessage,
  signLoginErrorMessage,
  switchingNetworkNotice,
  switchNetworkInWalletNotice,
  walletErrorMessage,
} from './constants';
import type {
  AddressParams,
  ConnectWalletInput,
  DisconnectWalletInput,
  LoadApiKeyInput,
  LoadTermsAcceptedInput,
  RestoredConnection,
  SignLoginInput,
  StoreApiKeyParams,
  SwitchNetworkInput,
  WalletConnection,
  WalletLogin,
  WalletSessionContext,
  WalletSessionEmitted,
  WalletSessionEvent,
  WalletSessionInput,
  WalletSessionTag,
  WatchWalletInput,
} from './walletSessionTypes';

export type * from './walletSessionTypes';

const notProvided = (name: string) => new Error(`walletSessionMachine: "${name}" not provided`);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** A stored key counts as valid until API_KEY_REFRESH_MARGIN_MS before it expires. */
export const isApiKeyFresh = (expires: number, now: number) => expires - API_KEY_REFRESH_MARGIN_MS > now;

const disconnectedContext = {
  connectorId: null,
  address: null,
  chainId: null,
  account: null,
  apiKey: null,
  notice: null,
  reloadWhenSignedIn: false,
} as const;

export const walletSessionMachine = setup({
  types: {
    context: {} as WalletSessionContext,
    events: {} as WalletSessionEvent,
    input: {} as WalletSessionInput,
    emitted: {} as WalletSessionEmitted,
    tags: {} as WalletSessionTag,
  },
  actors: {
    // Reconnects a wallet still authorised for this site (wagmi reconnect); null when there is none.
    reconnectWallet: fromPromise<RestoredConnection | null>(async () => {
      throw notProvided('reconnectWallet');
    }),
    // Opens the chosen connector and resolves the selected address and chain; rejects when refused.
    connectWallet: fromPromise<WalletConnection, ConnectWalletInput>(async () => {
      throw notProvided('connectWallet');
    }),
    // The stored login of this address (API key and account), or null; validity is the machine's decision.
    loadApiKey: fromPromise<WalletLogin | null, LoadApiKeyInput>(async () => {
      throw notProvided('loadApiKey');
    }),
    // Whether the address accepted the terms of service before (stored per address); false when it never did.
    loadTermsAccepted: fromPromise<boolean, LoadTermsAcceptedInput>(async () => {
      throw notProvided('loadTermsAccepted');
    }),
    // Builds the SIWE message (server nonce, app domain, chain id), asks the wallet to sign, POSTs /api/v1/account.
    signLogin: fromPromise<WalletLogin, SignLoginInput>(async () => {
      throw notProvided('signLogin');
    }),
    switchNetwork: fromPromise<void, SwitchNetworkInput>(async () => {
      throw notProvided('switchNetwork');
    }),
    disconnectWallet: fromPromise<void, DisconnectWalletInput>(async () => {
      throw notProvided('disconnectWallet');
    }),
    // Sends wallet.addressChanged, wallet.addressLost and wallet.chainChanged; returns its unsubscribe.
    watchWallet: fromCallback<WalletSessionEvent, WatchWalletInput>(() => {
      throw notProvided('watchWallet');
    }),
  },
  actions: {
    storeApiKey: (_args, _params: StoreApiKeyParams) => {
      throw notProvided('storeApiKey');
    },
    clearApiKey: (_args, _params: AddressParams) => {
      throw notProvided('clearApiKey');
    },
    rememberTermsAccepted: (_args, _params: AddressParams) => {
      throw notProvided('rememberTermsAccepted');
    },
    // The wallet address is gone: services clear the stored key and cached account data.
    resetAccount: (_args, _params: AddressParams) => {
      throw notProvided('resetAccount');
    },
    reloadPage: () => {
      throw notProvided('reloadPage');
    },
    configure: assign(({ context, event }) =>
      event.type === 'wallet.configure'
        ? { targetChainId: event.chainId, networkName: event.networkName, isMobile: event.isMobile ?? context.isMobile }
        : {},
    ),
    assignConnection: assign(({ event }) => {
      const { address, chainId, connectorId } = outputOf<Partial<RestoredConnection>>(event);
      return { address: address ?? null, chainId: chainId ?? null, ...(connectorId ? { connectorId } : {}) };
    }),
    assignChain: assign({ chainId: ({ context, event }) => (event.type === 'wallet.chainChanged' ? event.chainId : context.chainId) }),
    assignLogin: assign(({ event }) => {
      const { account, apiKey } = outputOf<WalletLogin>(event);
      return { account, apiKey };
    }),
    switchAddress: assign(({ context, event }) =>
      event.type === 'wallet.addressChanged'
        ? { address: event.address, account: null, apiKey: null, error: null, reloadWhenSignedIn: true }
        : context,
    ),
    clearSession: assign({ ...disconnectedContext }),
    failWith: assign({ error: (_args, params: { text: string }) => params.text }),
    notifyError: emit((_args, params: { text: string }) => ({ type: 'wallet.notify' as const, kind: 'error' as const, text: params.text })),
    // The sticky notice stays until the network is right; it is dismissed on leaving the state that showed it.
    setNotice: assign({ notice: (_args, params: { text: string }) => params.text }),
    emitNotice: emit(({ context }) => ({ type: 'wallet.notify' as const, kind: 'sticky' as const, text: context.notice ?? '' })),
    dismissNotice: emit(({ context }) => ({ type: 'wallet.dismissSticky' as const, text: context.notice ?? '' })),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    hasRestoredConnection: ({ event }) => outputOf<RestoredConnection | null>(event) !== null,
    isWrongNetwork: ({ context }) => context.targetChainId !== null && context.chainId !== context.targetChainId,
    isMobile: ({ context }) => context.isMobile,
    isStoredLoginFresh: ({ context, event }) => {
      const stored = outputOf<WalletLogin | null>(event);
      return stored !== null && isApiKeyFresh(stored.apiKey.expires, context.now());
    },
    hasAcceptedTerms: ({ event }) => outputOf<boolean>(event) === true,
    isBanned: ({ event }) => outputOf<WalletLogin | null>(event)?.account.isBanned === true,
    reloadWhenSignedIn: ({ context }) => context.reloadWhenSignedIn,
    isOtherAddress: ({ context, event }) =>
      event.type === 'wallet.addressChanged' && event.address.toLowerCase() !== context.address?.toLowerCase(),
    isChainWrong: ({ context, event }) =>
      event.type === 'wallet.chainChanged' && context.targetChainId !== null && event.chainId !== context.targetChainId,
    isChainTarget: ({ context, event }) => event.type === 'wallet.chainChanged' && event.chainId === context.targetChainId,
    // A save that finishes after the wallet moved to another address must not overwrite that address's account.
    isOwnAccount: ({ context, event }) =>
      event.type === 'wallet.accountUpdated' && event.account.address.toLowerCase() === context.address?.toLowerCase(),
    configuresOtherChain: ({ context, event }) =>
      event.type === 'wallet.configure' && event.chainId !== null && event.chainId !== context.chainId,
    configuresCurrentChain: ({ context, event }) =>
      event.type === 'wallet.configure' && (event.chainId === null || event.chainId === context.chainId),
  },
  delays: {
    // Refresh the key when it stops counting as valid: 2 minutes before it expires.
    apiKeyRefresh: ({ context }) => Math.max(0, (context.apiKey?.expires ?? 0) - API_KEY_REFRESH_MARGIN_MS - context.now()),
  },
}).createMachine({
  id: 'walletSession',
  context: ({ input }) => ({
    ...disconnectedContext,
    error: null,
    targetChainId: input?.chainId ?? null,
    networkName: input?.networkName ?? '',
    isMobile: input?.isMobile ?? false,
    now: input?.now ?? Date.now,
  }),
  initial: 'restoring',
  on: {
    'wallet.configure': { actions: 'configure' },
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
              { target: 'terms' },
            ],
            // Storage unavailable: sign in again.
            onError: 'terms',
          },
        },
        // Seed 000 acceptTerms: an address signs in only once it has accepted the terms of service.
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
            // Seed 000 §4: if wallet login fails, the wallet is disconnected.
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
          // Seed 000 §2: after a wallet address change the new address signs in, then the page reloads (once).
          always: { guard: 'reloadWhenSignedIn', actions: ['reloadPage', assign({ reloadWhenSignedIn: false })] },
          after: { apiKeyRefresh: 'signing' },
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
        // Seed 000 §6: a banned account sees 'This account is banned'; it can still disconnect.
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
