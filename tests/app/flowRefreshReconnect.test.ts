import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type AnyActorRef } from 'xstate';
import { RESTORE_GRACE_MS, RETRY_DELAYS_MS, refreshWhenRestored, watchRestores } from '../../src/app/flowRefresh';
import { RECHECK_DELAYS_MS } from '../../machines/offline/connectivityMachine';
import { reportAnswer, reportReadFailure } from '../../src/services/offline/answerSource';
import { cleanUp, cleanups, deferred, flush, page, pageFlow, root } from './flowRefreshHarness';

// Back online (one data cache, owned by the service worker): the reads around a reconnect, the pause after an announced restore, an app started
// offline and a slow device (tests/app/flowRefreshHarness.ts holds the page and its flow).

afterEach(cleanUp);

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

  it('a stale page whose fresh flow failed outright is read again at the next recheck while its stored copy is on screen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = createActor(root);
    app.start();
    const connectivity = app.system.get('connectivity') as AnyActorRef;
    const failing = setup({ actors: { read: fromPromise(() => Promise.reject(new Error('Failed to fetch'))) } }).createMachine({
      initial: 'loading',
      states: { loading: { tags: 'loading', invoke: { src: 'read', onDone: 'ready' } }, ready: {} },
    });
    const reads: Array<ReturnType<typeof deferred<string>>> = [];
    const working = pageFlow(reads);
    const stale = setup({}).createMachine({ initial: 'loading', states: { loading: { tags: 'loading' } } });
    const onScreen = createActor(stale);
    onScreen.start();
    const restarts: AnyActorRef[] = [];
    const swapped: AnyActorRef[] = [];
    const stop = refreshWhenRestored<AnyActorRef>({
      appActor: app,
      shown: onScreen,
      restart: () => {
        const fresh = createActor(restarts.length === 0 ? failing : working);
        fresh.subscribe({ error: () => {} });
        restarts.push(fresh);
        return fresh;
      },
      swap: (fresh) => swapped.push(fresh),
      discard: (fresh) => fresh.stop(),
    });
    cleanups.push(stop, () => app.stop(), () => onScreen.stop());
    // (The app's connectivity hears the reports through its watcher; this one is told directly.)
    connectivity.send({ type: 'network.unreachable', source: 'browser' });
    reportAnswer({ key: 'getArtistInfo:{"id":"a"}', storedAt: 1700000000000 });
    connectivity.send({ type: 'answer.stored', key: 'getArtistInfo:{"id":"a"}', storedAt: 1700000000000 });
    connectivity.send({ type: 'network.reachable', source: 'browser' });
    await vi.advanceTimersByTimeAsync(0);
    // The restore's fresh flow failed outright: nothing else is scheduled for the page, its stored copy is on screen.
    expect(restarts).toHaveLength(1);
    expect(restarts[0]!.getSnapshot().status).toBe('error');
    await vi.advanceTimersByTimeAsync(RECHECK_DELAYS_MS[0]! - 1);
    expect(restarts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(restarts).toHaveLength(2);
    reportAnswer({ key: 'getArtistInfo:{"id":"a"}', storedAt: null });
    connectivity.send({ type: 'answer.network', key: 'getArtistInfo:{"id":"a"}' });
    reads[0]!.resolve('fresh');
    await vi.advanceTimersByTimeAsync(0);
    expect(swapped.map((actor) => actor.getSnapshot().context.data)).toEqual(['fresh']);
    expect(connectivity.getSnapshot().hasTag('stored')).toBe(false);
  });
});
