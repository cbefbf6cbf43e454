import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  likeToggleMachine,
  type LikeRequest,
  type LikeResult,
  type LikeToggleContext,
  type LikeToggleEvent,
  type LikeToggleInput,
} from '../../machines/likes/likeToggleMachine';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

type ModelEvent = EventObject & Record<string, unknown>;

const input: LikeToggleInput = { tokenId: '17', likesCount: 5, liked: false, registered: false };
const LIVE_COUNT = 9;
const SERVER_LIKED_COUNT = 42;
const SERVER_UNLIKED_COUNT = 41;

const modelEvents: ModelEvent[] = [
  { type: 'like.toggle' },
  { type: 'likes.sync', registered: true, liked: false },
  { type: 'likes.sync', registered: true, liked: true },
  // Signed in, the account's likes still loading.
  { type: 'likes.sync', registered: true, liked: false, settled: false },
  // The wallet modal of a signed-out like closed without signing in.
  { type: 'likes.signInAbandoned' },
  // Signed out: no account, nothing liked.
  { type: 'likes.sync', registered: false, liked: false },
  { type: 'likes.countChanged', likesCount: LIVE_COUNT },
  { type: 'xstate.done.actor.likeToken', output: { likesCount: SERVER_LIKED_COUNT } },
  { type: 'xstate.error.actor.likeToken', error: new Error('401') },
  { type: 'xstate.done.actor.unlikeToken', output: { likesCount: SERVER_UNLIKED_COUNT } },
  { type: 'xstate.error.actor.unlikeToken', error: new Error('network down') },
];

const ctx = (state: AnyMachineSnapshot) => state.context as LikeToggleContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const model = createMachineTestModel(likeToggleMachine, { project, input, events: () => modelEvents });
const paths = modelPaths(model, {
  // Every order of toggling, failing and syncing up to the settled liked state.
  toState: (state) => state.matches({ idle: 'liked' }),
  filterEvents: (_state, event) => event.type !== 'likes.countChanged',
});

function startToggle(start: LikeToggleInput = input) {
  const likeToken = controlled<LikeResult, LikeRequest>();
  const unlikeToken = controlled<LikeResult, LikeRequest>();
  const published: Array<{ tokenId: string; likesCount: number }> = [];
  const recorded: Array<{ tokenId: string; liked: boolean }> = [];
  // The prompts the machine shows through the system (their texts: the example with a system below).
  const emitted: Array<{ type: string }> = [];
  const actor = createActor(
    likeToggleMachine.provide({
      actors: { likeToken: likeToken.logic, unlikeToken: unlikeToken.logic },
      actions: {
        publishCount: (_args, params) => published.push(params),
        recordLike: (_args, params) => recorded.push(params),
        promptConnectWallet: () => emitted.push({ type: 'like.connectWallet' }),
        dismissConnectPrompt: () => emitted.push({ type: 'like.connectWalletDismissed' }),
        notifyFailure: () => emitted.push({ type: 'like.failed' }),
      },
    }),
    { input: start },
  );
  actor.start();
  return { actor, likeToken, unlikeToken, published, recorded, emitted };
}

function harness() {
  let run: ReturnType<typeof startToggle> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  const send = (step: { event: EventObject }) => get().actor.send(step.event as LikeToggleEvent);
  const payload = (step: { event: EventObject }) => step.event as ModelEvent;
  const lastPublished = () => get().published.at(-1);
  // What the shared count should be: the last live count when it came after the last published one.
  let liveAfterPublish = false;
  let publishedSeen = 0;
  const expectedCount = () => {
    if (get().published.length !== publishedSeen) {
      publishedSeen = get().published.length;
      liveAfterPublish = false;
    }
    return liveAfterPublish ? LIVE_COUNT : (lastPublished()?.likesCount ?? input.likesCount);
  };
  // How the account came to like the token: a sync saying so, or a like the server confirmed.
  let likedBy: 'sync' | 'server' | null = null;
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startToggle();
        },
        'like.toggle': (step: { event: EventObject }) => {
          const before = real();
          const emittedBefore = get().emitted.length;
          send(step);
          const after = real();
          if (before.matches('awaitingSignIn')) {
            // Waiting for the sign-in: still signed out, the modal opens again; signed in, the like is on its way.
            expect(get().emitted.slice(emittedBefore)).toEqual(ctx(before).registered ? [] : [{ type: 'like.connectWallet' }]);
            expect(after.value).toBe('awaitingSignIn');
          } else if (!ctx(before).registered && !before.hasTag('busy')) {
            // No account: the connect-wallet prompt; an unliked token's like waits for the sign-in, the count unchanged.
            expect(get().emitted.slice(emittedBefore)).toEqual([{ type: 'like.connectWallet' }]);
            expect(after.value).toEqual(before.matches({ idle: 'liked' }) ? before.value : 'awaitingSignIn');
            expect(ctx(after).likesCount).toBe(ctx(before).likesCount);
          } else if (!before.hasTag('busy')) {
            // Optimistic: the count moves at once and every view of the token is told.
            const delta = before.matches({ idle: 'unliked' }) ? 1 : -1;
            expect(ctx(after).likesCount).toBe(Math.max(0, ctx(before).likesCount + delta));
            expect(lastPublished()).toEqual({ tokenId: '17', likesCount: ctx(after).likesCount });
            expect(get().emitted.length).toBe(emittedBefore);
          }
        },
        'likes.sync': (step: { event: EventObject }) => {
          const before = real();
          const emittedBefore = get().emitted.length;
          send(step);
          const after = real();
          const event = payload(step);
          if (!before.hasTag('busy')) likedBy = event.liked ? 'sync' : null;
          if (before.matches('awaitingSignIn')) {
            const signedIn = event.registered === true && event.settled !== false;
            // Signed in with the likes known: the connect-wallet error goes and the waiting like is applied (or was there).
            expect(get().emitted.slice(emittedBefore)).toEqual(signedIn ? [{ type: 'like.connectWalletDismissed' }] : []);
            expect(after.value).toEqual(!signedIn ? 'awaitingSignIn' : event.liked ? { idle: 'liked' } : 'liking');
            if (after.matches('liking')) {
              expect(ctx(after).likesCount).toBe(ctx(before).likesCount + 1);
              expect(lastPublished()).toEqual({ tokenId: '17', likesCount: ctx(after).likesCount });
            }
          }
        },
        'likes.signInAbandoned': (step: { event: EventObject }) => {
          const publishedBefore = get().published.length;
          send(step);
          // Nothing was liked: back to the unliked toggle, nothing published.
          expect(real().matches({ idle: 'unliked' })).toBe(true);
          expect(get().published.length).toBe(publishedBefore);
        },
        'likes.countChanged': (step: { event: EventObject }) => {
          const publishedBefore = get().published.length;
          send(step);
          expectedCount();
          liveAfterPublish = true;
          expect(ctx(real()).likesCount).toBe(LIVE_COUNT);
          // A live count came from the patches: it is not published back.
          expect(get().published.length).toBe(publishedBefore);
        },
        'xstate.done.actor.likeToken': async (step: { event: EventObject }) => {
          get().likeToken.last().resolve(payload(step).output as LikeResult);
          await flush();
          likedBy = 'server';
          expect(lastPublished()).toEqual({ tokenId: '17', likesCount: SERVER_LIKED_COUNT });
          // The account's likes hear it, so every button of the token shows it liked.
          expect(get().recorded.at(-1)).toEqual({ tokenId: '17', liked: true });
        },
        'xstate.error.actor.likeToken': async (step: { event: EventObject }) => {
          const optimistic = ctx(real()).likesCount;
          const recordedBefore = get().recorded.length;
          get().likeToken.last().reject(payload(step).error);
          await flush();
          // Rolled back by the one like it added, with the failure notice.
          expect(ctx(real()).likesCount).toBe(Math.max(0, optimistic - 1));
          expect(lastPublished()).toEqual({ tokenId: '17', likesCount: ctx(real()).likesCount });
          expect(get().emitted.at(-1)).toEqual({ type: 'like.failed' });
          expect(get().recorded).toHaveLength(recordedBefore);
        },
        'xstate.done.actor.unlikeToken': async (step: { event: EventObject }) => {
          get().unlikeToken.last().resolve(payload(step).output as LikeResult);
          await flush();
          likedBy = null;
          expect(lastPublished()).toEqual({ tokenId: '17', likesCount: SERVER_UNLIKED_COUNT });
          expect(get().recorded.at(-1)).toEqual({ tokenId: '17', liked: false });
        },
        'xstate.error.actor.unlikeToken': async (step: { event: EventObject }) => {
          const optimistic = ctx(real()).likesCount;
          const recordedBefore = get().recorded.length;
          get().unlikeToken.last().reject(payload(step).error);
          await flush();
          expect(ctx(real()).likesCount).toBe(optimistic + 1);
          expect(lastPublished()).toEqual({ tokenId: '17', likesCount: ctx(real()).likesCount });
          expect(get().emitted.at(-1)).toEqual({ type: 'like.failed' });
          expect(get().recorded).toHaveLength(recordedBefore);
        },
      },
      states: checkedStates(real, project, {
        resolving: () => {
          throw new Error('resolving is transient: the machine never rests in it');
        },
        idle: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.can({ type: 'like.toggle' })).toBe(true);
          // The toggle's count is the one every other view of the token shows.
          expect(ctx(snap).likesCount).toBe(expectedCount());
        },
        'idle.unliked': (snap) => {
          expect(likedBy).toBeNull();
          expect(snap.hasTag('pressed')).toBe(false);
          expect(ctx(snap).tokenId).toBe('17');
        },
        'idle.liked': (snap) => {
          expect(likedBy).not.toBeNull();
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.hasTag('pressed')).toBe(true);
        },
        awaitingSignIn: (snap) => {
          expect(snap.hasTag('awaitingSignIn')).toBe(true);
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.hasTag('pressed')).toBe(false);
          // Nothing is sent to the server before the sign-in.
          expect(snap.children.likeToken).toBeUndefined();
          expect(get().emitted.filter((e) => e.type === 'like.connectWallet').length).toBeGreaterThan(0);
        },
        liking: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.hasTag('pressed')).toBe(true);
          expect(snap.can({ type: 'like.toggle' })).toBe(false);
          expect(get().likeToken.last().input).toEqual({ tokenId: '17' });
          expect(get().likeToken.last().signal.aborted).toBe(false);
        },
        unliking: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.hasTag('pressed')).toBe(false);
          expect(snap.can({ type: 'like.toggle' })).toBe(false);
          expect(get().unlikeToken.last().input).toEqual({ tokenId: '17' });
        },
      }),
    },
  };
}

describe('likeToggleMachine (model-based)', () => {
  modelCoverageTests(likeToggleMachine, paths, harness);
});

describe('likeToggleMachine (examples)', () => {
  it('default: starts in the state its input names', () => {
    expect(startToggle({ ...input, liked: true, registered: true }).actor.getSnapshot().value).toEqual({ idle: 'liked' });
    expect(startToggle(input).actor.getSnapshot().value).toEqual({ idle: 'unliked' });
  });

  it('behavior: a live count during a like is kept, and a failure undoes only the one like', async () => {
    const run = startToggle({ ...input, registered: true });
    run.actor.send({ type: 'like.toggle' });
    expect(run.actor.getSnapshot().context.likesCount).toBe(6);
    run.actor.send({ type: 'likes.countChanged', likesCount: 20 });
    run.likeToken.last().reject(new Error('500'));
    await flush();
    expect(run.actor.getSnapshot().value).toEqual({ idle: 'unliked' });
    expect(run.actor.getSnapshot().context.likesCount).toBe(19);
  });

  it('behavior: unliking never shows a negative count', () => {
    const run = startToggle({ ...input, likesCount: 0, liked: true, registered: true });
    run.actor.send({ type: 'like.toggle' });
    expect(run.actor.getSnapshot().context.likesCount).toBe(0);
  });
});

/** Runs the real toggle in a system with recording notifications, walletModal and liveEvents actors. */
function startInSystem(start: LikeToggleInput) {
  const received: Record<string, EventObject[]> = { notifications: [], walletModal: [], liveEvents: [] };
  const recorder = (systemId: string) =>
    fromCallback(({ receive }) => {
      receive((event) => received[systemId]!.push(event));
    });
  const likeToken = controlled<LikeResult, LikeRequest>();
  const host = createMachine({
    invoke: [
      ...Object.keys(received).map((systemId) => ({ id: systemId, systemId, src: recorder(systemId) })),
      { id: 'toggle', src: likeToggleMachine.provide({ actors: { likeToken: likeToken.logic } }), input: start },
    ],
  });
  const actor = createActor(host).start();
  const toggle = actor.getSnapshot().children.toggle as AnyActorRef;
  return { toggle, received, likeToken };
}

describe('likeToggleMachine (through the actor system)', () => {
  it('behavior: a visitor gets the connect-wallet error and the wallet modal opens', () => {
    const { toggle, received } = startInSystem(input);
    toggle.send({ type: 'like.toggle', likesCount: 5 });
    expect(received.notifications).toEqual([{ type: 'notify.show', kind: 'error', text: 'Please connect your wallet to like this token' }]);
    expect(received.walletModal).toEqual([{ type: 'walletModal.open' }]);
    expect(received.liveEvents).toEqual([]);
  });

  it('behavior: the count shown is the base; it is shared through live.patch, and a failure notice rolls it back', async () => {
    const { toggle, received, likeToken } = startInSystem({ ...input, registered: true });
    toggle.send({ type: 'like.toggle', likesCount: 12 });
    expect(received.liveEvents).toEqual([{ type: 'live.patch', id: '17', patch: { likesCount: 13 } }]);
    likeToken.last().reject(new Error('500'));
    await flush();
    expect(received.liveEvents.at(-1)).toEqual({ type: 'live.patch', id: '17', patch: { likesCount: 12 } });
    expect(received.notifications).toEqual([{ type: 'notify.show', kind: 'error', text: "Sorry. There's an error. Please try again later." }]);
  });
});

describe('likeToggleMachine (a signed-out like, then sign-in)', () => {
  it('behavior: the connect-wallet error goes and the like is applied once signed in, with the likes loaded', async () => {
    const opens: EventObject[] = [];
    const likeToken = controlled<LikeResult, LikeRequest>();
    const host = createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: notificationsMachine },
        { id: 'walletModal', systemId: 'walletModal', src: fromCallback(({ receive }) => receive((event) => void opens.push(event))) },
        { id: 'toggle', src: likeToggleMachine.provide({ actors: { likeToken: likeToken.logic } }), input },
      ],
    });
    const actor = createActor(host).start();
    const toggle = actor.getSnapshot().children.toggle as AnyActorRef;
    const notifications = actor.getSnapshot().children.notifications as AnyActorRef;
    const shown = () => (notifications.getSnapshot().context as { current: { text: string } | null }).current?.text ?? null;

    toggle.send({ type: 'like.toggle', likesCount: 5 });
    expect(shown()).toBe('Please connect your wallet to like this token');
    expect(opens).toEqual([{ type: 'walletModal.open' }]);
    expect(likeToken.calls).toHaveLength(0);
    // Signed in, the account's likes still loading: nothing yet (it may like the token already).
    toggle.send({ type: 'likes.sync', registered: true, liked: false, settled: false });
    expect(shown()).toBe('Please connect your wallet to like this token');
    expect(likeToken.calls).toHaveLength(0);
    toggle.send({ type: 'likes.sync', registered: true, liked: false, settled: true });
    expect(shown()).toBeNull();
    expect(likeToken.calls).toHaveLength(1);
    expect(toggle.getSnapshot().context.likesCount).toBe(6);
    likeToken.last().resolve({ likesCount: 6 });
    await flush();
    expect(toggle.getSnapshot().value).toEqual({ idle: 'liked' });
    actor.stop();
  });

  it('behavior: a notice shown over the connect-wallet error is left alone at sign-in', () => {
    const host = createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: notificationsMachine },
        { id: 'toggle', src: likeToggleMachine.provide({ actors: { likeToken: controlled<LikeResult, LikeRequest>().logic } }), input },
      ],
    });
    const actor = createActor(host).start();
    const toggle = actor.getSnapshot().children.toggle as AnyActorRef;
    const notifications = actor.getSnapshot().children.notifications as AnyActorRef;
    toggle.send({ type: 'like.toggle', likesCount: 5 });
    notifications.send({ type: 'notify.show', kind: 'success', text: 'Profile saved' });
    toggle.send({ type: 'likes.sync', registered: true, liked: true, settled: true });
    expect((notifications.getSnapshot().context as { current: { text: string } | null }).current?.text).toBe('Profile saved');
    expect(toggle.getSnapshot().value).toEqual({ idle: 'liked' });
    actor.stop();
  });
});
