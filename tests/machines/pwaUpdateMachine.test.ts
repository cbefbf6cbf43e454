import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { pwaUpdateMachine, type PwaUpdateEvent } from '../../machines/pwa/pwaUpdateMachine';
import {
  checkedStates,
  controlled,
  createMachineTestModel,
  flush,
  modelPaths,
  modelCoverageTests,
} from './support/modelTesting';

function startPwa() {
  const applyUpdate = controlled<void>();
  const actor = createActor(pwaUpdateMachine.provide({ actors: { applyUpdate: applyUpdate.logic } }));
  const notices: string[] = [];
  actor.on('pwa.offlineReady', (event) => notices.push(event.type));
  actor.start();
  return { actor, applyUpdate, notices };
}

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(pwaUpdateMachine, {
  events: () => [{ type: 'xstate.error.actor.applyUpdate', error: new Error('The new version could not be activated') }],
});
const paths = modelPaths(model);

function harness() {
  let run: ReturnType<typeof startPwa> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const send = (step: { event: { type: string } }) => get().actor.send(step.event as PwaUpdateEvent);
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startPwa();
        },
        'sw.updateAvailable': send,
        'update.accept': send,
        'update.dismiss': send,
        'sw.offlineReady': (step: { event: { type: string } }) => {
          const before = get().notices.length;
          const wasReady = get().actor.getSnapshot().context.offlineReady;
          send(step);
          // The "available offline" notice is emitted once, the first time.
          expect(get().notices.length - before).toBe(wasReady ? 0 : 1);
        },
        'xstate.done.actor.applyUpdate': async () => {
          get().applyUpdate.last().resolve();
          await flush();
        },
        'xstate.error.actor.applyUpdate': async (step: { event: { type: string } }) => {
          get().applyUpdate.last().reject((step.event as unknown as { error: unknown }).error);
          await flush();
        },
      },
      states: checkedStates(() => get().actor.getSnapshot(), project, {
        idle: (snap) => {
          expect(snap.can({ type: 'update.accept' })).toBe(false);
          expect(snap.context.error).toBeNull();
        },
        prompting: (snap) => {
          expect(snap.can({ type: 'update.accept' })).toBe(true);
          expect(snap.can({ type: 'update.dismiss' })).toBe(true);
          expect(snap.hasTag('busy')).toBe(false);
        },
        updating: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.context.error).toBeNull();
          expect(get().applyUpdate.last().signal.aborted).toBe(false);
        },
        dismissed: (snap) => {
          expect(snap.can({ type: 'sw.updateAvailable' })).toBe(true);
          expect(snap.can({ type: 'update.accept' })).toBe(false);
        },
        updated: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.can({ type: 'update.accept' })).toBe(false);
          expect(snap.context.error).toBeNull();
        },
      }),
    },
  };
}

describe('pwaUpdateMachine (model-based)', () => {
  modelCoverageTests(pwaUpdateMachine, paths, harness);
});

describe('pwaUpdateMachine', () => {
  it('behavior: accept runs applyUpdate; a failure returns to the prompt with the error', async () => {
    const { actor, applyUpdate } = startPwa();
    actor.send({ type: 'sw.updateAvailable' });
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().value).toBe('updating');
    applyUpdate.last().reject(new Error('The new version could not be activated'));
    await flush();
    expect(actor.getSnapshot().value).toBe('prompting');
    expect(actor.getSnapshot().context.error).toBe('The new version could not be activated');
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().context.error).toBeNull();
    applyUpdate.last().resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('updated');
    expect(applyUpdate.calls).toHaveLength(2);
  });

  it('behavior: dismissed, then a later update prompts again', () => {
    const { actor } = startPwa();
    actor.send({ type: 'sw.updateAvailable' });
    actor.send({ type: 'update.dismiss' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    actor.send({ type: 'update.accept' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    actor.send({ type: 'sw.updateAvailable' });
    expect(actor.getSnapshot().value).toBe('prompting');
  });

  it('behavior: offline-ready sets the flag and emits one notice in any state', () => {
    const { actor, notices } = startPwa();
    actor.send({ type: 'sw.updateAvailable' });
    actor.send({ type: 'sw.offlineReady' });
    actor.send({ type: 'sw.offlineReady' });
    expect(actor.getSnapshot().value).toBe('prompting');
    expect(actor.getSnapshot().context.offlineReady).toBe(true);
    expect(notices).toEqual(['pwa.offlineReady']);
  });
});
