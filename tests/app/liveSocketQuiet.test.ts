// The live socket's code loads only once the first load is over (the phone-performance work: the script a first visit fetches until the
// network is idle): after the page has fetched nothing new for 1.5 s, 8 s at most, or at the user's first press.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkQuiet } from '../../src/services/firstLoad';
import { NETWORK_QUIET_MAX_MS, NETWORK_QUIET_MS } from '../../src/services/live/socket';

let resources = 0;
beforeEach(() => {
  vi.useFakeTimers();
  resources = 3;
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(() => Array.from({ length: resources }) as PerformanceEntryList);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function watch() {
  const state = { done: false };
  void networkQuiet(NETWORK_QUIET_MS, NETWORK_QUIET_MAX_MS).then(() => {
    state.done = true;
  });
  return state;
}

describe('networkQuiet', () => {
  it('waits 1.5 s and 8 s at most', () => {
    expect([NETWORK_QUIET_MS, NETWORK_QUIET_MAX_MS]).toEqual([1500, 8000]);
  });

  it('resolves once nothing new was fetched for the quiet time', async () => {
    const state = watch();
    await vi.advanceTimersByTimeAsync(1250);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(state.done).toBe(true);
  });

  it('a fetch restarts the quiet time', async () => {
    const state = watch();
    await vi.advanceTimersByTimeAsync(1000);
    resources += 1;
    await vi.advanceTimersByTimeAsync(1250);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(state.done).toBe(true);
  });

  it('a page that keeps fetching waits 8 s at most', async () => {
    const state = watch();
    for (let elapsed = 0; elapsed < 7500; elapsed += 500) {
      resources += 1;
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(state.done).toBe(false);
    resources += 1;
    await vi.advanceTimersByTimeAsync(750);
    expect(state.done).toBe(true);
  });

  it('the first key or pointer press ends the wait', async () => {
    for (const press of [new KeyboardEvent('keydown', { key: 'Tab' }), new Event('pointerdown')]) {
      const state = watch();
      resources += 1;
      await vi.advanceTimersByTimeAsync(250);
      window.dispatchEvent(press);
      await vi.advanceTimersByTimeAsync(0);
      expect(state.done).toBe(true);
    }
  });
});
