import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectivityMachine } from '../../machines/offline/connectivityMachine';
import { bindRestoreToRouter } from '../../src/services/offline/connectivity';

// Back online, route loaders (the collection page's) run again when what they showed may be the stored copy.
function setup(status = 'success', codeFailureShown = false) {
  const connectivity = createActor(connectivityMachine);
  connectivity.start();
  let invalidations = 0;
  let chunkRetries = 0;
  let reloads = 0;
  const router = {
    state: { matches: [{ status }] },
    invalidate: async () => {
      invalidations += 1;
    },
  };
  const codeFailed = { shown: () => codeFailureShown, reload: () => (reloads += 1) };
  const stop = bindRestoreToRouter(connectivity, router, () => {
    chunkRetries += 1;
  }, codeFailed);
  const offlineSpell = () => {
    connectivity.send({ type: 'network.unreachable', source: 'browser' });
    connectivity.send({ type: 'network.reachable', source: 'browser' });
  };
  return { connectivity, router, offlineSpell, stop, invalidations: () => invalidations, chunkRetries: () => chunkRetries, reloads: () => reloads };
}

describe('bindRestoreToRouter', () => {
  it('a stored answer on screen since the last run: the loaders run again once, at the restore', () => {
    const { connectivity, offlineSpell, invalidations, chunkRetries, stop } = setup();
    connectivity.send({ type: 'network.unreachable', source: 'browser' });
    connectivity.send({ type: 'answer.stored', key: 'getCollection:{}', storedAt: 1700000000000 });
    expect(invalidations()).toBe(0);
    connectivity.send({ type: 'network.reachable', source: 'browser' });
    expect(invalidations()).toBe(1);
    expect(chunkRetries()).toBe(0);
    // The loader's read again, answered by the server: nothing stored on screen since, so the next offline spell
    // does not run them again; a stored answer still on screen would.
    connectivity.send({ type: 'answer.network', key: 'getCollection:{}' });
    offlineSpell();
    expect(invalidations()).toBe(1);
    connectivity.send({ type: 'answer.stored', key: 'getCollection:{}', storedAt: 1700000000000 });
    offlineSpell();
    expect(invalidations()).toBe(2);
    stop();
  });

  it('a route that failed loads again at the restore, its failed imports too; a page all from the server does not', () => {
    const failed = setup('error');
    failed.offlineSpell();
    expect(failed.invalidations()).toBe(1);
    expect(failed.chunkRetries()).toBe(1);
    failed.stop();
    const fresh = setup();
    fresh.offlineSpell();
    expect(fresh.invalidations()).toBe(0);
    fresh.stop();
    fresh.offlineSpell();
    expect(fresh.invalidations()).toBe(0);
    expect(failed.reloads() + fresh.reloads()).toBe(0);
  });

  it('a route whose code did not arrive on screen: the document loads again at the restore, instead of the route', () => {
    const { offlineSpell, invalidations, chunkRetries, reloads, stop } = setup('success', true);
    offlineSpell();
    expect(reloads()).toBe(1);
    expect(invalidations()).toBe(0);
    expect(chunkRetries()).toBe(0);
    stop();
  });
});
