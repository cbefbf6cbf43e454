import type { InspectionEvent } from 'xstate';

// In development, `?inspect` in the address shows the app's actor system live in the console: actors started and
// stopped, events from source to target, the state values they lead to. The caller reaches this module only under
// `import.meta.env.DEV` (createAppActor.ts), so production builds contain neither it nor the inspector it loads.

/** The `inspect` option for the root actor: undefined unless the page was opened with `?inspect`. */
export function devInspect(search: string = globalThis.location?.search ?? ''): ((event: InspectionEvent) => void) | undefined {
  if (!new URLSearchParams(search).has('inspect')) return undefined;
  // The actors start before the inspector's module has loaded: their first events wait for it, in order.
  const waiting: InspectionEvent[] = [];
  let inspect: ((event: InspectionEvent) => void) | undefined;
  void import('./devtools/actorInspector').then(({ createConsoleInspector }) => {
    inspect = createConsoleInspector();
    for (const event of waiting.splice(0)) inspect(event);
  });
  return (event) => {
    if (inspect) inspect(event);
    else waiting.push(event);
  };
}
