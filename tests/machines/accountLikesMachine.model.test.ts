import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  accountLikesMachine,
  watchAccountLikes,
  type AccountLike,
  type AccountLikesContext,
  type AccountLikesEvent,
  type LikesCredentials,
} from '../../machines/likes/accountLikesMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const ALICE: LikesCredentials = { address: '0xA11CE', key: 'a'.repeat(32) };
const BOB: LikesCredentials = { address: '0xB0B', key: 'b'.repeat(32) };
const LOADED: AccountLike[] = [{ _id: '900', token_id: '7' }];

const modelEvents: Array<EventObject & Record<string, unknown>> = [
  { type: 'login.changed', credentials: ALICE },
  { type: 'login.changed', credentials: BOB },
  { type: 'login.changed', credentials: null },
  { type: 'likes.wanted' },
  { type: 'likes.refresh' },
  { type: 'likes.recorded', tokenId: '5', liked: true },
  { type: 'likes.recorded', tokenId: '7', liked: false },
  { type: 'xstate.done.actor.fetchAccountLikes', output: LOADED },
  { type: 'xstate.error.actor.fetchAccountLikes', error: new Error('401') },
];

const ctx = (state: AnyMachineSnapshot) => state.context as AccountLikesContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, credentials: ctx(state).credentials, tokenIds: [...ctx(state).tokenIds].sort() });
const model = createMachineTestModel(accountLikesMachine, { project, events: () => modelEvents });
const paths = modelPaths(model, {
  toState: (state) => state.matches({ following: 'ready' }),
  // Every order of logins, asking and loading; recorded likes are covered by the shortest paths.
  filterEvents: (_state, event) => event.type !== 'likes.recorded' && !(event.type === 'login.changed' && (event as unknown as { credentials: unknown }).credentials === BOB),
});

function startLikes() {
  const fetchLikes = controlled<AccountLike[], LikesCredentials>();
  const actor = createActor(
    accountLikesMachine.provide({ actors: { fetchAccountLikes: fetchLikes.logic, watchLogin: fromCallback(() => undefined) } }),
  ).start();
  return { actor, fetchLikes };
}

function harness() {
  let run: ReturnType<typeof startLikes> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  const send = (step: { event: EventObject }) => get().actor.send(step.event as AccountLikesEvent);
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startLikes();
        },
        'login.changed': (step: { event: EventObject }) => {
          const before = ctx(real());
          const credentials = (step.event as unknown as { credentials: LikesCredentials | null }).credentials;
          send(step);
          // Another login forgets the last one's likes; the same login keeps them.
          if (before.credentials?.address === credentials?.address) expect(ctx(real()).tokenIds).toEqual(before.tokenIds);
          else expect(ctx(real())).toEqual({ credentials, tokenIds: [] });
        },
        'likes.wanted': send,
        'likes.refresh': (step: { event: EventObject }) => {
          const before = ctx(real());
          const calls = get().fetchLikes.calls.length;
          send(step);
          // A new read for the same login; the likes shown stay until it is answered.
          expect(get().fetchLikes.calls).toHaveLength(calls + 1);
          expect(ctx(real())).toEqual(before);
        },
        'likes.recorded': (step: { event: EventObject }) => {
          const before = ctx(real());
          const { tokenId, liked } = step.event as unknown as { tokenId: string; liked: boolean };
          send(step);
          // Only a signed-in account records likes.
          if (before.credentials) expect(ctx(real()).tokenIds.includes(tokenId)).toBe(liked);
          else expect(ctx(real()).tokenIds).toEqual([]);
        },
        'xstate.done.actor.fetchAccountLikes': async () => {
          const before = ctx(real()).tokenIds;
          get().fetchLikes.last().resolve(LOADED);
          await flush();
          // Loaded likes join those confirmed while loading.
          expect([...ctx(real()).tokenIds].sort()).toEqual([...new Set([...before, '7'])].sort());
        },
        'xstate.error.actor.fetchAccountLikes': async () => {
          get().fetchLikes.last().reject(new Error('401'));
          await flush();
        },
      },
      states: checkedStates(real, project, {
        dormant: () => {
          expect(get().fetchLikes.calls).toHaveLength(0);
        },
        following: () => {},
        'following.checking': () => {
          throw new Error('checking is transient: the machine never rests in it');
        },
        'following.signedOut': (snap) => {
          expect(ctx(snap).credentials).toBeNull();
          expect(ctx(snap).tokenIds).toEqual([]);
        },
        'following.loading': (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(get().fetchLikes.last().input).toEqual(ctx(snap).credentials);
          expect(get().fetchLikes.last().signal.aborted).toBe(false);
        },
        'following.ready': (snap) => {
          expect(ctx(snap).credentials).not.toBeNull();
          expect(snap.hasTag('loading')).toBe(false);
        },
        'following.failed': (snap) => {
          expect(ctx(snap).credentials).not.toBeNull();
        },
      }),
    },
  };
}

describe('accountLikesMachine (model-based)', () => {
  modelCoverageTests(accountLikesMachine, paths, harness);
});

describe('accountLikesMachine (through the actor system)', () => {
  /** accountLikes beside a stand-in wallet session, with one like toggle's watcher reporting to a recorder. */
  function startSystem() {
    const fetchLikes = controlled<AccountLike[], LikesCredentials>();
    const session = setup({ types: { events: {} as { type: 'register' } | { type: 'signOut' } } }).createMachine({
      context: { address: null as string | null, apiKey: null as { key: string } | null },
      initial: 'visitor',
      states: {
        visitor: { on: { register: { target: 'registered', actions: ({ context }) => Object.assign(context, { address: ALICE.address, apiKey: { key: ALICE.key } }) } } },
        registered: { tags: 'registered', on: { signOut: { target: 'visitor', actions: ({ context }) => Object.assign(context, { address: null, apiKey: null }) } } },
      },
    });
    const heard: EventObject[] = [];
    const button = setup({ actors: { watchAccountLikes } }).createMachine({
      invoke: { src: 'watchAccountLikes', input: { tokenId: '7' } },
      on: { '*': { actions: ({ event }) => heard.push(event) } },
    });
    const host = createMachine({
      invoke: [
        { id: 'walletSession', systemId: 'walletSession', src: session },
        { id: 'accountLikes', systemId: 'accountLikes', src: accountLikesMachine.provide({ actors: { fetchAccountLikes: fetchLikes.logic } }) },
      ],
    });
    const app = createActor(host).start();
    const likes = app.system.get('accountLikes') as AnyActorRef;
    const startButton = () => createActor(button, { parent: app } as never).start();
    return { app, likes, fetchLikes, heard, startButton, session: app.system.get('walletSession') as AnyActorRef };
  }

  it('behavior: follows the login but loads nothing until a toggle asks; one load per login', async () => {
    const { likes, fetchLikes, heard, startButton, session } = startSystem();
    session.send({ type: 'register' });
    expect(likes.getSnapshot().context.credentials).toEqual(ALICE);
    expect(fetchLikes.calls).toHaveLength(0);
    startButton();
    startButton();
    expect(fetchLikes.calls).toHaveLength(1);
    // Loading: not settled yet (a waiting signed-out like holds until the account's likes are known).
    expect(heard.at(-1)).toEqual({ type: 'likes.sync', registered: true, liked: false, settled: false });
    fetchLikes.last().resolve(LOADED);
    await flush();
    expect(heard.at(-1)).toEqual({ type: 'likes.sync', registered: true, liked: true, settled: true });
    session.send({ type: 'signOut' });
    expect(heard.at(-1)).toEqual({ type: 'likes.sync', registered: false, liked: false, settled: true });
    expect(likes.getSnapshot().value).toEqual({ following: 'signedOut' });
  });
});
