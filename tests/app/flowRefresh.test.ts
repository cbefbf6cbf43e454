import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { RESTORE_GRACE_MS, refreshWhenRestored } from '../../src/app/flowRefresh';
import { reportAnswer, reportReadFailure } from '../../src/services/offline/answerSource';
import { cleanUp, deferred, flush, page, pageFlow, root } from './flowRefreshHarness';

// Back online, what is on screen refreshes (one data cache, owned by the service worker): useFlow runs refreshWhenRestored beside every flow.
// Here the refresh itself; tests/app/flowRefreshReconnect.test.ts covers the reads around a reconnect.

afterEach(cleanUp);

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
