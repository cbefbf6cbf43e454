// The profile page (docs/requirements.md#account-profile): the registered login's own account, loaded for each login
// (GET /api/v1/account/{address} with its signed headers). It follows the wallet session itself (watchLogin).
// Tabs (docs/requirements.md#account-profile): General, and for creators the Artist profile; default General, non-creators stay on it.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { sameLogin, type RegisteredLogin } from '../wallet/sessionSelectors';
import { watchLogin, type LoginChangedEvent } from '../wallet/watchLogin';
import type { WalletAccount } from '../wallet/walletSessionTypes';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export type ProfileCredentials = RegisteredLogin;

export interface ProfilePageContext {
  credentials: ProfileCredentials | null;
  account: WalletAccount | null;
  error: string | null;
  tab: ProfileTab;
}

export type ProfileTab = 'general' | 'artist';

export type ProfilePageEvent =
  | LoginChangedEvent
  | { type: 'profile.retry' }
  | { type: 'profile.selectTab'; tab: ProfileTab };

export const profilePageMachine = setup({
  types: {
    context: {} as ProfilePageContext,
    events: {} as ProfilePageEvent,
  },
  actors: {
    watchLogin,
    fetchOwnAccount: notProvided<WalletAccount, ProfileCredentials>('profilePageMachine', 'fetchOwnAccount'),
  },
  guards: {
    otherLogin: ({ context, event }) => event.type === 'login.changed' && !sameLogin(context.credentials, event.credentials),
    signedIn: ({ context }) => context.credentials !== null,
    // The artist tab is for creators only.
    tabAllowed: ({ context, event }) =>
      event.type === 'profile.selectTab' && (event.tab === 'general' || (event.tab === 'artist' && context.account?.isCreator === true)),
  },
}).createMachine({
  id: 'profilePage',
  context: { credentials: null, account: null, error: null, tab: 'general' },
  invoke: { id: 'login', src: 'watchLogin' },
  on: {
    // Another login (or none): its own account is loaded from scratch.
    'login.changed': {
      guard: 'otherLogin',
      target: '.checking',
      reenter: true,
      actions: assign(({ event }) => ({ credentials: event.credentials, account: null, error: null, tab: 'general' as const })),
    },
  },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'signedIn', target: 'loading' }, { target: 'signedOut' }],
    },
    signedOut: {},
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchOwnAccount',
        src: 'fetchOwnAccount',
        input: ({ context }) => context.credentials!,
        onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    ready: {
      on: {
        'profile.selectTab': { guard: 'tabAllowed', actions: assign({ tab: ({ event }) => event.tab }) },
      },
    },
    failed: {
      on: { 'profile.retry': 'loading' },
    },
  },
});

export type ProfilePageMachine = typeof profilePageMachine;
export type ProfilePageActor = ActorRefFrom<ProfilePageMachine>;
