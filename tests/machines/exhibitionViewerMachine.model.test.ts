import { describe, expect } from 'vitest';
import { createActor, type ActorRefFrom, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  exhibitionViewerMachine,
  type ExhibitionViewerEvent,
  type ExhibitionViewerInput,
} from '../../machines/exhibitions/exhibitionViewerMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests } from './support/modelTesting';

// The exhibition viewer over two artworks: position 0 the intro, 1 and 2 the cards, 3 the statement. Every move
// is persisted (through the flow) with the exhibition id; each stored position starts its own graph, so the
// position restored after leaving or a reload is walked from every starting point.

const EXHIBITION = 'exh-systems-of-light';

const modelEvents = (): ExhibitionViewerEvent[] => [
  { type: 'viewer.next' },
  { type: 'viewer.prev' },
  { type: 'viewer.goTo', position: 0 },
  { type: 'viewer.goTo', position: 2 },
  { type: 'viewer.goTo', position: 3 },
  { type: 'viewer.goTo', position: 7 },
  { type: 'viewer.key', key: 'ArrowRight' },
  { type: 'viewer.key', key: 'ArrowLeft' },
  { type: 'viewer.key', key: 'Home' },
  { type: 'viewer.key', key: 'End' },
  { type: 'viewer.key', key: 'Enter' },
  { type: 'viewer.swipe', dx: -120 },
  { type: 'viewer.swipe', dx: 120 },
  { type: 'viewer.swipe', dx: 20 },
];

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

/** Where the event must leave the viewer from a position (2 artworks: 0..3). */
function expectedPosition(position: number, event: ExhibitionViewerEvent): number {
  const clamp = (value: number) => (value < 0 || value > 3 ? position : value);
  switch (event.type) {
    case 'viewer.next':
      return clamp(position + 1);
    case 'viewer.prev':
      return clamp(position - 1);
    case 'viewer.goTo':
      return clamp(event.position);
    case 'viewer.key':
      return event.key === 'ArrowRight' ? clamp(position + 1) : event.key === 'ArrowLeft' ? clamp(position - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? 3 : position;
    case 'viewer.swipe':
      // A swipe to the left shows the next item, to the right the previous; a short one is a tap.
      return event.dx <= -48 ? clamp(position + 1) : event.dx >= 48 ? clamp(position - 1) : position;
  }
}

function harness(input: ExhibitionViewerInput, startsAt: number) {
  return () => {
    let actor: ActorRefFrom<typeof exhibitionViewerMachine> | undefined;
    const persisted: Array<{ exhibitionId: string; position: number }> = [];
    const real = () => {
      if (!actor) throw new Error('actor not started');
      return actor.getSnapshot();
    };
    const send = (step: { event: EventObject }) => {
      const event = step.event as ExhibitionViewerEvent;
      const before = real().context.position;
      const stored = persisted.length;
      actor!.send(event);
      const after = expectedPosition(before, event);
      expect(real().context.position).toBe(after);
      // A move is stored for this exhibition; an event that does not move stores nothing.
      if (after === before) expect(persisted).toHaveLength(stored);
      else expect(persisted.slice(stored)).toEqual([{ exhibitionId: EXHIBITION, position: after }]);
    };
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': () => {
            actor = createActor(
              exhibitionViewerMachine.provide({ actions: { persistPosition: (_, params) => void persisted.push(params) } }),
              { input },
            ).start();
            // The stored position opens at once, and restoring it stores nothing.
            expect(real().context.position).toBe(startsAt);
            expect(persisted).toEqual([]);
          },
          'viewer.next': send,
          'viewer.prev': send,
          'viewer.goTo': send,
          'viewer.key': send,
          'viewer.swipe': send,
        },
        states: checkedStates(real, project, {
          starting: () => {
            throw new Error('the viewer rests in starting');
          },
          intro: (snap) => {
            expect(snap.context.position).toBe(0);
            expect(snap.can({ type: 'viewer.prev' })).toBe(false);
            expect(snap.can({ type: 'viewer.next' })).toBe(true);
            expect(snap.can({ type: 'viewer.key', key: 'Home' })).toBe(false);
          },
          card: (snap) => {
            expect([1, 2]).toContain(snap.context.position);
            expect(snap.can({ type: 'viewer.prev' })).toBe(true);
            expect(snap.can({ type: 'viewer.next' })).toBe(true);
          },
          statement: (snap) => {
            expect(snap.context.position).toBe(3);
            expect(snap.can({ type: 'viewer.next' })).toBe(false);
            expect(snap.can({ type: 'viewer.prev' })).toBe(true);
            expect(snap.can({ type: 'viewer.key', key: 'End' })).toBe(false);
          },
        }),
      },
    };
  };
}

const inputs: Array<[string, unknown, number]> = [
  ['nothing stored: the intro', undefined, 0],
  ['stored on the second card', 2, 2],
  ['stored on the statement', 3, 3],
  ['stored beyond the end (fewer artworks now): the statement', 9, 3],
  ['stored garbage: the intro', 'second', 0],
];

describe.each(inputs)('exhibitionViewerMachine (model-based), %s', (_title, storedPosition, startsAt) => {
  const input: ExhibitionViewerInput = { exhibitionId: EXHIBITION, count: 2, storedPosition };
  const model = createMachineTestModel(exhibitionViewerMachine, { events: modelEvents, project, input });
  modelCoverageTests(exhibitionViewerMachine, model.getShortestPaths(), harness(input, startsAt));
});
