import { describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { studioListMachine, type StudioListContext, type StudioListEvent, type StudioListRow } from '../../../machines/studio/studioListMachine';
import type { CanvasRef } from '../../../machines/studio/studioTypes';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';

const row = (id: string, name: string, createdAt: string, state: StudioListRow['state']): StudioListRow => ({
  id, name, symbol: name.toUpperCase(), mediaType: 'image', state, createdAt,
});
const dawn = row('c1', 'Dawn', '2026-11-20T08:00:00.000Z', 'finalized');
const dusk = row('c2', 'Dusk', '2026-11-22T18:00:00.000Z', 'building');
const noon = row('c3', 'Noon', '2026-11-21T12:00:00.000Z', 'published');
// getAllCanvas may answer in any order; the list shows newest first.
const serverRows = [dawn, dusk, noon];

const ctx = (state: AnyMachineSnapshot) => state.context as StudioListContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: ctx(state) });

// The graph deletes the top (newest) row only, so the server's answer is known from the rows shown: the first load
// answers all three (or none: a creator without collections), a load after a delete answers the rows shown but
// the first (the list is only replaced by a successful load), in reverse order to check the sorting each time.
function modelEvents(state: AnyMachineSnapshot): Array<EventObject & Record<string, unknown>> {
  const c = ctx(state);
  const answers = c.rows.length ? [[...c.rows.slice(1)].reverse()] : [serverRows, []];
  return [
    ...answers.map((output) => ({ type: 'xstate.done.actor.loadCanvasList', output })),
    { type: 'xstate.error.actor.loadCanvasList', error: new Error('Could not reach the server') },
    ...c.rows.map((listed) => ({ type: 'list.select', id: listed.id })),
    { type: 'list.select', id: 'c404' },
    ...c.rows.slice(0, 1).map((listed) => ({ type: 'list.edit', id: listed.id })),
    { type: 'list.edit', id: 'c404' },
    { type: 'list.delete', id: c.rows[0]?.id ?? 'c404' },
    { type: 'list.confirm' },
    { type: 'list.cancel' },
    { type: 'list.retry' },
    { type: 'xstate.done.actor.deleteCanvas', output: undefined },
    { type: 'xstate.error.actor.deleteCanvas', error: new Error('Canvas is published') },
  ];
}

// The list machine has no parent or system sends of its own that need one: the graph walks the real machine.
const model = createMachineTestModel(studioListMachine, { project, events: modelEvents });
// Simple paths to studio-create: each row deleted in turn, the first delete cancelled or failed before it is
// confirmed again (shortest paths reach selection, failed loads and the rest).
const simpleEvents = ['xstate.done.actor.loadCanvasList', 'list.delete', 'list.confirm', 'xstate.done.actor.deleteCanvas'];
const paths = modelPaths(model, {
  toState: (state) => state.matches('empty'),
  filterEvents: (state, event) =>
    simpleEvents.includes(event.type) || (ctx(state).rows.length === 3 && ['list.cancel', 'xstate.error.actor.deleteCanvas', 'list.select'].includes(event.type) && ctx(state).selectedId === null),
});

function startList() {
  const load = controlled<StudioListRow[], void>();
  const remove = controlled<void, CanvasRef>();
  const goToCreate = vi.fn();
  const goToEdit = vi.fn();
  const notices: Array<{ kind: string; text: string }> = [];
  const notifications = setup({}).createMachine({
    on: { 'notify.show': { actions: ({ event }) => notices.push({ kind: event.kind as string, text: event.text as string }) } },
  });
  const list = studioListMachine.provide({ actors: { loadCanvasList: load.logic, deleteCanvas: remove.logic }, actions: { goToCreate, goToEdit } });
  const parent = createActor(
    setup({ actors: { list, notifications } }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'list', src: 'list' },
      ],
    }),
  ).start();
  const actor = () => parent.getSnapshot().children.list as AnyActorRef;
  return { parent, actor, load, remove, goToCreate, goToEdit, notices };
}

function harness() {
  let run: ReturnType<typeof startList> | undefined;
  const get = () => {
    if (!run) throw new Error('list not started');
    return run;
  };
  const real = () => get().actor().getSnapshot() as AnyMachineSnapshot;
  const send = (step: { event: EventObject }) => get().actor().send(step.event as StudioListEvent);
  const ids = () => ctx(real()).rows.map((listed) => listed.id);
  let settledDeletes = 0;
  return {
    stop: () => run?.parent.stop(),
    params: {
      events: {
        'xstate.init': () => {
          settledDeletes = 0;
          run = startList();
        },
        'xstate.done.actor.loadCanvasList': async (step: { event: EventObject }) => {
          const { output } = step.event as unknown as { output: StudioListRow[] };
          get().load.last().resolve(output);
          await flush();
          // Newest first, whatever order the server answered in.
          const expected = { 3: ['c2', 'c3', 'c1'], 2: ['c3', 'c1'], 1: ['c1'], 0: [] }[output.length as 0 | 1 | 2 | 3];
          expect(ids()).toEqual(expected);
        },
        'xstate.error.actor.loadCanvasList': async () => {
          get().load.last().reject(new Error('Could not reach the server'));
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'error', text: 'Could not reach the server' });
        },
        'list.select': (step: { event: EventObject }) => {
          const before = ctx(real()).selectedId;
          const { id } = step.event as unknown as { id: string };
          send(step);
          // Only a listed row can be selected; an unknown id changes nothing.
          expect(ctx(real()).selectedId).toBe(ids().includes(id) ? id : before);
        },
        // Edit opens the studio on a listed row (in any state that shows rows); an unknown id goes nowhere.
        'list.edit': (step: { event: EventObject }) => {
          const { id } = step.event as unknown as { id: string };
          const before = real().value;
          const calls = get().goToEdit.mock.calls.length;
          send(step);
          expect(real().value).toEqual(before);
          if (ids().includes(id)) {
            expect(get().goToEdit).toHaveBeenCalledTimes(calls + 1);
            expect(get().goToEdit).toHaveBeenLastCalledWith(expect.anything(), { id });
          } else {
            expect(get().goToEdit).toHaveBeenCalledTimes(calls);
          }
        },
        'list.delete': send,
        'list.confirm': (step: { event: EventObject }) => {
          const asked = ctx(real()).deleting;
          send(step);
          expect(get().remove.last().input).toEqual({ canvasId: asked!.id });
        },
        'list.cancel': (step: { event: EventObject }) => {
          const calls = get().remove.calls.length;
          send(step);
          expect(get().remove.calls).toHaveLength(calls);
        },
        'list.retry': send,
        'xstate.done.actor.deleteCanvas': async () => {
          const loads = get().load.calls.length;
          get().remove.last().resolve();
          settledDeletes += 1;
          await flush();
          // The notice, then the list is read again (a refresh: the server's list without the deleted row).
          expect(get().notices.at(-1)).toEqual({ kind: 'success', text: 'Collection deleted' });
          expect(get().load.calls).toHaveLength(loads + 1);
        },
        'xstate.error.actor.deleteCanvas': async () => {
          const shown = ids();
          get().remove.last().reject(new Error('Canvas is published'));
          settledDeletes += 1;
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'error', text: 'Canvas is published' });
          expect(ids()).toEqual(shown);
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(get().load.last().signal.aborted).toBe(false);
          expect(get().goToCreate).not.toHaveBeenCalled();
        },
        failed: (snap) => {
          expect(ctx(snap).problem).toBe('Could not reach the server');
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.can({ type: 'list.retry' })).toBe(true);
          expect(snap.can({ type: 'list.delete', id: 'c1' })).toBe(false);
        },
        // An empty list, at first or after the last delete, goes to studio-create, once.
        empty: (snap) => {
          expect(ctx(snap).rows).toEqual([]);
          expect(get().goToCreate).toHaveBeenCalledTimes(1);
        },
        ready: (snap) => {
          const c = ctx(snap);
          expect(snap.hasTag('loading')).toBe(false);
          expect(c.rows.length).toBeGreaterThan(0);
          const dates = c.rows.map((listed) => listed.createdAt);
          expect(dates).toEqual([...dates].sort().reverse());
          expect(c.deleting).toBeNull();
          expect(c.selectedId === null || c.rows.some((listed) => listed.id === c.selectedId)).toBe(true);
          expect(snap.can({ type: 'list.delete', id: c.rows[0]!.id })).toBe(true);
          expect(snap.can({ type: 'list.delete', id: 'c404' })).toBe(false);
          expect(get().goToCreate).not.toHaveBeenCalled();
        },
        // The dialog asks about the row chosen; nothing is deleted until Delete is confirmed.
        confirming: (snap) => {
          expect(ctx(snap).deleting).toEqual(ctx(snap).rows[0]);
          expect(snap.hasTag('busy')).toBe(false);
          expect(get().remove.calls).toHaveLength(settledDeletes);
        },
        deleting: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(get().remove.last().input).toEqual({ canvasId: ctx(snap).deleting!.id });
          expect(get().remove.last().signal.aborted).toBe(false);
        },
      }),
    },
  };
}

describe('studioListMachine (model-based)', () => {
  modelCoverageTests(studioListMachine, paths, harness);

  it('covers an empty first list and deleting the last collection, both ending on studio-create', () => {
    const toEmpty = paths.filter((path) => path.state.matches('empty'));
    expect(toEmpty.some((path) => !path.steps.some((step) => step.event.type === 'xstate.done.actor.deleteCanvas'))).toBe(true);
    expect(toEmpty.some((path) => path.steps.filter((step) => step.event.type === 'xstate.done.actor.deleteCanvas').length === 3)).toBe(true);
  });
});
