import { expect, it } from 'vitest';
import { fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { TestModel, getStateNodes, type StatePath, type TestParam, type TestPath } from 'xstate/graph';
import { recordPathCoverage, recordingMachine, writeCoverageAfterAll } from './modelCoverage';

type Snap = AnyMachineSnapshot;
type Event = EventObject;

export interface MachineModelOptions {
  /** Concrete events (with payloads) per event type; a type not listed is sent as `{ type }`. */
  events?: (state: Snap) => Event[];
  filterEvents?: (state: Snap, event: Event) => boolean;
  /** What makes two snapshots the same vertex of the graph; drop counters so the graph stays finite. */
  project?: (state: Snap) => unknown;
  input?: unknown;
}

const ownEventTypes = (state: Snap): string[] => [...new Set(state._nodes.flatMap((node) => node.ownEvents))];

/**
 * createTestModel() from xstate/graph refuses machines with `invoke` or `after` ("Invocations on test machines
 * are not supported"), and every machine here has one. This builds the same TestModel (same state matcher, same
 * event enumeration from each state's own transitions) without that check: the tests drive invocations with
 * controlled promises and delays with fake timers, so the real machine still runs every step.
 */
export function createMachineTestModel(machine: AnyStateMachine, options: MachineModelOptions = {}) {
  const project = options.project ?? ((state: Snap) => ({ value: state.value, context: state.context }));
  // The recording machine notes what each step took, for the coverage table (modelCoverage.ts).
  return new TestModel<Snap, Event, unknown>(recordingMachine(machine), {
    input: options.input,
    // As createTestModel does: a state reached by another event from another state is another vertex.
    serializeState: (state, event, previous) =>
      JSON.stringify(project(state)) +
      (event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value)
        ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}`
        : ''),
    serializeEvent: (event) => JSON.stringify(event),
    stateMatcher: (state, key) =>
      key.startsWith('#') ? state._nodes.includes(machine.getStateNodeById(key)) : state.matches(key as never),
    filterEvents: options.filterEvents,
    events: (state) => {
      const provided = options.events?.(state) ?? [];
      return ownEventTypes(state).flatMap((type) => {
        const variants = provided.filter((event) => event.type === type);
        return variants.length ? variants : [{ type }];
      });
    },
  });
}

/** Every state node of the machine, as the dotted key a `states` map uses (`failed.region`). */
export function stateKeys(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.path.join('.'));
}

/** Every event type some transition of the machine handles (user events, done/error of invocations, delays). */
export function machineEventTypes(machine: AnyStateMachine): string[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return [...new Set(nodes.flatMap((node) => node.ownEvents))].sort();
}

export function pathEventTypes(paths: Array<StatePath<Snap, Event>>): string[] {
  return [...new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))]
    .filter((type) => type !== 'xstate.init')
    .sort();
}

/** Shortest paths plus simple paths, without repeating an event sequence. */
export function modelPaths(
  model: TestModel<Snap, Event, unknown>,
  simple: { toState?: (state: Snap) => boolean; filterEvents?: MachineModelOptions['filterEvents'] } = {},
): Array<TestPath<Snap, Event>> {
  const all = [...model.getShortestPaths(), ...model.getSimplePaths(simple)];
  const seen = new Set<string>();
  return all.filter((path) => {
    const key = JSON.stringify(path.steps.map((step) => step.event));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function describePath(path: TestPath<Snap, Event>): string {
  const events = path.steps.slice(1).map((step) => {
    const { type, ...payload } = step.event;
    const shown = Object.keys(payload).length ? `(${JSON.stringify(payload).slice(0, 60)})` : '';
    return `${type.replace(/^xstate\./, '')}${shown}`;
  });
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || 'init'}`;
}

/**
 * Wraps per-state assertions on the REAL actor's snapshot: each first checks that the real actor is in the
 * state the model reached (same value, same projected context); a state without its own assertion fails.
 */
export function checkedStates(
  getReal: () => Snap,
  project: (state: Snap) => unknown,
  assertions: Record<string, (real: Snap, model: Snap) => void>,
): NonNullable<TestParam<Snap, Event>['states']> {
  const states: NonNullable<TestParam<Snap, Event>['states']> = {};
  for (const [key, assert] of Object.entries(assertions)) {
    states[key] = (model) => {
      const real = getReal();
      expect(real.value).toEqual(model.value);
      expect(project(real)).toEqual(project(model));
      assert(real, model);
    };
  }
  states['*'] = (model) => {
    throw new Error(`No assertion for state ${JSON.stringify(model.value)}`);
  };
  return states;
}

/**
 * The checks every model-based suite shares: an assertion for every state node, every event type of the
 * machine exercised by some path (each with an executor), and each generated path run on a fresh harness (what the
 * passing paths reach goes to the coverage table).
 */
export function modelCoverageTests(
  machine: AnyStateMachine,
  paths: Array<TestPath<Snap, Event>>,
  harness: () => { params: TestParam<Snap, Event>; stop(): void },
): void {
  it('has an assertion for every state node', () => {
    const keys = Object.keys(harness().params.states ?? {}).filter((key) => key !== '*');
    expect(keys.sort()).toEqual(stateKeys(machine).sort());
  });

  it('exercises every event type of the machine, each with an executor', () => {
    const exercised = pathEventTypes(paths);
    expect(exercised).toEqual(machineEventTypes(machine));
    const executors = Object.keys(harness().params.events ?? {});
    expect(exercised.filter((type) => !executors.includes(type))).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const h = harness();
    try {
      await path.test(h.params);
      recordPathCoverage(machine, path);
    } finally {
      h.stop();
    }
  });
  writeCoverageAfterAll();
}

/** Lets fake timers stay on while promise callbacks (fromPromise resolution) run. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface PendingCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (value: TOutput) => void;
  reject: (reason: unknown) => void;
}

/** A promise-returning function whose calls the test settles by hand. */
export function controlled<TOutput, TInput = unknown>() {
  const calls: Array<PendingCall<TOutput, TInput>> = [];
  const fn = (input: TInput, signal: AbortSignal) =>
    new Promise<TOutput>((resolve, reject) => {
      calls.push({ input, signal, resolve, reject });
    });
  return {
    calls,
    fn,
    logic: fromPromise<TOutput, TInput>(({ input, signal }) => fn(input, signal)),
    last(): PendingCall<TOutput, TInput> {
      const call = calls.at(-1);
      if (!call) throw new Error('no call was made');
      return call;
    },
  };
}

/**
 * Executors for an invoked promise's done and error events: the model step's output (or error) settles the last
 * call the real actor made, then its promise callbacks run.
 */
export function settleLastCall(id: string, lastCall: () => Pick<PendingCall<never, unknown>, 'resolve' | 'reject'>) {
  return {
    [`xstate.done.actor.${id}`]: async (step: { event: Event }) => {
      lastCall().resolve((step.event as unknown as { output: never }).output);
      await flush();
    },
    [`xstate.error.actor.${id}`]: async (step: { event: Event }) => {
      lastCall().reject((step.event as unknown as { error: unknown }).error);
      await flush();
    },
  };
}
