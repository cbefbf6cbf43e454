// A like button's flow (cards and the token page). The button draws at once from the token's count; its behaviour
// (the likeToggle machine and the likes REST calls) is kept out of the first load and loaded when the browser is
// idle, or at once on the first pointer, focus or click. A click made before the behaviour is there is queued here
// and replayed once it has loaded, so no click depends on how fast the chunk arrives.
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate';
import { notifyThroughSystem } from '../system/systemActors';
import { accountLikesOf } from './accountLikesMachine';
import { LIKE_FAILED_MESSAGE } from './constants';
import type { LikeToggleInput, LikeToggleMachine } from './likeToggleMachine';
import { notProvided } from '../system/notProvided';

export interface LikeButtonInput {
  /** The token's database id (`_id`). */
  tokenId: string;
  /** The fetched count, the toggle's starting count. */
  likesCount: number;
}

/** The loaded toggle, running as this flow's child. */
export type LikeToggleChild = ActorRefFrom<LikeToggleMachine>;

export interface LikeButtonContext {
  tokenId: string;
  likesCount: number;
  /** A click made before the toggle loaded, with the count it was made on; replayed once. */
  queued: { likesCount?: number } | null;
  toggle: LikeToggleChild | null;
}

export type LikeButtonEvent =
  /** Load the behaviour now (pointer over the button, focus, or the browser idle). */
  | { type: 'like.warm' }
  /** A click; `likesCount` is the count the button showed. */
  | { type: 'like.toggle'; likesCount?: number };

export const likeButtonMachine = setup({
  types: {
    context: {} as LikeButtonContext,
    events: {} as LikeButtonEvent,
    input: {} as LikeButtonInput,
  },
  actors: {
    // Sends like.warm when the behaviour should load without a click (the browser idle; at once if loaded already).
    warmUp: fromCallback<EventObject>(() => undefined),
    // Resolves the provided likeToggle machine (a dynamic import).
    loadToggle: notProvided<LikeToggleMachine>('likeButtonMachine', 'loadToggle'),
  },
  actions: {
    queueToggle: assign({
      queued: ({ event }) => (event.type === 'like.toggle' ? { likesCount: event.likesCount } : null),
    }),
    startToggle: assign({
      toggle: ({ context, event, spawn, system }) => {
        const logic = (event as unknown as { output: LikeToggleMachine }).output;
        // The account as it is now; the toggle keeps following it itself (watchAccountLikes).
        const likes = accountLikesOf(system);
        const input: LikeToggleInput = {
          tokenId: context.tokenId,
          likesCount: context.likesCount,
          registered: likes.credentials !== null,
          liked: likes.tokenIds.includes(context.tokenId),
        };
        // The logic arrives at run time (the lazily loaded chunk), so it is spawned as logic, not by a setup key.
        const spawnLoaded = spawn as unknown as (logic: AnyActorLogic, options: { id: string; input: LikeToggleInput }) => AnyActorRef;
        return spawnLoaded(logic, { id: 'toggle', input }) as LikeToggleChild;
      },
    }),
    replayQueued: enqueueActions(({ context, enqueue }) => {
      if (!context.queued || !context.toggle) return;
      enqueue.sendTo(context.toggle, {
        type: 'like.toggle',
        likesCount: context.queued.likesCount,
      });
      enqueue.assign({ queued: null });
    }),
    forwardToggle: enqueueActions(({ context, event, enqueue }) => {
      if (context.toggle && event.type === 'like.toggle') enqueue.sendTo(context.toggle, event);
    }),
    // The chunk could not be loaded (offline): a click gets the like failure notice instead of nothing.
    notifyUnavailable: ({ system }) => notifyThroughSystem(system, 'error', LIKE_FAILED_MESSAGE),
  },
  guards: {
    hasQueued: ({ context }) => context.queued !== null,
  },
}).createMachine({
  id: 'likeButton',
  context: ({ input }) => ({
    tokenId: input.tokenId,
    likesCount: input.likesCount,
    queued: null,
    toggle: null,
  }),
  initial: 'dormant',
  states: {
    dormant: {
      invoke: { id: 'warmUp', src: 'warmUp' },
      on: {
        'like.warm': 'loading',
        'like.toggle': { target: 'loading', actions: 'queueToggle' },
      },
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadToggle',
        src: 'loadToggle',
        onDone: { target: 'ready', actions: ['startToggle', 'replayQueued'] },
        onError: [
          {
            guard: 'hasQueued',
            target: 'unavailable',
            actions: [assign({ queued: null }), 'notifyUnavailable'],
          },
          { target: 'unavailable' },
        ],
      },
      on: {
        // Clicks before the behaviour arrives make one toggle, on the count shown at the last one.
        'like.toggle': { actions: 'queueToggle' },
      },
    },
    ready: {
      on: { 'like.toggle': { actions: 'forwardToggle' } },
    },
    unavailable: {
      on: { 'like.toggle': { actions: 'notifyUnavailable' } },
    },
  },
});

export type LikeButtonMachine = typeof likeButtonMachine;
export type LikeButtonActor = ActorRefFrom<LikeButtonMachine>;
