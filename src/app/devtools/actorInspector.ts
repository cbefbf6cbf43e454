import type { ActorRefLike, InspectionEvent } from 'xstate';

// The actor system shown live in the browser's console (development only, `?inspect`; see ../devInspect.ts): fed by
// the system's own inspection events, one collapsed group per thing that happened — an actor started or stopped
// (its id, systemId, src and parent), an event sent (source → target) and the state value it led to.

export interface InspectorConsole {
  groupCollapsed(...data: unknown[]): void;
  groupEnd(): void;
  log(...data: unknown[]): void;
}

/** What the log reads of an inspected actor (inspection events type it as ActorRefLike; actors carry these). */
type InspectedActor = ActorRefLike & { id?: string; systemId?: string; src?: unknown; _parent?: ActorRefLike };

/** How an actor is named in the log: its systemId when it has one, else its id; `src` when it names its logic. */
export function actorName(ref: ActorRefLike | undefined): string {
  if (!ref) return 'outside';
  const { id, systemId, src } = ref as InspectedActor;
  const name = systemId ?? id ?? '(actor)';
  return typeof src === 'string' && src !== name ? `${name} (${src})` : name;
}

const valueOf = (snapshot: unknown): unknown => (snapshot as { value?: unknown }).value;
const statusOf = (snapshot: unknown): string | undefined => (snapshot as { status?: string }).status;

/** An inspection observer that logs to `out` (the console by default). */
export function createConsoleInspector(out: InspectorConsole = console): (event: InspectionEvent) => void {
  const shownValue = new WeakMap<ActorRefLike, string>();
  const group = (title: string, ...details: unknown[]) => {
    out.groupCollapsed(`[actors] ${title}`);
    for (const detail of details) out.log(detail);
    out.groupEnd();
  };
  return (event) => {
    const ref = event.actorRef;
    switch (event.type) {
      case '@xstate.actor': {
        const { id, _parent: parent, systemId, src } = ref as InspectedActor;
        group(`started ${actorName(ref)}`, { id, systemId, src: typeof src === 'string' ? src : '(inline logic)', parent: parent ? actorName(parent) : null });
        break;
      }
      case '@xstate.event':
        group(`${actorName(event.sourceRef)} → ${actorName(ref)}: ${event.event.type}`, event.event);
        break;
      case '@xstate.snapshot': {
        const status = statusOf(event.snapshot);
        if (status && status !== 'active') {
          group(`${status === 'stopped' ? 'stopped' : `${status}:`} ${actorName(ref)}`, event.snapshot);
          break;
        }
        const value = valueOf(event.snapshot);
        if (value === undefined) break;
        const shown = JSON.stringify(value);
        if (shownValue.get(ref) === shown) break;
        shownValue.set(ref, shown);
        group(`${actorName(ref)} is in ${shown} (after ${event.event.type})`, value, event.snapshot);
        break;
      }
      default:
        break;
    }
  };
}
