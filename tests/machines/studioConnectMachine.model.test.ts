import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { studioConnectMachine, type StudioAccessChangedEvent } from '../../machines/studio/studioConnectMachine';
import type { StudioAccess } from '../../machines/wallet/sessionSelectors';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const accessChanged = (access: StudioAccess) => ({ type: 'access.changed', access }) as EventObject;

const project = (state: AnyMachineSnapshot) => ({ value: state.value });
const model = createMachineTestModel(studioConnectMachine, {
  project,
  events: () => [accessChanged('signedOut'), accessChanged('visitor'), accessChanged('creator')],
});
const paths = modelPaths(model, { filterEvents: () => false });

/** The flow as the page runs it, its goToList spied. */
function startFlow() {
  const goToList = vi.fn();
  const actor = createActor(studioConnectMachine.provide({ actions: { goToList } })).start();
  return { actor, goToList };
}

function harness() {
  let run: ReturnType<typeof startFlow> | undefined;
  const get = () => {
    if (!run) throw new Error('flow not started');
    return run;
  };
  const real = () => get().actor.getSnapshot() as AnyMachineSnapshot;
  let expectedLeaves = 0;
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startFlow();
          expectedLeaves = 0;
        },
        'access.changed': (step: { event: EventObject }) => {
          const before = real().value;
          get().actor.send(step.event as StudioAccessChangedEvent);
          // The page goes on once each time the viewer becomes a creator.
          if (real().value === 'leaving' && before !== 'leaving') expectedLeaves += 1;
          expect(get().goToList).toHaveBeenCalledTimes(expectedLeaves);
        },
      },
      states: checkedStates(real, project, {
        // A visitor or signed out: the cards; nowhere gone since the last time a creator left.
        watching: () => {
          expect(get().goToList).toHaveBeenCalledTimes(expectedLeaves);
        },
        // A creator: on to the studio list.
        leaving: () => {
          expect(get().goToList).toHaveBeenCalled();
        },
      }),
    },
  };
}

describe('studioConnectMachine (model-based)', () => {
  modelCoverageTests(studioConnectMachine, paths, harness);
});

describe('studioConnectMachine (examples)', () => {
  it('hears the wallet session itself: a visitor stays; signing in as a creator goes on to the studio list once', () => {
    const goToList = vi.fn();
    let account: { isCreator: boolean } | null = null;
    const tags = new Set<string>();
    let notify: (() => void) | null = null;
    const snapshot = () => ({ context: { address: tags.size ? '0xaa' : null, account }, hasTag: (tag: string) => tags.has(tag) });
    const walletSession = {
      getSnapshot: snapshot,
      subscribe: (listener: (value: ReturnType<typeof snapshot>) => void) => {
        notify = () => listener(snapshot());
        return { unsubscribe: () => (notify = null) };
      },
    };
    const flow = studioConnectMachine.provide({ actions: { goToList } });
    const parent = createActor(setup({ actors: { flow } }).createMachine({ invoke: { id: 'flow', src: 'flow' } }));
    // The session stand-in answers system.get('walletSession') as the app's does.
    const system = parent.system as unknown as { get(id: string): unknown };
    const get = system.get.bind(system);
    system.get = (id: string) => (id === 'walletSession' ? walletSession : get(id));
    parent.start();
    const actor = () => parent.getSnapshot().children.flow as AnyActorRef;
    expect(actor().getSnapshot().value).toBe('watching');
    tags.add('registered');
    account = { isCreator: false };
    notify!();
    expect(actor().getSnapshot().value).toBe('watching');
    account = { isCreator: true };
    notify!();
    notify!();
    expect(actor().getSnapshot().value).toBe('leaving');
    expect(goToList).toHaveBeenCalledTimes(1);
    parent.stop();
  });
});
