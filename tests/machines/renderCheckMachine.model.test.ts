import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect } from 'vitest';
import type { GenerativeRender } from '../../domain/generativeRender';
import { createRenderCheckMachine } from '../../machines/media/renderCheckMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Token {
  id: string;
}

const TOKEN: Token = { id: 'token-1' };
const HASH = 'a'.repeat(64);
const RECORDED: GenerativeRender = { check: 'pixels', sha256: HASH, width: 480, height: 480, frame: 1 };
const WEBGL: GenerativeRender = { check: 'none', reason: 'webgl' };
// This device's renders: the recorded pixels, and another picture of the same size.
const SAME: GenerativeRender = { ...RECORDED };
const OTHER: GenerativeRender = { ...RECORDED, sha256: 'b'.repeat(64) };
const LARGER: GenerativeRender = { ...RECORDED, width: 960, height: 960 };

const machine = createRenderCheckMachine<Token>();
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.drawRender', output: SAME } as EventObject,
  { type: 'xstate.done.actor.drawRender', output: OTHER } as EventObject,
  { type: 'xstate.done.actor.drawRender', output: LARGER } as EventObject,
  { type: 'xstate.error.actor.drawRender', error: new Error('The artwork did not draw in time to check its render.') } as EventObject,
  { type: 'xstate.done.actor.pageSettled' } as EventObject,
  { type: 'xstate.error.actor.pageSettled', error: new Error('gone') } as EventObject,
  { type: 'check.retry' },
];

// One model per kind of recorded render: none, one that is not verified, and pixels.
const paths = [null, WEBGL, RECORDED].flatMap((recorded) => modelPaths(createMachineTestModel(machine, { project, events, input: { token: TOKEN, recorded } })));

function harness() {
  const drawRender = controlled<GenerativeRender, { token: Token }>();
  const pageSettled = controlled<void, void>();
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  const send = (step: { event: EventObject }) => {
    const calls = drawRender.calls.length;
    const accepted = real().can(step.event as never);
    actor!.send(step.event as never);
    // Each retry draws the piece once, with the page's token.
    expect(drawRender.calls).toHaveLength(calls + (accepted ? 1 : 0));
    if (accepted) expect(drawRender.last().input).toEqual({ token: TOKEN });
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': (step: { state: AnyMachineSnapshot }) => {
          const recorded = (step.state.context as { recorded: GenerativeRender | null }).recorded;
          actor = createActor(machine.provide({ actors: { drawRender: drawRender.logic, pageSettled: pageSettled.logic } }), {
            input: { token: TOKEN, recorded },
          }).start();
          // Nothing is drawn before the page has settled.
          expect(drawRender.calls).toHaveLength(0);
        },
        'check.retry': send,
        // The page settled (or could not tell): the piece is drawn once, with the page's token.
        'xstate.done.actor.pageSettled': async () => {
          pageSettled.last().resolve();
          await flush();
          expect(drawRender.calls).toHaveLength(1);
          expect(drawRender.last().input).toEqual({ token: TOKEN });
        },
        'xstate.error.actor.pageSettled': async (step: { event: EventObject }) => {
          pageSettled.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
          expect(drawRender.calls).toHaveLength(1);
        },
        'xstate.done.actor.drawRender': async (step: { event: EventObject }) => {
          drawRender.last().resolve((step.event as unknown as { output: GenerativeRender }).output);
          await flush();
        },
        'xstate.error.actor.drawRender': async (step: { event: EventObject }) => {
          drawRender.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        deciding: () => {
          throw new Error('deciding is transient: the machine never rests there');
        },
        unrecorded: (snap) => {
          expect(snap.context.recorded).toBeNull();
          expect(pageSettled.calls).toHaveLength(0);
          expect(drawRender.calls).toHaveLength(0);
        },
        unverified: (snap) => {
          expect(snap.context.recorded).toEqual(WEBGL);
          expect(pageSettled.calls).toHaveLength(0);
          expect(drawRender.calls).toHaveLength(0);
        },
        waiting: (snap) => {
          expect(snap.context.recorded).toEqual(RECORDED);
          expect(snap.context.drawn).toBeNull();
          expect(pageSettled.calls).toHaveLength(1);
          expect(pageSettled.last().signal.aborted).toBe(false);
          expect(drawRender.calls).toHaveLength(0);
        },
        checking: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(drawRender.last().signal.aborted).toBe(false);
          expect(snap.can({ type: 'check.retry' })).toBe(false);
        },
        verified: (snap) => {
          // Same hash, size and frame as recorded.
          expect(snap.context.drawn).toEqual(RECORDED);
          expect(snap.context.error).toBeNull();
          expect(snap.hasTag('busy')).toBe(false);
        },
        differs: (snap) => {
          // Another hash, or the same one at another size: this device draws the piece differently.
          expect([OTHER, LARGER]).toContainEqual(snap.context.drawn);
          expect(snap.context.error).toBeNull();
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('The artwork did not draw in time to check its render.');
          expect(snap.can({ type: 'check.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('renderCheckMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});
