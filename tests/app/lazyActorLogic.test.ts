import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { lazyActorLogic } from '../../src/services/lazyActorLogic';

// The token page's contract action is invoked through lazyActorLogic (src/services/chain/lazyContractAction.ts): the
// flow invokes it by name and its code arrives with the first run. Here a small machine stands for the contract action.

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function jobMachine(log: string[]) {
  let finish: (hash: string) => void = () => {};
  const machine = setup({
    types: { input: {} as { name: string }, context: {} as { name: string; pokes: number; hash: string | null }, events: {} as { type: 'job.poke' } },
    actors: { submit: fromPromise<string>(() => new Promise((resolve) => (finish = resolve))) },
  }).createMachine({
    id: 'job',
    context: ({ input }) => ({ name: input.name, pokes: 0, hash: null }),
    initial: 'signing',
    states: {
      signing: {
        tags: ['busy', 'wallet'],
        entry: () => log.push('entered signing'),
        on: { 'job.poke': { actions: assign({ pokes: ({ context }) => context.pokes + 1 }) } },
        invoke: { src: 'submit', onDone: { target: 'done', actions: assign({ hash: ({ event }) => event.output }) } },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => ({ error: null, hash: context.hash, pokes: context.pokes }),
  });
  return { machine, finish: (hash: string) => finish(hash) };
}

type JobOutput = { error: unknown; hash: string | null; pokes?: number };

function parentOf(job: unknown) {
  return setup({
    types: { context: {} as { output: JobOutput | null }, events: {} as { type: 'go' } | { type: 'leave' } | { type: 'poke' } },
    actors: { job: job as ReturnType<typeof jobMachine>['machine'] },
  }).createMachine({
    id: 'parent',
    context: { output: null },
    initial: 'idle',
    states: {
      idle: { on: { go: 'running' } },
      running: {
        invoke: { id: 'trade', src: 'job', input: { name: 'buy' }, onDone: { target: 'idle', actions: assign({ output: ({ event }) => event.output as JobOutput }) } },
        on: { leave: 'idle', poke: { actions: ({ self }) => (self.getSnapshot().children.trade as AnyActorRef).send({ type: 'job.poke' }) } },
      },
    },
  });
}

function deferredImport<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  let imports = 0;
  const importLogic = () => {
    imports += 1;
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return { importLogic, resolve: (value: T) => resolve(value), reject: (error: unknown) => reject(error), imports: () => imports };
}

const child = (parent: AnyActorRef) => parent.getSnapshot().children.trade as AnyActorRef | undefined;

describe('lazyActorLogic', () => {
  it('before its code is here the run waits, busy; then it is the loaded machine, with what was sent meanwhile, and its output reaches the flow', async () => {
    const log: string[] = [];
    const job = jobMachine(log);
    const code = deferredImport<typeof job.machine>();
    const lazy = lazyActorLogic(code.importLogic, { onLoadError: () => ({ error: 'offline', hash: null }) });
    const parent = createActor(parentOf(lazy.logic)).start();

    parent.send({ type: 'go' });
    const trade = child(parent)!;
    expect(trade.getSnapshot().status).toBe('active');
    expect(trade.getSnapshot().hasTag('busy')).toBe(true);
    expect(trade.getSnapshot().hasTag('wallet')).toBe(false);
    expect(code.imports()).toBe(1);
    expect(log).toEqual([]);
    parent.send({ type: 'poke' });

    code.resolve(job.machine);
    await flush();
    expect(lazy.loaded()).toBe(true);
    expect(log).toEqual(['entered signing']);
    expect(child(parent)).toBe(trade);
    const snapshot = trade.getSnapshot();
    expect(snapshot.value).toBe('signing');
    expect(snapshot.hasTag('wallet')).toBe(true);
    expect(snapshot.context).toEqual({ name: 'buy', pokes: 1, hash: null });

    job.finish('0xfeed');
    await flush();
    expect(parent.getSnapshot().value).toBe('idle');
    expect(parent.getSnapshot().context.output).toEqual({ error: null, hash: '0xfeed', pokes: 1 });
    parent.stop();
  });

  it('once loaded, a run starts the machine at once, and the code is imported only once', async () => {
    const log: string[] = [];
    const job = jobMachine(log);
    const code = deferredImport<typeof job.machine>();
    const lazy = lazyActorLogic(code.importLogic, { onLoadError: () => ({ error: 'offline', hash: null }) });
    const loading = lazy.load();
    code.resolve(job.machine);
    await loading;

    const parent = createActor(parentOf(lazy.logic)).start();
    parent.send({ type: 'go' });
    expect(child(parent)!.getSnapshot().value).toBe('signing');
    expect(log).toEqual(['entered signing']);
    await lazy.load();
    expect(code.imports()).toBe(1);
    parent.stop();
  });

  it('a run the flow left while the code loaded never starts', async () => {
    const log: string[] = [];
    const job = jobMachine(log);
    const code = deferredImport<typeof job.machine>();
    const lazy = lazyActorLogic(code.importLogic, { onLoadError: () => ({ error: 'offline', hash: null }) });
    const parent = createActor(parentOf(lazy.logic)).start();
    parent.send({ type: 'go' });
    const trade = child(parent)!;
    parent.send({ type: 'leave' });
    expect(trade.getSnapshot().status).toBe('stopped');
    code.resolve(job.machine);
    await flush();
    expect(log).toEqual([]);
    expect(parent.getSnapshot().context.output).toBeNull();
    parent.stop();
  });

  it('code that cannot load ends the run with onLoadError\'s output (told the system); the next run imports again', async () => {
    const log: string[] = [];
    const job = jobMachine(log);
    const code = deferredImport<typeof job.machine>();
    const told: unknown[] = [];
    const lazy = lazyActorLogic(code.importLogic, {
      onLoadError: (error, system) => {
        told.push([error, typeof system.get]);
        return { error: 'offline', hash: null };
      },
    });
    const parent = createActor(parentOf(lazy.logic)).start();
    parent.send({ type: 'go' });
    const failure = new TypeError('Failed to fetch dynamically imported module');
    code.reject(failure);
    await flush();
    expect(told).toEqual([[failure, 'function']]);
    expect(parent.getSnapshot().value).toBe('idle');
    expect(parent.getSnapshot().context.output).toEqual({ error: 'offline', hash: null });
    expect(lazy.loaded()).toBe(false);

    parent.send({ type: 'go' });
    expect(code.imports()).toBe(2);
    code.resolve(job.machine);
    await flush();
    expect(child(parent)!.getSnapshot().value).toBe('signing');
    parent.stop();
  });

  it('a flow persisted while the code loads restores to the waiting run, which starts once the code is here', async () => {
    const log: string[] = [];
    const job = jobMachine(log);
    const code = deferredImport<typeof job.machine>();
    const lazy = lazyActorLogic(code.importLogic, { onLoadError: () => ({ error: 'offline', hash: null }) });
    const machine = parentOf(lazy.logic);
    const first = createActor(machine).start();
    first.send({ type: 'go' });
    const persisted = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
    first.stop();

    const restored = createActor(machine, { snapshot: persisted }).start();
    expect(child(restored)!.getSnapshot().hasTag('busy')).toBe(true);
    code.resolve(job.machine);
    await flush();
    expect(child(restored)!.getSnapshot().value).toBe('signing');
    expect(log).toEqual(['entered signing']);
    restored.stop();
  });
});
