// The like toggle of one token (docs/requirements.md#likes): the count changes at once (optimistic) and is rolled back when the call
// fails. It is the behaviour a like button loads lazily (likeButtonMachine spawns it): it reads the account's likes
// from the system's accountLikes actor, shares its count with every view of the token through the liveEvents actor's
// token patches, and shows its notices and the wallet modal through the system.
import { assign, fromCallback, fromPromise, not, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { dismissNoticeThroughSystem, notifyThroughSystem } from '../system/systemActors';
import { systemActor } from '../system/systemRegistry';
import { openWalletModalThroughSystem } from '../wallet/walletModalMachine';
import { watchAccountLikes } from './accountLikesMachine';
import { CONNECT_WALLET_TO_LIKE_MESSAGE, LIKE_FAILED_MESSAGE } from './constants';

export interface LikeToggleInput {
  /** The token's database id (`_id`). */
  tokenId: string;
  likesCount: number;
  /** Whether the signed-in account likes it (GET /api/v1/likes/account). */
  liked: boolean;
  /** A registered account (signed in with an API key) is required to like. */
  registered: boolean;
}

export interface LikeToggleContext {
  tokenId: string;
  likesCount: number;
  registered: boolean;
}

/** What the like and unlike calls resolve: the server's count after the change. */
export interface LikeResult {
  likesCount: number;
}

export interface LikeRequest {
  tokenId: string;
}

export type LikeToggleEvent =
  /** A click; `likesCount` is the count the button showed (the token's shared count), the base of the change. */
  | { type: 'like.toggle'; likesCount?: number }
  /** The session or the account's likes changed (sign-in, sign-out, likes loaded); `settled`: the likes are known. */
  | { type: 'likes.sync'; registered: boolean; liked: boolean; settled?: boolean }
  /** The wallet modal a signed-out like opened was closed without signing in. */
  | { type: 'likes.signInAbandoned' }
  /** A live TokenLiked / TokenUnliked / TokenUpdated count for this token. */
  | { type: 'likes.countChanged'; likesCount: number };

export type LikeToggleTag = 'busy' | 'pressed' | 'awaitingSignIn';

interface LiveSnapshotLike {
  context?: { patches?: Record<string, { likesCount?: number } | undefined> };
}

/**
 * Invoke with `{ tokenId }` while a call runs: sends `likes.countChanged` whenever the token's shared count (the
 * liveEvents actor's patch) changes, so a rollback undoes only this toggle's step. Silent without a liveEvents actor.
 */
export const watchLiveCount = fromCallback<EventObject, { tokenId: string }>(({ system, input, sendBack }) => {
  const live = systemActor(system, 'liveEvents');
  if (!live) return undefined;
  const countOf = (snapshot: LiveSnapshotLike) => snapshot.context?.patches?.[input.tokenId]?.likesCount;
  let last = countOf(live.getSnapshot());
  const subscription = live.subscribe((snapshot) => {
    const count = countOf(snapshot);
    if (count === undefined || count === last) return;
    last = count;
    sendBack({
      type: 'likes.countChanged',
      likesCount: count,
    } satisfies LikeToggleEvent);
  });
  return () => subscription.unsubscribe();
});

/**
 * Invoke while a signed-out like waits for the sign-in it asked for: sends `likes.signInAbandoned` once the wallet
 * modal (seen open) is closed while the wallet session is neither registered nor busy (signing in still runs after
 * the modal closed). Silent without a walletModal actor (model tests send the event themselves).
 */
export const watchSignIn = fromCallback<EventObject>(({ system, sendBack }) => {
  const modal = systemActor(system, 'walletModal');
  if (!modal) return undefined;
  const session = systemActor(system, 'walletSession');
  let seenOpen = false;
  let done = false;
  const check = () => {
    if (done) return;
    // (A test's stand-in actors may keep no state: their snapshots have no tags.)
    const open = modal.getSnapshot().hasTag?.('open') === true;
    seenOpen ||= open;
    const state = session?.getSnapshot();
    if (!seenOpen || open || state?.hasTag?.('registered') || state?.hasTag?.('busy')) return;
    done = true;
    sendBack({ type: 'likes.signInAbandoned' } satisfies LikeToggleEvent);
  };
  check();
  const subscriptions = [modal.subscribe(check), ...(session ? [session.subscribe(check)] : [])];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
});

const notProvided = (name: string) => new Error(`likeToggleMachine: "${name}" not provided`);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const publish = {
  type: 'publishCount',
  params: ({ context }: { context: LikeToggleContext }) => ({
    tokenId: context.tokenId,
    likesCount: context.likesCount,
  }),
} as const;
const record = (liked: boolean) =>
  ({
    type: 'recordLike',
    params: ({ context }: { context: LikeToggleContext }) => ({
      tokenId: context.tokenId,
      liked,
    }),
  }) as const;

/**
 * liking/unliking remember the change by the state itself, so a rollback undoes exactly one step even when a live
 * count arrived meanwhile.
 */
export const likeToggleMachine = setup({
  types: {
    context: {} as LikeToggleContext,
    events: {} as LikeToggleEvent,
    input: {} as LikeToggleInput,
    tags: {} as LikeToggleTag,
  },
  actors: {
    watchAccountLikes,
    watchLiveCount,
    watchSignIn,
    // POST /api/v1/likes/ (multipart token_id).
    likeToken: fromPromise<LikeResult, LikeRequest>(async () => {
      throw notProvided('likeToken');
    }),
    // DELETE /api/v1/likes/token/<token_id>.
    unlikeToken: fromPromise<LikeResult, LikeRequest>(async () => {
      throw notProvided('unlikeToken');
    }),
  },
  actions: {
    // Every card and token page showing the token shows this count (the liveEvents actor's token patches).
    publishCount: ({ system }, params: { tokenId: string; likesCount: number }) => {
      systemActor(system, 'liveEvents')?.send({
        type: 'live.patch',
        id: params.tokenId,
        patch: { likesCount: params.likesCount },
      });
    },
    // The account's likes (the accountLikes actor) follow what the server confirmed: every button of the token agrees.
    recordLike: ({ system }, params: { tokenId: string; liked: boolean }) => {
      systemActor(system, 'accountLikes')?.send({
        type: 'likes.recorded',
        tokenId: params.tokenId,
        liked: params.liked,
      });
    },
    takeShownCount: assign({
      likesCount: ({ context, event }) =>
        event.type === 'like.toggle' && event.likesCount !== undefined ? event.likesCount : context.likesCount,
    }),
    addLike: assign({ likesCount: ({ context }) => context.likesCount + 1 }),
    removeLike: assign({
      likesCount: ({ context }) => Math.max(0, context.likesCount - 1),
    }),
    takeServerCount: assign({
      likesCount: ({ event }) => outputOf<LikeResult>(event).likesCount,
    }),
    takeLiveCount: assign({
      likesCount: ({ context, event }) => (event.type === 'likes.countChanged' ? event.likesCount : context.likesCount),
    }),
    takeRegistered: assign({
      registered: ({ context, event }) => (event.type === 'likes.sync' ? event.registered : context.registered),
    }),
    // See docs/requirements.md#likes: without a registered account the connect-wallet error shows and the wallet modal opens.
    promptConnectWallet: ({ system }) => {
      notifyThroughSystem(system, 'error', CONNECT_WALLET_TO_LIKE_MESSAGE);
      openWalletModalThroughSystem(system);
    },
    // Signed in after a signed-out like: its connect-wallet error no longer applies (the phone-performance work).
    dismissConnectPrompt: ({ system }) => dismissNoticeThroughSystem(system, CONNECT_WALLET_TO_LIKE_MESSAGE),
    notifyFailure: ({ system }) => notifyThroughSystem(system, 'error', LIKE_FAILED_MESSAGE),
  },
  guards: {
    // The machine starts in the state its input names (the init event carries the input).
    startsLiked: ({ event }) => Boolean((event as { input?: LikeToggleInput }).input?.liked),
    isRegistered: ({ context }) => context.registered,
    syncSaysLiked: ({ event }) => event.type === 'likes.sync' && event.liked,
    // Signed in and the account's likes known: the waiting like is applied, or was there already.
    signedInSettled: ({ event }) => event.type === 'likes.sync' && event.registered && event.settled !== false,
    signedInSettledLiked: ({ event }) => event.type === 'likes.sync' && event.registered && event.settled !== false && event.liked,
  },
}).createMachine({
  id: 'likeToggle',
  context: ({ input }) => ({
    tokenId: input.tokenId,
    likesCount: input.likesCount,
    registered: input.registered,
  }),
  initial: 'resolving',
  // The account's likes: asked for once, heard on every change.
  invoke: {
    id: 'accountLikes',
    src: 'watchAccountLikes',
    input: ({ context }) => ({ tokenId: context.tokenId }),
  },
  on: {
    'likes.countChanged': { actions: 'takeLiveCount' },
  },
  states: {
    resolving: {
      always: [{ guard: 'startsLiked', target: 'idle.liked' }, { target: 'idle.unliked' }],
    },
    idle: {
      initial: 'unliked',
      on: {
        'likes.sync': [
          {
            guard: 'syncSaysLiked',
            target: '.liked',
            actions: 'takeRegistered',
          },
          { target: '.unliked', actions: 'takeRegistered' },
        ],
      },
      states: {
        unliked: {
          on: {
            'like.toggle': [
              {
                guard: 'isRegistered',
                target: '#likeToggle.liking',
                actions: ['takeShownCount', 'addLike', publish],
              },
              // See docs/requirements.md#likes: the connect-wallet error and the wallet modal; the like waits for the sign-in (the phone-performance work).
              { target: '#likeToggle.awaitingSignIn', actions: ['takeShownCount', 'promptConnectWallet'] },
            ],
          },
        },
        liked: {
          tags: 'pressed',
          on: {
            'like.toggle': [
              {
                guard: 'isRegistered',
                target: '#likeToggle.unliking',
                actions: ['takeShownCount', 'removeLike', publish],
              },
              { actions: 'promptConnectWallet' },
            ],
          },
        },
      },
    },
    // A signed-out like: once the wallet signs in (through the modal it opened) it is applied, and its error goes.
    awaitingSignIn: {
      tags: 'awaitingSignIn',
      invoke: { id: 'signIn', src: 'watchSignIn' },
      on: {
        'likes.sync': [
          { guard: 'signedInSettledLiked', target: 'idle.liked', actions: ['takeRegistered', 'dismissConnectPrompt'] },
          { guard: 'signedInSettled', target: 'liking', actions: ['takeRegistered', 'dismissConnectPrompt', 'addLike', publish] },
          { actions: 'takeRegistered' },
        ],
        // Another click while still signed out opens the modal again (signed in, the like is on its way).
        'like.toggle': { guard: not('isRegistered'), actions: ['takeShownCount', 'promptConnectWallet'] },
        'likes.signInAbandoned': 'idle.unliked',
      },
    },
    liking: {
      tags: ['busy', 'pressed'],
      on: { 'likes.sync': { actions: 'takeRegistered' } },
      invoke: [
        {
          id: 'liveCount',
          src: 'watchLiveCount',
          input: ({ context }) => ({ tokenId: context.tokenId }),
        },
        {
          id: 'likeToken',
          src: 'likeToken',
          input: ({ context }) => ({ tokenId: context.tokenId }),
          onDone: {
            target: 'idle.liked',
            actions: ['takeServerCount', publish, record(true)],
          },
          onError: {
            target: 'idle.unliked',
            actions: ['removeLike', publish, 'notifyFailure'],
          },
        },
      ],
    },
    unliking: {
      tags: 'busy',
      on: { 'likes.sync': { actions: 'takeRegistered' } },
      invoke: [
        {
          id: 'liveCount',
          src: 'watchLiveCount',
          input: ({ context }) => ({ tokenId: context.tokenId }),
        },
        {
          id: 'unlikeToken',
          src: 'unlikeToken',
          input: ({ context }) => ({ tokenId: context.tokenId }),
          onDone: {
            target: 'idle.unliked',
            actions: ['takeServerCount', publish, record(false)],
          },
          onError: {
            target: 'idle.liked',
            actions: ['addLike', publish, 'notifyFailure'],
          },
        },
      ],
    },
  },
});

export type LikeToggleMachine = typeof likeToggleMachine;
export type LikeToggleActor = ActorRefFrom<typeof likeToggleMachine>;
