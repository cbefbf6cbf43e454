// The signed-in account's liked tokens (GET /api/v1/likes/account), one long-lived actor of the app's system
// (`accountLikes`): it follows the wallet session's login and loads that login's likes once, the first time a like
// toggle asks for them (`likes.wanted`), so a page without like buttons costs no request. Every like toggle reads
// it through the system (watchAccountLikes) and tells it what the server confirmed (`likes.recorded`).
import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { systemActor, type SystemLike } from '../system/systemRegistry';
import { sameLogin, type RegisteredLogin } from '../wallet/sessionSelectors';
import { watchLogin, type LoginChangedEvent } from '../wallet/watchLogin';

/** A registered login's signing credentials (the wallet session's address and API key). */
export type LikesCredentials = RegisteredLogin;

/** A like of the signed-in account (GET /api/v1/likes/account): its contract's (domain/contracts/likes.ts). */
export type { AccountLike } from '../../domain/contracts/likes';
import type { AccountLike } from '../../domain/contracts/likes';
import { notProvided } from '../system/notProvided';

export interface AccountLikesContext {
  /** The registered login the likes belong to; null when signed out (or not registered). */
  credentials: LikesCredentials | null;
  /** Token ids (`_id`) the login likes: loaded, plus likes confirmed since. */
  tokenIds: string[];
}

export type AccountLikesEvent =
  /** The wallet session's registered login (null: none), on every change and once at start (watchLogin). */
  | LoginChangedEvent
  /** A like toggle needs the account's likes. */
  | { type: 'likes.wanted' }
  /** The server confirmed a like or an unlike of the current login. */
  | { type: 'likes.recorded'; tokenId: string; liked: boolean }
  /** Read the loaded likes again (back online, they were the worker's stored copy): shown ones stay meanwhile. */
  | { type: 'likes.refresh' };

export const accountLikesMachine = setup({
  types: {
    context: {} as AccountLikesContext,
    events: {} as AccountLikesEvent,
  },
  actors: {
    watchLogin,
    // GET /api/v1/likes/account with the login's signed headers.
    fetchAccountLikes: notProvided<AccountLike[], LikesCredentials>('accountLikesMachine', 'fetchAccountLikes'),
  },
  actions: {
    takeLogin: assign(({ context, event }) => (event.type === 'login.changed' ? { credentials: event.credentials, tokenIds: [] } : context)),
    recordLike: assign({
      tokenIds: ({ context, event }) => {
        if (event.type !== 'likes.recorded' || context.tokenIds.includes(event.tokenId) === event.liked) return context.tokenIds;
        return event.liked ? [...context.tokenIds, event.tokenId] : context.tokenIds.filter((id) => id !== event.tokenId);
      },
    }),
  },
  guards: {
    otherLogin: ({ context, event }) => event.type === 'login.changed' && !sameLogin(context.credentials, event.credentials),
    signedIn: ({ context }) => context.credentials !== null,
  },
}).createMachine({
  id: 'accountLikes',
  context: { credentials: null, tokenIds: [] },
  invoke: { id: 'login', src: 'watchLogin' },
  on: {
    'login.changed': { guard: 'otherLogin', actions: 'takeLogin' },
    'likes.recorded': { guard: 'signedIn', actions: 'recordLike' },
  },
  initial: 'dormant',
  states: {
    // No like toggle has asked yet: the login is followed, nothing is loaded.
    dormant: {
      on: { 'likes.wanted': 'following' },
    },
    following: {
      initial: 'checking',
      on: {
        // Another login: its likes are loaded from scratch (a load for the old one is dropped).
        'login.changed': {
          guard: 'otherLogin',
          target: '.checking',
          reenter: true,
          actions: 'takeLogin',
        },
      },
      states: {
        checking: {
          always: [{ guard: 'signedIn', target: 'loading' }, { target: 'signedOut' }],
        },
        signedOut: {},
        loading: {
          tags: 'loading',
          invoke: {
            id: 'fetchAccountLikes',
            src: 'fetchAccountLikes',
            input: ({ context }) => context.credentials!,
            onDone: {
              target: 'ready',
              // A like confirmed while the list was loading is kept.
              actions: assign({
                tokenIds: ({ context, event }) => [...new Set([...context.tokenIds, ...event.output.map((like) => String(like.token_id))])],
              }),
            },
            // Without the list no token shows as liked; liking still works.
            onError: { target: 'failed' },
          },
        },
        // Read again on request (likes.refresh); likes confirmed meanwhile and the ones shown are kept.
        ready: { on: { 'likes.refresh': 'loading' } },
        failed: { on: { 'likes.refresh': 'loading' } },
      },
    },
  },
});

export type AccountLikesMachine = typeof accountLikesMachine;
export type AccountLikesActor = ActorRefFrom<AccountLikesMachine>;

/** The account's likes as the system's accountLikes actor holds them (signed out when none runs: model tests). */
export function accountLikesOf(system: SystemLike): AccountLikesContext {
  const actor = systemActor(system, 'accountLikes');
  return actor ? actor.getSnapshot().context : { credentials: null, tokenIds: [] };
}

/** What one like toggle hears about the account: `likes.sync`. */
export type LikesSyncEvent = {
  type: 'likes.sync';
  registered: boolean;
  liked: boolean;
  /** The login's likes are known (loaded, or failed to load): `liked` is the account's answer. Absent: true. */
  settled?: boolean;
};

/**
 * Invoke with `{ tokenId }`: asks the accountLikes actor for the account's likes and sends `likes.sync` whenever
 * whether the login is registered or likes this token changes. Silent when no accountLikes actor runs.
 */
export const watchAccountLikes = fromCallback<EventObject, { tokenId: string }>(({ system, input, sendBack }) => {
  const likes = systemActor(system, 'accountLikes');
  if (!likes) return undefined;
  likes.send({ type: 'likes.wanted' });
  let last = '';
  const report = (snapshot: { context: AccountLikesContext; hasTag(tag: string): boolean }) => {
    const { context } = snapshot;
    const sync: LikesSyncEvent = {
      type: 'likes.sync',
      registered: context.credentials !== null,
      liked: context.tokenIds.includes(input.tokenId),
      settled: !snapshot.hasTag('loading'),
    };
    const key = `${sync.registered}:${sync.liked}:${sync.settled}`;
    if (key === last) return;
    last = key;
    sendBack(sync);
  };
  report(likes.getSnapshot());
  const subscription = likes.subscribe((snapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});
