import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  walletSessionMachine,
  type ConnectWalletInput,
  type DisconnectWalletInput,
  type LoadApiKeyInput,
  type LoadTermsAcceptedInput,
  type RestoredConnection,
  type SignLoginInput,
  type SwitchNetworkInput,
  type WalletConnection,
  type WalletAccount,
  type WalletLogin,
  type WalletSessionContext,
  type WalletSessionEmitted,
  type WalletSessionEvent,
  type WalletSessionInput,
  type WatchWalletInput,
} from '../../../machines/wallet/walletSessionMachine';
import { controlled } from './modelTesting';

// Hardhat test accounts #3 and #4 (collectors).
export const ADDRESS_A = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const ADDRESS_B = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
export const HARDHAT = 31337;
export const MAINNET = 1;
export const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const HOUR = 3_600_000;

const account = (address: string, isBanned = false) => ({
  id: `acc-${address.slice(2, 8)}`,
  address,
  alias: isBanned ? 'banned' : 'collector',
  isCreator: false,
  isBanned,
});

// A stored key valid for an hour; one inside the 2-minute margin (no longer counts as valid); a banned account's.
export const storedFresh: WalletLogin = { account: account(ADDRESS_A), apiKey: { key: 'stored-key', expires: T0 + HOUR } };
export const storedExpiring: WalletLogin = { account: account(ADDRESS_A), apiKey: { key: 'old-key', expires: T0 + 60_000 } };
export const storedBanned: WalletLogin = { account: account(ADDRESS_A, true), apiKey: { key: 'banned-key', expires: T0 + HOUR } };
// A new sign-in: valid for 10 hours, so it stays valid whatever the (fake) clock advanced meanwhile.
export const signedIn: WalletLogin = { account: account(ADDRESS_A), apiKey: { key: 'new-key', expires: T0 + 10 * HOUR } };
export const signedInBanned: WalletLogin = { account: account(ADDRESS_A, true), apiKey: { key: 'new-banned', expires: T0 + 10 * HOUR } };
// The account as PUT /api/v1/account/:id answers after a profile save: new alias and avatar.
export const savedProfile: WalletAccount = { ...account(ADDRESS_A), alias: 'renamed', avatar: '/ipfs/bafkreiavatar', email: 'renamed@example.com' };

// Errors as viem and wagmi shape them: matched on code / name, with wrapping causes.
export const userRejected = Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError', code: 4001 });
export const signatureRefused = Object.assign(new Error('An unknown RPC error occurred.'), { name: 'UnknownRpcError', cause: userRejected });
export const walletMissing = Object.assign(new Error('Connector not found.'), { name: 'ConnectorNotFoundError' });
export const loginRejectedByServer = new Error('Invalid signature');
export const chainUnavailable = Object.assign(new Error('The Provider is not connected to the requested chain.'), { code: 4901 });

export const baseInput: WalletSessionInput = { chainId: HARDHAT, networkName: 'Hardhat', isMobile: false };

export interface WatcherRecord {
  input: WatchWalletInput;
  sendBack: (event: WalletSessionEvent) => void;
  stopped: boolean;
}

/**
 * The wallet session with every effect controlled by the test; actions are recorded. The terms question
 * (loadTermsAccepted) is answered `termsAccepted` at once unless `controlTerms` hands it to the test too.
 */
export function startWalletSession(input: WalletSessionInput = baseInput, { controlTerms = false, termsAccepted = true } = {}) {
  const loadTermsAccepted = controlled<boolean, LoadTermsAcceptedInput>();
  const reconnectWallet = controlled<RestoredConnection | null>();
  const connectWallet = controlled<WalletConnection, ConnectWalletInput>();
  const loadApiKey = controlled<WalletLogin | null, LoadApiKeyInput>();
  const signLogin = controlled<WalletLogin, SignLoginInput>();
  const switchNetwork = controlled<void, SwitchNetworkInput>();
  const disconnectWallet = controlled<void, DisconnectWalletInput>();
  const watchers: WatcherRecord[] = [];
  const recorded = {
    storeApiKey: vi.fn(),
    clearApiKey: vi.fn(),
    resetAccount: vi.fn(),
    reloadPage: vi.fn(),
    rememberTermsAccepted: vi.fn(),
  };
  const machine = walletSessionMachine.provide({
    actors: {
      reconnectWallet: reconnectWallet.logic,
      connectWallet: connectWallet.logic,
      loadApiKey: loadApiKey.logic,
      loadTermsAccepted: controlTerms ? loadTermsAccepted.logic : fromPromise<boolean, LoadTermsAcceptedInput>(async () => termsAccepted),
      signLogin: signLogin.logic,
      switchNetwork: switchNetwork.logic,
      disconnectWallet: disconnectWallet.logic,
      watchWallet: fromCallback<WalletSessionEvent, WatchWalletInput>(({ input: watchInput, sendBack }) => {
        const record: WatcherRecord = { input: watchInput, sendBack, stopped: false };
        watchers.push(record);
        return () => {
          record.stopped = true;
        };
      }),
    },
    actions: {
      storeApiKey: (_args, params) => recorded.storeApiKey(params),
      clearApiKey: (_args, params) => recorded.clearApiKey(params),
      resetAccount: (_args, params) => recorded.resetAccount(params),
      rememberTermsAccepted: (_args, params) => recorded.rememberTermsAccepted(params),
      reloadPage: () => recorded.reloadPage(),
    },
  });
  const actor = createActor(machine, { input: { now: () => Date.now(), ...input } });
  const emitted: WalletSessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const runningWatchers = () => watchers.filter((watcher) => !watcher.stopped);
  return {
    actor,
    reconnectWallet,
    connectWallet,
    loadApiKey,
    loadTermsAccepted,
    signLogin,
    switchNetwork,
    disconnectWallet,
    watchers,
    runningWatchers,
    /** What the wallet tells the session, through the running watcher as the real wallet would. */
    fromWallet(event: WalletSessionEvent) {
      const running = runningWatchers();
      if (running.length !== 1) throw new Error(`expected one running wallet watcher, found ${running.length}`);
      running[0]!.sendBack(event);
    },
    recorded,
    emitted,
  };
}

export type WalletSessionRun = ReturnType<typeof startWalletSession>;

/** The part of the context two runs must agree on (the clock function and key strings aside). */
export const projectWalletSession = (state: AnyMachineSnapshot) => {
  const c = state.context as WalletSessionContext;
  return {
    value: state.value,
    connectorId: c.connectorId,
    address: c.address,
    chainId: c.chainId,
    targetChainId: c.targetChainId,
    networkName: c.networkName,
    isMobile: c.isMobile,
    banned: c.account?.isBanned ?? null,
    alias: c.account?.alias ?? null,
    avatar: c.account?.avatar ?? null,
    expires: c.apiKey?.expires ?? null,
    error: c.error,
    notice: c.notice,
    reloadWhenSignedIn: c.reloadWhenSignedIn,
    online: c.online,
  };
};
