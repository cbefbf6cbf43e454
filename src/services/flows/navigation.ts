// How the URL and the flows meet, one way for every page: the app's router registers itself here when it is created
// (src/app/router.ts). A page flow reads its route's validated search params as its input when it starts, hears
// them change (Back, Forward, a link) through the invoked `routeSearch` actor made here, and writes them back with
// navigateTo from its provided actions. Views never pass their router, nor the search params' changes, to a machine.
// Nor do views navigate: a page a flow's outcome leads to (signed in, a row's Edit, a card's offers) is the flow's
// provided action calling navigateTo or navigateBack here; a plain link is a Link (lint refuses the rest in views).
import { fromCallback, type EventObject } from 'xstate';

export type FlowNavigateOptions =
  | { to: string; params?: Record<string, string>; search?: Record<string, unknown>; replace?: boolean }
  /** A full href (path, search, hash) as the router parses it. */
  | { href: string; replace?: boolean }
  /** One step back in the history. */
  | { back: true };

type Navigate = (options: FlowNavigateOptions) => void;

let current: Navigate | null = null;

/** The router created last is the one flows navigate with; returns the unregister. */
export function setFlowNavigator(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    if (current === navigate) current = null;
  };
}

/** Navigates with the app's router (nothing happens before a router exists). */
export function navigateTo(options: Exclude<FlowNavigateOptions, { back: true }>): void {
  current?.(options);
}

/** Goes one step back in the app's history (nothing happens before a router exists). */
export function navigateBack(): void {
  current?.({ back: true });
}

type Reload = () => Promise<void>;

let currentReload: Reload | null = null;

/** The router created last reloads the shown route's data (router.invalidate); returns the unregister. */
export function setFlowReloader(reload: Reload): () => void {
  currentReload = reload;
  return () => {
    if (currentReload === reload) currentReload = null;
  };
}

/** Loads the shown route's data again; settles once the page has it (at once before a router exists). */
export function reloadRoute(): Promise<void> {
  return currentReload?.() ?? Promise.resolve();
}

type SearchWatcher = (routeId: string, listener: (search: Record<string, unknown>) => void) => () => void;

let currentWatcher: SearchWatcher | null = null;

/** The router created last tells flows its routes' search params after each navigation; returns the unregister. */
export function setFlowSearchWatcher(watch: SearchWatcher): () => void {
  currentWatcher = watch;
  return () => {
    if (currentWatcher === watch) currentWatcher = null;
  };
}

/**
 * The actor a page flow invokes to hear its route's search params: after each navigation that shows `routeId`, it
 * sends back the event `toEvent` makes of its validated search params when that event differs from the last one
 * made (the first one, made of the params the flow started with, is its input: not sent; null: nothing to send).
 */
export function routeSearch<TEvent extends EventObject>(routeId: string, toEvent: (search: Record<string, unknown>) => TEvent | null) {
  return fromCallback<EventObject, unknown>(({ sendBack }) => {
    let last: string | null = null;
    return (
      currentWatcher?.(routeId, (search) => {
        const event = toEvent(search);
        const key = JSON.stringify(event);
        const first = last === null;
        if (key === last) return;
        last = key;
        if (event && !first) sendBack(event);
      }) ?? (() => undefined)
    );
  });
}
