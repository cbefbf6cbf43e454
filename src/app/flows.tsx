// How a view runs a page flow. Each flow machine is provided once, in its own module under src/services/flows/
// (the one place that maps its actor and action names to src/services); a view only calls `useFlow(flow, ...)`,
// selects from the actor and sends events. The actor joins the app's actor system (the root is its parent), so
// the flow reaches the notifications, wallet session and live events actors with `systemActor` and invokes its
// workers (contract actions, loads, saves) as children; nothing is wired in the view.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { createActor, type Actor, type AnyActorRef, type AnyStateMachine, type InputFrom, type Snapshot } from 'xstate';
import { useAppActor } from './appActorContext';
import { hasTaggedWork, refreshWhenRestored, type SnapshotWithChildren } from './flowRefresh';

/**
 * Unit tests replace a flow's implementations by machine id (e.g. `{ tokenPage: tokenPageFlow.provide(...) }`); an
 * id that names one of the flow's child actors replaces that child (the token page's `sale`, `offer`).
 */
export type FlowOverrides = Partial<Record<string, AnyStateMachine>>;

const FlowOverridesContext = createContext<FlowOverrides>({});

export function FlowOverridesProvider({ overrides, children }: { overrides: FlowOverrides; children: ReactNode }) {
  return <FlowOverridesContext.Provider value={overrides}>{children}</FlowOverridesContext.Provider>;
}

export interface UseFlowOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /** A persisted snapshot to restore (getPersistedSnapshot()). */
  snapshot?: Snapshot<unknown>;
}

// Actors stopped by an unmount. React's strict mode (development only) unmounts and mounts again: the flow then
// continues from the stopped actor's persisted snapshot.
const stoppedFlows = new WeakSet<object>();

/**
 * Starts `flow` for the component's lifetime inside the app's actor system: the root is its parent, so `systemActor`
 * finds the long-lived actors, and the root stops it (`flow.stop`) when the component unmounts — or, when work is
 * under way in it then (a contract action signing or mining, a save: any child machine tagged 'busy'), as soon as
 * that work ends, so its outcome is still announced after the user left the page.
 */
export function useFlow<TMachine extends AnyStateMachine>(flow: TMachine, options: UseFlowOptions<TMachine> = {}): Actor<TMachine> {
  const appActor = useAppActor();
  const overrides = useContext(FlowOverridesContext);
  const logic = withOverrides(flow, overrides);
  const [actor, setActor] = useState(() => startFlow(logic, appActor, options));
  // The input as the component renders now: a flow restarted after a restore starts from what the page shows now
  // (explore's filters, the search's text), not from what it was mounted with.
  const latestInput = useRef(options.input);
  useEffect(() => {
    latestInput.current = options.input;
  });
  useEffect(() => {
    if (stoppedFlows.has(actor)) {
      setActor(startFlow(logic, appActor, { input: options.input, snapshot: actor.getPersistedSnapshot() }));
      return undefined;
    }
    actor.start();
    return () => {
      stoppedFlows.add(actor);
      stopWhenSettled(appActor, actor);
    };
    // The actor is created once per mount; a new input is a new page (key the component) or an event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, appActor]);
  // Back online, a flow that showed the stored copy (or failed to read) is replaced by a fresh one once it has read.
  useEffect(
    () =>
      refreshWhenRestored({
        appActor,
        shown: actor,
        restart: options.snapshot ? null : () => startFlow(logic, appActor, { input: latestInput.current }),
        swap: setActor,
        discard: (fresh) => appActor.send({ type: 'flow.stop', actor: fresh }),
      }),
    // Watched per actor on screen; a restart reads the latest input from its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actor, appActor],
  );
  return actor;
}

/** Whether the actor or any descendant machine is tagged 'busy'. */
export const hasBusyWork = (actor: { getSnapshot(): unknown }): boolean => hasTaggedWork(actor, 'busy');

function withOverrides<TMachine extends AnyStateMachine>(flow: TMachine, overrides: FlowOverrides): TMachine {
  const own = (overrides[flow.id] as TMachine | undefined) ?? flow;
  const actors = own.implementations.actors;
  const children = Object.entries(overrides).filter(([id, child]) => id !== flow.id && child !== undefined && id in actors);
  return children.length > 0 ? (own.provide({ actors: Object.fromEntries(children) }) as TMachine) : own;
}

function stopWhenSettled(appActor: AnyActorRef, actor: AnyActorRef): void {
  const stop = () => appActor.send({ type: 'flow.stop', actor });
  const busyChildren = () =>
    Object.values((actor.getSnapshot() as SnapshotWithChildren).children ?? {}).some((child) => child !== undefined && hasBusyWork(child));
  if (!busyChildren()) return stop();
  // A child's end reaches the flow as its done/error event, which changes the flow's snapshot.
  const subscription = actor.subscribe({
    next: () => {
      if (busyChildren()) return;
      subscription.unsubscribe();
      stop();
    },
    error: () => stop(),
    complete: () => stop(),
  });
}

function startFlow<TMachine extends AnyStateMachine>(logic: TMachine, appActor: AnyActorRef, options: UseFlowOptions<TMachine>): Actor<TMachine> {
  const create = createActor as unknown as (logic: TMachine, options: object) => Actor<TMachine>;
  return create(logic, { ...options, parent: appActor });
}
