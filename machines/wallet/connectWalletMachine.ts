// See docs/requirements.md#wallet-session /connect-wallet: the page's flow. It hears who looks at the page (the
// wallet session, through watchViewer): signed out, the wallet modal opens (again each time the viewer is signed out
// anew, and on the page's Connect button); banned, it waits (the page shows why); once the account is registered the
// user goes on to `from` (replacing this page, so Back skips it) or, without one, back one step. Where to go is
// the provided goToFrom / goBack (src/services/flows/connectWallet.ts).
import { and, setup, type ActorRefFrom } from 'xstate';
import { watchViewer, type ViewerChangedEvent } from '../token/watchViewer';
import { openWalletModalThroughSystem } from './walletModalMachine';

export interface ConnectWalletInput {
  /** A path of this app (with search and hash) to go to once registered; validated by the route. */
  from?: string;
}

export interface ConnectWalletContext {
  from: string | null;
}

export type ConnectWalletEvent =
  | ViewerChangedEvent
  /** The page's Connect wallet button. */
  | { type: 'connect.open' };

const viewerOf = (event: ConnectWalletEvent) => (event.type === 'viewer.changed' ? event.viewer : null);

const connectWalletSetup = setup({
  types: {
    input: {} as ConnectWalletInput,
    context: {} as ConnectWalletContext,
    events: {} as ConnectWalletEvent,
  },
  actors: { watchViewer },
  guards: {
    registered: ({ event }) => viewerOf(event)?.registered === true,
    banned: ({ event }) => viewerOf(event)?.registered === false && viewerOf(event)?.banned === true,
    signedOut: ({ event }) => viewerOf(event)?.registered === false && viewerOf(event)?.banned === false,
    hasFrom: ({ context }) => context.from !== null,
  },
  actions: {
    openModal: ({ system }) => openWalletModalThroughSystem(system),
    // Provided: navigateTo({ href: from, replace: true }) / navigateBack().
    goToFrom: (_, _params: { from: string }) => undefined,
    goBack: () => undefined,
  },
});

// Registered, from any state watching the viewer: on to `from` (replacing this page), or back one step without one.
const leaveWhenRegistered = [
  {
    guard: and(['registered', 'hasFrom']),
    target: 'leaving' as const,
    actions: { type: 'goToFrom' as const, params: ({ context }: { context: ConnectWalletContext }) => ({ from: context.from ?? '' }) },
  },
  { guard: 'registered' as const, target: 'leaving' as const, actions: 'goBack' as const },
];

export const connectWalletMachine = connectWalletSetup.createMachine({
  id: 'connectWallet',
  context: ({ input }) => ({ from: input.from ?? null }),
  // Reports the viewer at once (and on every change of the session): the first report picks the state.
  invoke: { src: 'watchViewer' },
  on: { 'connect.open': { actions: 'openModal' } },
  initial: 'watching',
  states: {
    // Before the session's first report (none without a session).
    watching: {
      on: {
        'viewer.changed': [
          ...leaveWhenRegistered,
          { guard: 'banned', target: 'banned' },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      entry: 'openModal',
      on: {
        'viewer.changed': [
          ...leaveWhenRegistered,
          { guard: 'banned', target: 'banned' },
        ],
      },
    },
    banned: {
      on: {
        'viewer.changed': [
          ...leaveWhenRegistered,
          { guard: 'signedOut', target: 'signedOut' },
        ],
      },
    },
    // Registered: on to `from`, or back one step; the page leaves (this flow stops with it).
    leaving: {
      on: {
        'viewer.changed': [
          { guard: 'banned', target: 'banned' },
          { guard: 'signedOut', target: 'signedOut' },
        ],
      },
    },
  },
});

export type ConnectWalletActor = ActorRefFrom<typeof connectWalletMachine>;
