// How a view runs a page flow. Each flow machine is provided once, in its own module under src/services/flows/
// (the one place that maps its actor and action names to src/services); a view only calls `useFlow(flow, ...)`,
// selects from the actor and sends events. The actor joins the app's actor system (the root is its parent), so
// the flow reaches the notifications, wallet session and live events actors with `system.get` and invokes its
// workers (contract actions, loads, saves) as children; nothing is wired in the view.
import { createContext, useContext, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom, Snapshot } from 'xstate';
import { useAppActor } from './appActorContext';

/** Unit tests replace a flow's implementations by machine id (e.g. `{ tokenPage: tokenPageFlow.provide(...) }`). */
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

/** Starts `flow` for the component's lifetime inside the app's actor system. */
export function useFlow<TMachine extends AnyStateMachine>(flow: TMachine, options: UseFlowOptions<TMachine> = {}) {
  const appActor = useAppActor();
  const overrides = useContext(FlowOverridesContext);
  const logic = (overrides[flow.id] as TMachine | undefined) ?? flow;
  // `parent` puts the actor in the root's system; the root ignores what a page actor might send it.
  const start = useActorRef as unknown as (logic: TMachine, options: object) => Actor<TMachine>;
  return start(logic, { ...options, parent: appActor });
}
