// The harness of the flowRefresh tests: a root with the connectivity actor, and a page flow whose read the test
// answers by hand (tests/app/flowRefresh.test.ts, tests/app/flowRefreshReconnect.test.ts).
import { assign, createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { connectivityMachine } from '../../machines/offline/connectivityMachine';
import { refreshWhenRestored } from '../../src/app/flowRefresh';

export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A page that reads (tagged 'loading') and then shows its data; `save` is work tagged 'busy'. */
export function pageFlow(reads: Array<ReturnType<typeof deferred<string>>>) {
  return setup({
    types: { context: {} as { data: string | null }, events: {} as { type: 'save' } },
    actors: {
      read: fromPromise(async () => {
        const read = deferred<string>();
        reads.push(read);
        return read.promise;
      }),
      save: fromPromise(() => new Promise<void>(() => {})),
    },
  }).createMachine({
    context: { data: null },
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: { src: 'read', onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) }, onError: 'failed' },
      },
      ready: { on: { save: 'saving' } },
      saving: { tags: 'busy', invoke: { src: 'save' } },
      failed: {},
    },
  });
}

export const root = setup({ actors: { connectivity: connectivityMachine } }).createMachine({ invoke: { src: 'connectivity', systemId: 'connectivity' } });

export const cleanups: Array<() => void> = [];
/** Stops what page() started: each test file runs it after every test. */
export function cleanUp(): void {
  for (const cleanup of cleanups.splice(0)) cleanup();
}

export function page() {
  const app = createActor(root);
  app.start();
  const connectivity = app.system.get('connectivity') as AnyActorRef;
  const reads: Array<ReturnType<typeof deferred<string>>> = [];
  const flow = pageFlow(reads);
  const shown = createActor(flow);
  shown.start();
  const swapped: AnyActorRef[] = [];
  const discarded: AnyActorRef[] = [];
  const restarts: AnyActorRef[] = [];
  const stop = refreshWhenRestored({
    appActor: app,
    shown,
    restart: () => {
      const fresh = createActor(flow);
      restarts.push(fresh);
      return fresh;
    },
    swap: (fresh) => swapped.push(fresh),
    discard: (fresh) => {
      discarded.push(fresh);
      fresh.stop();
    },
  });
  cleanups.push(stop, () => app.stop());
  const offlineSpell = () => {
    connectivity.send({ type: 'network.unreachable', source: 'browser' });
    connectivity.send({ type: 'network.reachable', source: 'browser' });
  };
  return { shown, reads, swapped, discarded, restarts, offlineSpell, stop };
}
