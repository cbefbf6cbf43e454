// The walletSession machine's test model: the events it is driven with, the filters that keep the graph small, and
// the paths walked (walletSessionMachine.model.test.ts runs them against the real actor).
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { walletSessionMachine, type WalletSessionContext, type WalletSessionEvent } from '../../../machines/wallet/walletSessionMachine';
import { createMachineTestModel, modelPaths } from './modelTesting';
import {
  ADDRESS_A,
  ADDRESS_B,
  HARDHAT,
  MAINNET,
  T0,
  baseInput,
  chainUnavailable,
  loginRejectedByServer,
  projectWalletSession,
  savedProfile,
  signatureRefused,
  signedIn,
  signedInBanned,
  storedBanned,
  storedExpiring,
  storedFresh,
  userRejected,
  walletMissing,
} from './walletSessionFixtures';

// `connected.network` only decides (eventless) where a connection goes: no snapshot ever rests in it.
export const TRANSIENT_STATES = ['connected.network'];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
export const ctx = (state: AnyMachineSnapshot) => state.context as WalletSessionContext;

type ModelEvent = EventObject & Record<string, unknown>;

const modelEvents: ModelEvent[] = [
  { type: 'wallet.connect', connectorId: 'injected' },
  done('reconnectWallet', { address: ADDRESS_A, chainId: HARDHAT, connectorId: 'injected' }),
  done('reconnectWallet', null),
  failed('reconnectWallet', new Error('No authorised connector')),
  done('connectWallet', { address: ADDRESS_A, chainId: HARDHAT }),
  done('connectWallet', { address: ADDRESS_A, chainId: MAINNET }),
  failed('connectWallet', userRejected),
  failed('connectWallet', walletMissing),
  done('loadApiKey', storedFresh),
  done('loadApiKey', storedExpiring),
  done('loadApiKey', null),
  done('loadApiKey', storedBanned),
  failed('loadApiKey', new Error('IndexedDB unavailable')),
  done('loadTermsAccepted', true),
  done('loadTermsAccepted', false),
  failed('loadTermsAccepted', new Error('localStorage blocked')),
  { type: 'wallet.acceptTerms' },
  { type: 'wallet.declineTerms' },
  done('signLogin', signedIn),
  done('signLogin', signedInBanned),
  failed('signLogin', signatureRefused),
  failed('signLogin', loginRejectedByServer),
  failed('switchNetwork', chainUnavailable),
  failed('disconnectWallet', new Error('Connector already gone')),
  { type: 'wallet.addressChanged', address: ADDRESS_B },
  { type: 'wallet.addressChanged', address: ADDRESS_A },
  { type: 'wallet.chainChanged', chainId: HARDHAT },
  { type: 'wallet.chainChanged', chainId: MAINNET },
  { type: 'wallet.configure', chainId: HARDHAT, networkName: 'Hardhat', isMobile: true },
  { type: 'wallet.configure', chainId: HARDHAT, networkName: 'Hardhat', isMobile: false },
  { type: 'wallet.configure', chainId: MAINNET, networkName: 'Ethereum Mainnet', isMobile: false },
  { type: 'wallet.accountUpdated', account: savedProfile },
  { type: 'wallet.offline' },
  { type: 'wallet.online' },
];

// Offline (offline-first) matters where the stored key is checked or refreshed; offline, the wallet only comes back online
// or is disconnected (address and chain changes offline are the example tests' and the services' concern).
const OFFLINE_QUIET = ['wallet.configure', 'wallet.chainChanged', 'wallet.addressChanged', 'wallet.addressLost', 'wallet.accountUpdated', 'wallet.connect'];

// Keeps the graph finite and small: configuration changes where they matter, one wallet address change per path.
const keepEvent = (state: AnyMachineSnapshot, event: EventObject) => {
  const c = ctx(state);
  if (event.type === 'wallet.offline') {
    if (!c.online || c.address !== ADDRESS_A || c.reloadWhenSignedIn || c.isMobile || c.targetChainId !== HARDHAT) return false;
    return state.matches({ connected: 'checking' }) || state.matches({ connected: 'registered' });
  }
  if (event.type === 'wallet.online') return !c.online && state.matches('connected');
  if (!c.online && OFFLINE_QUIET.includes(event.type)) return false;
  if (event.type === 'wallet.configure') {
    const configure = event as Extract<WalletSessionEvent, { type: 'wallet.configure' }>;
    if (configure.chainId === MAINNET) return state.matches({ connected: 'registered' }) && !c.isMobile;
    return (state.matches('disconnected') || state.matches({ connected: 'switchingNetwork' })) && configure.isMobile !== c.isMobile;
  }
  if (event.type === 'wallet.addressChanged') return c.address === ADDRESS_A && (event as ModelEvent).address === ADDRESS_B;
  // One profile save per path, by the address that signed in (another address's save is an example test).
  if (event.type === 'wallet.accountUpdated') return c.address === ADDRESS_A && c.account?.alias !== savedProfile.alias;
  if (c.targetChainId === MAINNET) return !['wallet.configure', 'wallet.chainChanged', 'wallet.addressChanged'].includes(event.type);
  return true;
};

const model = createMachineTestModel(walletSessionMachine, {
  project: projectWalletSession,
  input: { ...baseInput, now: () => T0 },
  events: () => modelEvents,
  filterEvents: keepEvent,
});
// Shortest paths reach every vertex; simple paths into registered over the sign-in core (one address, the right
// chain, successful effects) add the orders of restore, stored key check, signing, refresh and disconnect.
const signInCore = (state: AnyMachineSnapshot, event: EventObject) => {
  const e = event as ModelEvent;
  if (['wallet.configure', 'wallet.chainChanged', 'wallet.addressChanged', 'wallet.addressLost', 'wallet.accountUpdated', 'wallet.offline', 'wallet.online'].includes(e.type)) return false;
  if (e.type.startsWith('xstate.error.actor.')) return false;
  if (e.type === 'xstate.done.actor.connectWallet') return (e.output as { chainId: number }).chainId === HARDHAT;
  if (e.type === 'xstate.done.actor.signLogin') return e.output === signedIn;
  if (e.type === 'wallet.declineTerms') return false;
  return keepEvent(state, event);
};
// Declining the terms: the first sign-in of an address (no stored key, never accepted, or unknown) signs out again.
const declineCore = (state: AnyMachineSnapshot, event: EventObject) => {
  const e = event as ModelEvent;
  if (e.type === 'wallet.declineTerms' || e.type === 'xstate.error.actor.loadTermsAccepted') return true;
  if (e.type === 'xstate.done.actor.loadTermsAccepted') return e.output === false;
  if (e.type === 'xstate.done.actor.loadApiKey') return e.output === null;
  return ['wallet.connect', 'xstate.done.actor.reconnectWallet', 'xstate.done.actor.connectWallet'].includes(e.type) && signInCore(state, event);
};
export const paths = [
  ...modelPaths(model, { toState: (state) => state.matches({ connected: 'registered' }), filterEvents: signInCore }),
  ...model.getSimplePaths({ toState: (state) => state.matches('disconnecting'), filterEvents: declineCore }),
];
