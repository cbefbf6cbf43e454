import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import { createEmptyActor, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type InspectionEvent } from 'xstate';
import type { TestPath } from 'xstate/graph';

// What the model-based suites' paths reach, per machine: the state nodes visited (transient ones too), the
// transitions taken as (source state node, event type) pairs (eventless ones as `always`) and the event types
// exercised, out of the machine's totals. The model's machine is wrapped so each step's microsteps are recorded as the
// graph is traversed (the transitions an event or the start took, inspected through the actor system); each test file
// writes what its passing paths reached to test-reports/machine-coverage/, and the machines project's global teardown
// (coverage.globalSetup.ts) prints the table and holds it against coverageExceptions.ts.

export const COVERAGE_DIR = 'test-reports/machine-coverage';

export interface StepReach {
  transitions: string[];
  states: string[];
}

export interface MachineReach {
  states: string[];
  transitions: string[];
  events: string[];
}

export interface MachineCoverageRecord {
  reached: MachineReach;
  totals: MachineReach;
}

/** One test file's record: per machine id, what its paths reached and the machine's totals. */
export interface CoverageFile {
  file: string;
  machines: Record<string, MachineCoverageRecord>;
}

type Snap = AnyMachineSnapshot;
type Transition = { source: AnyStateNode; eventType: string };

export const transitionKey = (sourceId: string, eventType: string) => `${sourceId} ${eventType || 'always'}`;

const initialSteps = new WeakMap<object, StepReach>();
// The graph may hand a path an equal vertex in place of the initial snapshot (its map keeps the last of the snapshots
// that serialize alike), so what the start did is also kept by machine and initial state value: every path of a model
// starts there (models of one machine with other inputs that start in the same state share the entry).
const initialStepsByValue = new WeakMap<AnyStateMachine, Map<string, StepReach>>();
const eventSteps = new WeakMap<object, Map<string, StepReach>>();

/** Runs `run` with the scope's actor system inspected: the transitions its microsteps took and the states they left. */
function inspected<T>(scope: AnyActorScope, run: () => T): [T, StepReach] {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const subscription = scope.system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions as Transition[]) {
      transitions.add(transitionKey(t.source.id, t.eventType));
      states.add(t.source.id);
    }
    for (const node of (event.snapshot as Snap)._nodes) states.add(node.id);
  });
  try {
    return [run(), { transitions: [...transitions], states: [...states] }];
  } finally {
    subscription.unsubscribe();
  }
}

/**
 * The machine as the test model sees it, recording what each transition it computes took. Everything else is the
 * machine itself (the snapshots it makes are the machine's own).
 */
export function recordingMachine<T extends AnyStateMachine>(machine: T): T {
  return new Proxy(machine, {
    get(target, property, receiver) {
      if (property === 'getInitialSnapshot') {
        return (scope: AnyActorScope, input: unknown) => {
          const [snapshot, step] = inspected(scope, () => target.getInitialSnapshot(scope, input));
          initialSteps.set(snapshot, step);
          const byValue = initialStepsByValue.get(target) ?? new Map<string, StepReach>();
          const key = JSON.stringify(snapshot.value);
          const known = byValue.get(key);
          initialStepsByValue.set(target, byValue.set(key, known ? { transitions: [...new Set([...known.transitions, ...step.transitions])], states: [...new Set([...known.states, ...step.states])] } : step));
          return snapshot;
        };
      }
      if (property === 'transition') {
        return (snapshot: Snap, event: EventObject, scope: AnyActorScope) => {
          const [next, step] = inspected(scope, () => target.transition(snapshot, event, scope));
          const steps = eventSteps.get(snapshot) ?? new Map<string, StepReach>();
          steps.set(JSON.stringify(event), step);
          eventSteps.set(snapshot, steps);
          return next;
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

/** The machine's totals: its state nodes (not the root), its (source, event type) transitions and its event types. */
export function machineTotals(machine: AnyStateMachine): MachineReach {
  const nodes = [machine.root, ...descendants(machine.root)];
  return {
    states: nodes.slice(1).map((node) => node.id),
    transitions: nodes.flatMap((node) => [
      ...[...node.transitions.keys()].map((type) => transitionKey(node.id, type)),
      ...(node.always?.length ? [transitionKey(node.id, '')] : []),
    ]),
    events: [...new Set(nodes.flatMap((node) => node.ownEvents))].sort(),
  };
}

const reaches = new Map<string, { machine: AnyStateMachine; states: Set<string>; transitions: Set<string>; events: Set<string> }>();
let testFile: string | undefined;

/** An actor scope like the one xstate/graph computes snapshots with: no effect runs. */
function quietScope(): AnyActorScope {
  const self = createEmptyActor();
  const none = () => undefined;
  return { self, system: self.system, logger: none, id: '', sessionId: '', defer: none, stopChild: none, emit: none, actionExecutor: none } as unknown as AnyActorScope;
}

function stepReach(path: TestPath<Snap, EventObject>, index: number): StepReach | undefined {
  const step = path.steps[index]!;
  if (index === 0) return initialSteps.get(step.state) ?? initialStepsByValue.get(step.state.machine)?.get(JSON.stringify(step.state.value));
  const previous = path.steps[index - 1]!.state;
  const event = JSON.stringify(step.event);
  const known = eventSteps.get(previous)?.get(event);
  if (known) return known;
  // The graph keeps one snapshot per vertex and hands a path an equal one it reached another way: replay the step.
  const scope = quietScope();
  const [, replayed] = inspected(scope, () => previous.machine.transition(previous, step.event, scope));
  eventSteps.set(previous, (eventSteps.get(previous) ?? new Map<string, StepReach>()).set(event, replayed));
  return replayed;
}

/** Adds what a path that passed reached to its machine's record (written when the file's tests are done). */
export function recordPathCoverage(machine: AnyStateMachine, path: TestPath<Snap, EventObject>): void {
  const file = expect.getState().testPath;
  if (file !== testFile) {
    // The next file in a worker that keeps its modules between files (the project runs without isolation): a record
    // of its own, not the previous file's reach.
    reaches.clear();
    testFile = file;
  }
  const reach = reaches.get(machine.id) ?? { machine, states: new Set(), transitions: new Set(), events: new Set() };
  reaches.set(machine.id, reach);
  path.steps.forEach((step, index) => {
    for (const node of step.state._nodes) reach.states.add(node.id);
    if (index > 0) reach.events.add(step.event.type);
    const taken = stepReach(path, index);
    if (!taken) return;
    for (const id of taken.states) reach.states.add(id);
    for (const key of taken.transitions) {
      reach.transitions.add(key);
      const type = key.slice(key.indexOf(' ') + 1);
      if (type !== 'always') reach.events.add(type);
    }
  });
}

function writeCoverage(): void {
  if (!testFile || !reaches.size) return;
  const root = resolve(import.meta.dirname, '../../..');
  const file = relative(root, testFile).split('\\').join('/');
  const machines: Record<string, MachineCoverageRecord> = {};
  for (const [id, reach] of [...reaches].sort(([a], [b]) => a.localeCompare(b))) {
    const totals = machineTotals(reach.machine);
    machines[id] = {
      totals,
      reached: { states: [...reach.states].sort(), transitions: [...reach.transitions].sort(), events: [...reach.events].sort() },
    };
  }
  const dir = join(root, COVERAGE_DIR);
  mkdirSync(dir, { recursive: true });
  const record: CoverageFile = { file, machines };
  writeFileSync(join(dir, `${file.replace(/[^A-Za-z0-9.]+/g, '_')}.json`), JSON.stringify(record));
}

/** Called where a suite defines its path tests: the file's record (all its suites so far) is written after them. */
export function writeCoverageAfterAll(): void {
  afterAll(writeCoverage);
}
