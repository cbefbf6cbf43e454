import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type Actor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { isSearchable } from '../../domain/searchRules';
import { createSearchMachine, type SearchEvent, type SearchResults } from '../../machines/search/searchMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

// The search page's machine: results as you type. Driven through every state and event with the real actor: the
// search is a promise the test settles, the pause is fake time, and the URL writes are recorded.

type Results = SearchResults<{ name: string }, { name: string }, { name: string }>;
const FOUND: Results = { tokens: [{ name: 'Quasar Bloom' }], collections: [{ name: 'Quasar Nights' }], artists: [{ name: 'Quasar Vale' }] };
const machine = createSearchMachine<Results>();
const DEBOUNCE = 'xstate.after.debounce.search.typing';

const project = (state: AnyMachineSnapshot) => {
  const { text, query, results, error } = state.context as { text: string; query: string | null; results: Results | null; error: string | null };
  return { value: state.value, text, query, found: results !== null, error };
};

const typed: SearchEvent[] = [
  // Too short (trimmed), then searchable with spaces around it (searched trimmed).
  { type: 'search.type', text: ' q ' },
  { type: 'search.type', text: ' quasar ' },
  // The URL changed by Back or a link: searched at once; '' (no q) asks for more.
  { type: 'search.sync', text: 'red' },
  { type: 'search.sync', text: '' },
];
const events = (): EventObject[] => [
  ...typed,
  { type: 'xstate.done.actor.search', output: FOUND } as EventObject,
  { type: 'xstate.error.actor.search', error: new Error('Network request failed') } as EventObject,
];

const model = createMachineTestModel(machine, { input: { text: '' }, project, events });
// Shortest paths reach every (state, text, results) vertex; simple paths over typing a searchable text, the pause,
// the answer, a failure and its retry add their orders that end with results on screen (over every event they explode).
const SIMPLE = new Set(['search.type', DEBOUNCE, 'xstate.done.actor.search', 'xstate.error.actor.search', 'search.retry']);
const paths = modelPaths(model, {
  toState: (state) => state.matches('ready'),
  filterEvents: (_state, event) => SIMPLE.has(event.type) && (event.type !== 'search.type' || (event as unknown as { text: string }).text === ' quasar '),
});

function harness() {
  const search = controlled<Results, { text: string }>();
  const shown: string[] = [];
  let actor: Actor<typeof machine> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  const provided = machine.provide({
    actors: { search: search.logic, routeSearch: fromCallback(() => undefined) },
    actions: { showText: (_, params) => void shown.push(params.text) },
  });
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(provided, { input: { text: '' } }).start();
        },
        'search.type': (step: { event: EventObject }) => {
          const event = step.event as Extract<SearchEvent, { type: 'search.type' }>;
          const running = real().matches('searching') ? search.last() : null;
          actor!.send(event);
          // Every keystroke is written to the URL as typed; a search still running is dropped.
          expect(shown.at(-1)).toBe(event.text);
          if (running) expect(running.signal.aborted).toBe(true);
        },
        'search.sync': (step: { event: EventObject }) => {
          const writes = shown.length;
          actor!.send(step.event as SearchEvent);
          // What came from the URL is not written back to it.
          expect(shown).toHaveLength(writes);
        },
        'search.retry': (step: { event: EventObject }) => {
          const calls = search.calls.length;
          actor!.send(step.event as SearchEvent);
          expect(search.calls).toHaveLength(calls + 1);
        },
        [DEBOUNCE]: () => {
          const calls = search.calls.length;
          // Nothing is asked before the pause has passed.
          vi.advanceTimersByTime(249);
          expect(search.calls).toHaveLength(calls);
          expect(real().matches('typing')).toBe(true);
          vi.advanceTimersByTime(1);
          expect(search.calls).toHaveLength(calls + 1);
        },
        'xstate.done.actor.search': async (step: { event: EventObject }) => {
          search.last().resolve((step.event as unknown as { output: Results }).output);
          await flush();
        },
        'xstate.error.actor.search': async (step: { event: EventObject }) => {
          search.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        deciding: () => {
          throw new Error('deciding is transient: never at rest');
        },
        idle: (snap) => {
          expect(isSearchable(snap.context.text)).toBe(false);
          expect(snap.context.results).toBeNull();
          expect(snap.context.query).toBeNull();
          expect(snap.hasTag('loading')).toBe(false);
          // Time passing asks nothing.
          const calls = search.calls.length;
          vi.advanceTimersByTime(1_000);
          expect(search.calls).toHaveLength(calls);
        },
        typing: (snap) => {
          expect(isSearchable(snap.context.text)).toBe(true);
          expect(snap.hasTag('loading')).toBe(false);
        },
        searching: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          // The trimmed text is asked for, and the call is live.
          expect(search.last().input).toEqual({ text: snap.context.text.trim() });
          expect(search.last().signal.aborted).toBe(false);
        },
        ready: (snap) => {
          expect(snap.context.results).toEqual(FOUND);
          expect(snap.context.query).toBe(snap.context.text.trim());
          expect(snap.context.error).toBeNull();
          expect(snap.can({ type: 'search.retry' })).toBe(false);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Network request failed');
          expect(snap.can({ type: 'search.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('searchMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  modelCoverageTests(machine, paths, harness);

  it('a text from the URL is searched at once, without the pause', () => {
    const search = controlled<Results, { text: string }>();
    const actor = createActor(machine.provide({ actors: { search: search.logic, routeSearch: fromCallback(() => undefined) } }), { input: { text: 'Quasar' } }).start();
    expect(actor.getSnapshot().value).toBe('searching');
    expect(search.last().input).toEqual({ text: 'Quasar' });
    actor.stop();
  });

  it('keystrokes within the pause send one search, for the last text', () => {
    const search = controlled<Results, { text: string }>();
    const actor = createActor(machine.provide({ actors: { search: search.logic, routeSearch: fromCallback(() => undefined) } }), { input: { text: '' } }).start();
    for (const text of ['qu', 'qua', 'quas']) {
      actor.send({ type: 'search.type', text });
      vi.advanceTimersByTime(200);
    }
    expect(search.calls).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(search.calls.map((call) => call.input)).toEqual([{ text: 'quas' }]);
    actor.stop();
  });
});
