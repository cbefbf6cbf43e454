// How a flow module navigates: the app's router registers itself here when it is created (src/app/router.ts), and
// a flow's provided action calls navigateTo. Views never pass their router into a machine.
export interface FlowNavigateOptions {
  to: string;
  params?: Record<string, string>;
  search?: Record<string, unknown>;
  replace?: boolean;
}

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
export function navigateTo(options: FlowNavigateOptions): void {
  current?.(options);
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
