import { assign, emit, fromPromise, setup, type ActorRefFrom } from 'xstate';
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
  | { type: 'like.toggle' }
  /** The session or the account's likes changed (sign-in, sign-out, likes loaded). */
  | { type: 'likes.sync'; registered: boolean; liked: boolean }
  /** A live TokenLiked / TokenUnliked / TokenUpdated count for this token. */
  | { type: 'likes.countChanged'; likesCount: number };

/** One-off effects for the view: the connect-wallet prompt (notice + wallet modal) and the rollback notice. */
export type LikeToggleEmitted = { type: 'like.connectWallet'; text: string } | { type: 'like.failed'; text: string };

export type LikeToggleTag = 'busy';

const notProvided = (name: string) => new Error(`likeToggleMachine: "${name}" not provided`);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/**
 * The like toggle of one token: the count changes at once (optimistic) and is rolled back when the call fails.
 * liking/unliking remember the change by the state itself, so a rollback undoes exactly one step even when a live
 * count arrived meanwhile.
 */
export const likeToggleMachine = setup({
  types: {
    context: {} as LikeToggleContext,
    events: {} as LikeToggleEvent,
    input: {} as LikeToggleInput,
    emitted: {} as LikeToggleEmitted,
    tags: {} as LikeToggleTag,
  },
  actors: {
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
    // Services share the count with every view of the token (the live token patches).
    publishCount: (_args, _params: { tokenId: string; likesCount: number }) => {
      throw notProvided('publishCount');
    },
    addLike: assign({ likesCount: ({ context }) => context.likesCount + 1 }),
    removeLike: assign({ likesCount: ({ context }) => Math.max(0, context.likesCount - 1) }),
    takeServerCount: assign({ likesCount: ({ event }) => outputOf<LikeResult>(event).likesCount }),
    takeLiveCount: assign({ likesCount: ({ context, event }) => (event.type === 'likes.countChanged' ? event.likesCount : context.likesCount) }),
    takeRegistered: assign({ registered: ({ context, event }) => (event.type === 'likes.sync' ? event.registered : context.registered) }),
    promptConnectWallet: emit({ type: 'like.connectWallet' as const, text: CONNECT_WALLET_TO_LIKE_MESSAGE }),
    notifyFailure: emit({ type: 'like.failed' as const, text: LIKE_FAILED_MESSAGE }),
  },
  guards: {
    // The machine starts in the state its input names (the init event carries the input).
    startsLiked: ({ event }) => Boolean((event as { input?: LikeToggleInput }).input?.liked),
    isRegistered: ({ context }) => context.registered,
    syncSaysLiked: ({ event }) => event.type === 'likes.sync' && event.liked,
  },
}).createMachine({
  id: 'likeToggle',
  context: ({ input }) => ({ tokenId: input.tokenId, likesCount: input.likesCount, registered: input.registered }),
  initial: 'resolving',
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
          { guard: 'syncSaysLiked', target: '.liked', actions: 'takeRegistered' },
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
                actions: ['addLike', { type: 'publishCount', params: ({ context }) => ({ tokenId: context.tokenId, likesCount: context.likesCount }) }],
              },
              { actions: 'promptConnectWallet' },
            ],
          },
        },
        liked: {
          on: {
            'like.toggle': [
              {
                guard: 'isRegistered',
                target: '#likeToggle.unliking',
                actions: ['removeLike', { type: 'publishCount', params: ({ context }) => ({ tokenId: context.tokenId, likesCount: context.likesCount }) }],
              },
              { actions: 'promptConnectWallet' },
            ],
          },
        },
      },
    },
    liking: {
      tags: 'busy',
      on: { 'likes.sync': { actions: 'takeRegistered' } },
      invoke: {
        id: 'likeToken',
        src: 'likeToken',
        input: ({ context }) => ({ tokenId: context.tokenId }),
        onDone: {
          target: 'idle.liked',
          actions: ['takeServerCount', { type: 'publishCount', params: ({ context }) => ({ tokenId: context.tokenId, likesCount: context.likesCount }) }],
        },
        onError: {
          target: 'idle.unliked',
          actions: [
            'removeLike',
            { type: 'publishCount', params: ({ context }) => ({ tokenId: context.tokenId, likesCount: context.likesCount }) },
            'notifyFailure',
          ],
        },
      },
    },
    unliking: {
      tags: 'busy',
      on: { 'likes.sync': { actions: 'takeRegistered' } },
      invoke: {
        id: 'unlikeToken',
        src: 'unlikeToken',
        input: ({ context }) => ({ tokenId: context.tokenId }),
        onDone: {
          target: 'idle.unliked',
          actions: ['takeServerCount', { type: 'publishCount', params: ({ context }) => ({ tokenId: context.tokenId, likesCount: context.likesCount }) }],
        },
        onError: {
          target: 'idle.liked',
          actions: [
            'addLike',
            { type: 'publishCount', params: ({ context }) => ({ tokenId: context.tokenId, likesCount: context.likesCount }) },
            'notifyFailure',
          ],
        },
      },
    },
  },
});

export type LikeToggleMachine = typeof likeToggleMachine;
export type LikeToggleActor = ActorRefFrom<typeof likeToggleMachine>;
