import { describe, expect } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { profilePageMachine, type ProfileCredentials, type ProfilePageContext, type ProfilePageEvent } from '../../machines/profile/profilePageMachine';
import type { WalletAccount } from '../../machines/wallet/walletSessionTypes';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const ALICE: ProfileCredentials = { address: '0xA11CE', key: 'a'.repeat(32) };
const BOB: ProfileCredentials = { address: '0xB0B', key: 'b'.repeat(32) };
const ACCOUNT = { id: '2', address: '0xa11ce', alias: 'lumen', isCreator: false, isBanned: false, email: 'lumen@example.com', avatar: null } as WalletAccount;
const CREATOR = { ...ACCOUNT, isCreator: true } as WalletAccount;

const modelEvents: Array<EventObject & Record<string, unknown>> = [
  { type: 'login.changed', credentials: ALICE },
  { type: 'login.changed', credentials: BOB },
  { type: 'login.changed', credentials: null },
  { type: 'profile.retry' },
  { type: 'xstate.done.actor.fetchOwnAccount', output: ACCOUNT },
  { type: 'xstate.done.actor.fetchOwnAccount', output: CREATOR },
  { type: 'profile.selectTab', tab: 'artist' },
  { type: 'profile.selectTab', tab: 'general' },
  { type: 'xstate.error.actor.fetchOwnAccount', error: new Error('Not found') },
];

const ctx = (state: AnyMachineSnapshot) => state.context as ProfilePageContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(profilePageMachine, { project, events: () => modelEvents });
const paths = modelPaths(model, {
  toState: (state) => state.matches('ready'),
  // Orders of one login, signing out, failing and retrying; the second login is covered by the shortest paths.
  filterEvents: (_state, event) => !(event.type === 'login.changed' && (event as unknown as { credentials: unknown }).credentials === BOB),
});

function startPage() {
  const fetchAccount = controlled<WalletAccount, ProfileCredentials>();
  const actor = createActor(
    profilePageMachine.provide({ actors: { fetchOwnAccount: fetchAccount.logic, watchLogin: fromCallback(() => undefined) } }),
  ).start();
  return { actor, fetchAccount };
}

function harness() {
  let run: ReturnType<typeof startPage> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startPage();
        },
        'login.changed': (step: { event: EventObject }) => {
          const before = ctx(real());
          const { credentials } = step.event as unknown as { credentials: ProfileCredentials | null };
          get().actor.send(step.event as ProfilePageEvent);
          // Another login: the last one's account is gone; the same login keeps what it has.
          if (before.credentials?.address === credentials?.address) expect(ctx(real())).toEqual(before);
          else expect(ctx(real())).toMatchObject({ credentials, account: null, error: null, tab: 'general' });
        },
        'profile.retry': (step: { event: EventObject }) => get().actor.send(step.event as ProfilePageEvent),
        'profile.selectTab': (step: { event: EventObject }) => {
          const before = ctx(real());
          const { tab } = step.event as unknown as { tab: 'general' | 'artist' };
          get().actor.send(step.event as ProfilePageEvent);
          // See docs/requirements.md#account-profile: the artist tab is for creators only; a non-creator stays on General.
          expect(ctx(real()).tab).toBe(tab === 'artist' && !before.account?.isCreator ? before.tab : tab);
          if (!before.account?.isCreator) expect(ctx(real()).tab).toBe('general');
        },
        'xstate.done.actor.fetchOwnAccount': async (step: { event: EventObject }) => {
          get().fetchAccount.last().resolve((step.event as unknown as { output: WalletAccount }).output);
          await flush();
        },
        'xstate.error.actor.fetchOwnAccount': async () => {
          get().fetchAccount.last().reject(new Error('Not found'));
          await flush();
        },
      },
      states: checkedStates(real, project, {
        checking: () => {
          throw new Error('checking is transient: the machine never rests in it');
        },
        signedOut: (snap) => {
          expect(ctx(snap)).toEqual({ credentials: null, account: null, error: null, tab: 'general' });
        },
        loading: (snap) => {
          expect(ctx(snap).tab).toBe('general');
          expect(snap.hasTag('loading')).toBe(true);
          expect(get().fetchAccount.last().input).toEqual(ctx(snap).credentials);
          expect(get().fetchAccount.last().signal.aborted).toBe(false);
        },
        ready: (snap) => {
          const { account, tab } = ctx(snap);
          expect([ACCOUNT, CREATOR]).toContainEqual(account);
          expect(ctx(snap).credentials).not.toBeNull();
          expect(snap.can({ type: 'profile.selectTab', tab: 'artist' })).toBe(account!.isCreator);
          expect(snap.can({ type: 'profile.selectTab', tab: 'general' })).toBe(true);
          if (!account!.isCreator) expect(tab).toBe('general');
        },
        failed: (snap) => {
          expect(ctx(snap).tab).toBe('general');
          expect(ctx(snap).error).toBe('Not found');
          expect(snap.can({ type: 'profile.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('profilePageMachine (model-based)', () => {
  modelCoverageTests(profilePageMachine, paths, harness);
});
