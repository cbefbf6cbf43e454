import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { connectivityMachine } from '../../machines/offline/connectivityMachine';
import { RESTORE_GRACE_MS, RETRY_DELAYS_MS, refreshWhenRestored, watchRestores } from '../../src/app/flowRefresh';
import { reportAnswer, reportReadFailure } from '../../src/services/offline/answerSource';

// Back online, what is on screen refreshes (issue 27 item 1): useFlow runs refreshWhenRestored beside every flow.
// Here: a root with the connectivity actor, and a page flow whose read the test answers by hand.

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A page that reads (tagged 'loading') and then shows its data; `save` is work tagged 'busy'. */
function pageFlow(reads: Array<ReturnType<typeof deferred<string>>>) {
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

const root = setup({ actors: { connectivity: connectivityMachine } }).createMachine({ invoke: { src: 'connectivity', systemId: 'connectivity' } });

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function page() {
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

describe('refreshWhenRestored', () => {
  it('a page shown from the stored copy is read again once the network is back, and replaced only when that read is answered', async () => {
    const { shown, reads, swapped, restarts, offlineSpell } = page();
    reportAnswer({ key: 'getArtistInfo:{"id":"a"}', storedAt: 1700000000000 });
    reads[0]!.resolve('stored');
    await flush();
    expect(shown.getSnapshot().context.data).toBe('stored');

    offlineSpell();
    expect(restarts).toHaveLength(1);
    expect(reads).toHaveLength(2);
    // Still reading: the page keeps showing what it showed (no loading state in between).
    expect(swapped).toEqual([]);
    reportAnswer({ key: 'getArtistInfo:{"id":"a"}', storedAt: null });
    reads[1]!.resolve('fresh');
    await flush();
    expect(swapped).toEqual([restarts[0]]);
    expect(swapped[0]!.getSnapshot().context.data).toBe('fresh');
  });

  it('a read that got no answer (the page shows its failure) is tried again once the network is back', async () => {
    const { shown, reads, swapped, offlineSpell } = page();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportReadFailure();
    onLine.mockRestore();
    reads[0]!.reject(new Error('Failed to fetch'));
    await flush();
    expect(shown.getSnapshot().value).toBe('failed');
    offlineSpell();
    reads[1]!.resolve('fresh');
    await flush();
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });

  it('a read that failed while the browser was online (one broken endpoint, others answering) does not refresh the page', async () => {
    const { reads, restarts, offlineSpell } = page();
    // Long after the last restore (earlier tests restored connectivity moments ago).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + RESTORE_GRACE_MS + 60_000);
    reportAnswer({ key: 'getArticles:{}', storedAt: null });
    reportReadFailure();
    vi.useRealTimers();
    reads[0]!.reject(new Error('Failed to fetch'));
    await flush();
    offlineSpell();
    await flush();
    expect(restarts).toEqual([]);
  });

  it('a read with no answer 20 s after the restore, after the config was read again, still counts as the reconnect\'s', async () => {
    // A loaded machine: the page that failed offline loads again and sends its first read late, and another read (the
    // config) was answered by the network meanwhile.
    const { shown, reads, swapped, offlineSpell } = page();
    offlineSpell();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20_000);
    reportAnswer({ key: 'config:{}', storedAt: null });
    reportReadFailure();
    vi.useRealTimers();
    reads[0]!.reject(new Error('Failed to fetch'));
    await flush();
    expect(shown.getSnapshot().value).toBe('failed');
    offlineSpell();
    reads[1]!.resolve('fresh');
    await flush();
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });

  it('a read with no answer just after a restore (the reconnect\'s first requests) is tried again at the next restore', async () => {
    const { shown, reads, swapped, offlineSpell } = page();
    // Back online while the page reads (a route loading at the restore): nothing to refresh yet.
    offlineSpell();
    expect(reads).toHaveLength(1);
    // Its read gets no answer although the browser already says online (the worker's network comes back later).
    reportReadFailure();
    reads[0]!.reject(new Error('Failed to fetch'));
    await flush();
    expect(shown.getSnapshot().value).toBe('failed');
    // That failure took connectivity offline (the worker said unreachable); the probe's answer restores it.
    offlineSpell();
    reads[1]!.resolve('fresh');
    await flush();
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });

  it('a page the server answered is not read again; nor is one whose stored answer came while it was not reading', async () => {
    const { reads, restarts, offlineSpell } = page();
    reportAnswer({ key: 'getArticle:{"id":"1"}', storedAt: null });
    reads[0]!.resolve('network');
    await flush();
    // Another flow's read from the stored copy, after this page had its data.
    reportAnswer({ key: 'getArticle:{"id":"2"}', storedAt: 1700000000000 });
    reportReadFailure();
    offlineSpell();
    expect(restarts).toEqual([]);
    expect(reads).toHaveLength(1);
  });

  it('a flow doing work (busy) is left alone', async () => {
    const { shown, reads, restarts, offlineSpell } = page();
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    reads[0]!.resolve('stored');
    await flush();
    shown.send({ type: 'save' });
    offlineSpell();
    expect(restarts).toEqual([]);
  });

  it('the fresh flow is stopped when the page goes away before its read is answered; one restore starts one fresh flow', async () => {
    const { reads, restarts, discarded, swapped, offlineSpell, stop } = page();
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    reads[0]!.resolve('stored');
    await flush();
    offlineSpell();
    offlineSpell();
    expect(restarts).toHaveLength(1);
    stop();
    expect(discarded).toEqual(restarts);
    expect(swapped).toEqual([]);
  });

  it('a fresh flow that settles in its failed state is shown (its Retry works); it is not discarded', async () => {
    const { reads, restarts, discarded, swapped, offlineSpell } = page();
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    reads[0]!.resolve('stored');
    await flush();
    offlineSpell();
    reads[1]!.reject(new Error('Failed to fetch'));
    await flush();
    expect(swapped.map((actor) => actor.getSnapshot().value)).toEqual(['failed']);
    expect(discarded).toEqual([]);
    expect(restarts).toHaveLength(1);
  });
});

describe('refreshWhenRestored right after a reconnect', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a fresh read answered from the stored copy again is dropped and tried later, until the server answers', async () => {
    const { shown, reads, swapped, discarded, restarts, offlineSpell } = page();
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    reads[0]!.resolve('stored');
    await flush();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    offlineSpell();
    // The first request after the reconnect still failed: the worker answered from its stored copy.
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    reads[1]!.resolve('stored again');
    await vi.advanceTimersByTimeAsync(0);
    expect(discarded).toEqual([restarts[0]]);
    expect(swapped).toEqual([]);
    expect(shown.getSnapshot().context.data).toBe('stored');
    // Nothing before the pause is over.
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! - 1);
    expect(restarts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(restarts).toHaveLength(2);
    reportAnswer({ key: 'k', storedAt: null });
    reads[2]!.resolve('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });
});

describe('refreshWhenRestored after the restore was announced', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a read with no answer after the restore, while connectivity says online, is tried again after a pause without another restore', async () => {
    // CI: a route that failed offline loads again at the restore; its first read gets no answer, connectivity stays
    // online (another read answered), so no second restore comes.
    const { shown, reads, swapped, restarts, offlineSpell } = page();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The restore is announced while the page reads: nothing to refresh yet.
    offlineSpell();
    expect(restarts).toHaveLength(0);
    reportReadFailure();
    reads[0]!.reject(new Error('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.getSnapshot().value).toBe('failed');
    expect(restarts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]!);
    expect(restarts).toHaveLength(1);
    reportAnswer({ key: 'getArticles:{}', storedAt: null });
    reads[1]!.resolve('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });

  it('a read answered from the stored copy while connectivity says online is tried again after a pause', async () => {
    const { reads, swapped, restarts } = page();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    reportAnswer({ key: 'getListings:{}', storedAt: 1700000000000 });
    reads[0]!.resolve('stored');
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]! - 1);
    expect(restarts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(restarts).toHaveLength(1);
    reportAnswer({ key: 'getListings:{}', storedAt: null });
    reads[1]!.resolve('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });
});

describe('refreshWhenRestored in an app started offline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a flow started at the restore (its route could not load offline) whose first read fails is refreshed', async () => {
    // Well past any restore of the tests before: only this app's restore can make the failure the reconnect's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000);
    const app = createActor(root);
    app.start();
    const connectivity = app.system.get('connectivity') as AnyActorRef;
    // As createAppActor does at start: no flow is on screen yet (the offline page).
    watchRestores(connectivity);
    connectivity.send({ type: 'network.unreachable', source: 'browser' });
    connectivity.send({ type: 'network.reachable', source: 'browser' });
    // The route's code loads at the restore; its flow starts and its first read gets no answer, the browser online.
    const reads: Array<ReturnType<typeof deferred<string>>> = [];
    const flow = pageFlow(reads);
    const shown = createActor(flow);
    shown.start();
    const swapped: AnyActorRef[] = [];
    const stop = refreshWhenRestored({
      appActor: app,
      shown,
      restart: () => createActor(flow),
      swap: (fresh) => swapped.push(fresh),
      discard: (fresh) => fresh.stop(),
    });
    cleanups.push(stop, () => app.stop());
    reportReadFailure();
    vi.useRealTimers();
    reads[0]!.reject(new Error('Failed to fetch'));
    await flush();
    expect(shown.getSnapshot().value).toBe('failed');
    // The failure took connectivity offline; the probe's answer restores it and the flow is read again.
    connectivity.send({ type: 'network.unreachable', source: 'read' });
    connectivity.send({ type: 'network.reachable', source: 'worker' });
    expect(reads).toHaveLength(2);
    reads[1]!.resolve('fresh');
    await flush();
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });
});

describe('refreshWhenRestored on a slow device', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a read with no answer long after the restore still counts as the reconnect\'s while the network has answered no read since', async () => {
    const { shown, reads, swapped, offlineSpell } = page();
    offlineSpell();
    // The page's first read fails well past the grace period (the route took that long to load again), and no read
    // has been answered by the network since the restore.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + RESTORE_GRACE_MS + 5_000);
    reportReadFailure();
    vi.useRealTimers();
    reads[0]!.reject(new Error('Failed to fetch'));
    await flush();
    expect(shown.getSnapshot().value).toBe('failed');
    offlineSpell();
    reads[1]!.resolve('fresh');
    await flush();
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
  });

  it('a fresh flow that stops with an error counts as a refresh: a read that always fails is tried at most five times', async () => {
    const app = createActor(root);
    app.start();
    const connectivity = app.system.get('connectivity') as AnyActorRef;
    // A flow with no failed state: its read's error stops it (the actor errors).
    const flow = setup({ actors: { read: fromPromise(() => Promise.reject(new Error('Failed to fetch'))) } }).createMachine({
      initial: 'loading',
      states: { loading: { tags: 'loading', invoke: { src: 'read', onDone: 'ready' } }, ready: {} },
    });
    const shown = createActor(flow);
    shown.subscribe({ error: () => {} });
    const stale = setup({}).createMachine({ initial: 'loading', states: { loading: { tags: 'loading' } } });
    const onScreen = createActor(stale);
    onScreen.start();
    const restarts: AnyActorRef[] = [];
    const stop = refreshWhenRestored<AnyActorRef>({
      appActor: app,
      shown: onScreen,
      restart: () => {
        const fresh = createActor(flow);
        fresh.subscribe({ error: () => {} });
        restarts.push(fresh);
        return fresh;
      },
      swap: () => {},
      discard: (fresh) => fresh.stop(),
    });
    cleanups.push(stop, () => app.stop(), () => onScreen.stop());
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    for (let spell = 0; spell < 8; spell += 1) {
      connectivity.send({ type: 'network.unreachable', source: 'browser' });
      connectivity.send({ type: 'network.reachable', source: 'browser' });
      await flush();
    }
    expect(restarts).toHaveLength(RETRY_DELAYS_MS.length);
    expect(restarts.every((actor) => actor.getSnapshot().status === 'error')).toBe(true);
  });
});

describe('refreshWhenRestored without a way to restart', () => {
  it('a flow restored from a persisted snapshot (restart null) is never replaced', async () => {
    const app = createActor(root);
    app.start();
    const reads: Array<ReturnType<typeof deferred<string>>> = [];
    const shown = createActor(pageFlow(reads));
    shown.start();
    const swapped: AnyActorRef[] = [];
    const stop = refreshWhenRestored({ appActor: app, shown, restart: null, swap: (fresh) => swapped.push(fresh), discard: () => {} });
    reportAnswer({ key: 'k', storedAt: 1700000000000 });
    const connectivity = app.system.get('connectivity') as AnyActorRef;
    connectivity.send({ type: 'network.unreachable', source: 'browser' });
    connectivity.send({ type: 'network.reachable', source: 'browser' });
    expect(reads).toHaveLength(1);
    expect(swapped).toEqual([]);
    stop();
    app.stop();
  });
});
