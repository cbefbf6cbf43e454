import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { connectWalletMachine, type ConnectWalletEvent } from '../../machines/wallet/connectWalletMachine';
import type { Viewer } from '../../machines/token/watchViewer';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const FROM = '/profile?tab=likes#top';
const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SIGNED_OUT: Viewer = { address: null, registered: false, banned: false };
const BANNED: Viewer = { address: ADDRESS, registered: false, banned: true };
const REGISTERED: Viewer = { address: ADDRESS, registered: true, banned: false };
const viewerChanged = (viewer: Viewer, settling = false) => ({ type: 'viewer.changed', viewer, settling }) as EventObject;

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(connectWalletMachine, {
  input: { from: FROM },
  project,
  // A session still settling (signing in) reports a signed-out viewer again: nothing changes for the page.
  events: () => [viewerChanged(SIGNED_OUT), viewerChanged(SIGNED_OUT, true), viewerChanged(BANNED), viewerChanged(REGISTERED)],
});
// Shortest paths reach every state by every event (simple paths over this small graph would run to many thousands).
const paths = modelPaths(model, { filterEvents: () => false });

/** The flow as the page runs it: beside a stand-in wallet modal in the app's system, where it goes spied. */
function startFlow(from: string | undefined, viewer: Viewer | null = null) {
  const opens: EventObject[] = [];
  const goToFrom = vi.fn();
  const goBack = vi.fn();
  const walletModal = setup({}).createMachine({ on: { '*': { actions: ({ event }) => opens.push(event) } } });
  const flow = connectWalletMachine.provide({ actions: { goToFrom, goBack } });
  const parent = createActor(
    setup({ actors: { walletModal, flow } }).createMachine({
      invoke: [
        { id: 'walletModal', systemId: 'walletModal', src: 'walletModal' },
        { id: 'flow', src: 'flow', input: { from } },
      ],
    }),
  ).start();
  const actor = () => parent.getSnapshot().children.flow as AnyActorRef;
  if (viewer) actor().send(viewerChanged(viewer));
  return { parent, actor, opens, goToFrom, goBack };
}

function harness() {
  let run: ReturnType<typeof startFlow> | undefined;
  const get = () => {
    if (!run) throw new Error('flow not started');
    return run;
  };
  const real = () => get().actor().getSnapshot() as AnyMachineSnapshot;
  const send = (step: { event: EventObject }) => get().actor().send(step.event as ConnectWalletEvent);
  // How often the modal was asked open when the page's state was entered, or by the button.
  let expectedOpens = 0;
  const left = () => get().goToFrom.mock.calls.length;
  let expectedLeaves = 0;
  return {
    stop: () => run?.parent.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startFlow(FROM);
          expectedOpens = 0;
          expectedLeaves = 0;
        },
        'viewer.changed': (step: { event: EventObject }) => {
          const before = real().value;
          send(step);
          const after = real().value;
          // The modal opens on entering signed out, never again while the viewer stays signed out.
          if (after === 'signedOut' && before !== 'signedOut') expectedOpens += 1;
          // The page goes on once each time the account becomes registered.
          if (after === 'leaving' && before !== 'leaving') expectedLeaves += 1;
          expect(get().opens).toHaveLength(expectedOpens);
          expect(left()).toBe(expectedLeaves);
        },
        // The page's Connect wallet button opens the modal, whatever the flow waits for.
        'connect.open': (step: { event: EventObject }) => {
          const before = real().value;
          send(step);
          expectedOpens += 1;
          expect(get().opens).toHaveLength(expectedOpens);
          expect(get().opens.at(-1)).toEqual({ type: 'walletModal.open' });
          expect(real().value).toEqual(before);
        },
      },
      states: checkedStates(real, project, {
        // Nothing heard of the session yet: nothing opened, nowhere gone.
        watching: () => {
          expect(get().opens).toHaveLength(expectedOpens);
          expect(left()).toBe(0);
          expect(get().goBack).not.toHaveBeenCalled();
        },
        signedOut: () => {
          expect(get().opens.length).toBeGreaterThan(0);
          expect(get().opens.every((event) => event.type === 'walletModal.open')).toBe(true);
        },
        // Banned: the page shows why; the modal does not open on its own.
        banned: () => {
          expect(get().opens).toHaveLength(expectedOpens);
        },
        // Registered: on to `from`, replacing the page (the provided goToFrom), never back.
        leaving: () => {
          expect(get().goToFrom).toHaveBeenLastCalledWith(expect.anything(), { from: FROM });
          expect(get().goBack).not.toHaveBeenCalled();
        },
      }),
    },
  };
}

describe('connectWalletMachine (model-based)', () => {
  modelCoverageTests(connectWalletMachine, paths, harness);
});

describe('connectWalletMachine (examples)', () => {
  it('without `from`, a registered account goes back one step', () => {
    const run = startFlow(undefined, REGISTERED);
    expect(run.actor().getSnapshot().value).toBe('leaving');
    expect(run.goBack).toHaveBeenCalledTimes(1);
    expect(run.goToFrom).not.toHaveBeenCalled();
    expect(run.opens).toEqual([]);
    run.parent.stop();
  });

  it('hears the wallet session itself: signed out opens the modal, registered goes on to `from`', () => {
    const goToFrom = vi.fn();
    const opens: EventObject[] = [];
    const tags = new Set<string>();
    let notify: (() => void) | null = null;
    const snapshot = () => ({ context: { address: tags.size ? ADDRESS : null }, hasTag: (tag: string) => tags.has(tag) });
    const walletSession = {
      getSnapshot: snapshot,
      subscribe: (listener: (value: ReturnType<typeof snapshot>) => void) => {
        notify = () => listener(snapshot());
        return { unsubscribe: () => (notify = null) };
      },
    };
    const walletModal = setup({}).createMachine({ on: { '*': { actions: ({ event }) => opens.push(event) } } });
    const flow = connectWalletMachine.provide({ actions: { goToFrom } });
    const parent = createActor(
      setup({ actors: { walletModal, flow } }).createMachine({
        invoke: [
          { id: 'walletModal', systemId: 'walletModal', src: 'walletModal' },
          { id: 'flow', src: 'flow', input: { from: FROM } },
        ],
      }),
    );
    // The session stand-in answers system.get('walletSession') as the app's does.
    const system = parent.system as unknown as { get(id: string): unknown };
    const get = system.get.bind(system);
    system.get = (id: string) => (id === 'walletSession' ? walletSession : get(id));
    parent.start();
    const actor = () => parent.getSnapshot().children.flow as AnyActorRef;
    expect(actor().getSnapshot().value).toBe('signedOut');
    expect(opens).toEqual([{ type: 'walletModal.open' }]);
    tags.add('registered');
    notify!();
    expect(actor().getSnapshot().value).toBe('leaving');
    expect(goToFrom).toHaveBeenCalledWith(expect.anything(), { from: FROM });
    parent.stop();
  });
});
