// The walletSession machine's implementations by name (services provide the effects; the defaults throw) and the
// guards, actions and delay its states share. Its states are in walletSessionMachine.ts.
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { API_KEY_REFRESH_MARGIN_MS } from './constants';
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

const notProvided = (name: string) => new Error(`walletSessionMachine: "${name}" not provided`);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** A stored key counts as valid until API_KEY_REFRESH_MARGIN_MS before it expires. */
export const isApiKeyFresh = (expires: number, now: number) => expires - API_KEY_REFRESH_MARGIN_MS > now;

export const disconnectedContext = {
  connectorId: null,
  address: null,
  chainId: null,
  account: null,
  apiKey: null,
  notice: null,
  reloadWhenSignedIn: false,
} as const;

export const walletSessionSetup = setup({
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
    // Offline, a stored login whose key expired keeps the account shown; signing waits for the network (offline-first).
    isStoredLoginOffline: ({ context, event }) => !context.online && outputOf<WalletLogin | null>(event)?.account.isBanned === false,
    isOffline: ({ context }) => !context.online,
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
});
