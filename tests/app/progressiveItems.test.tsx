// A progressive grid mounts the first screen's cards at once and the others one per task (the phone-performance work: no long task
// for a page of cards); a list that mounts with its items (restored on Back) renders whole at once.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from '../../src/components/tokens/progressiveItems';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const step = () => act(() => void vi.advanceTimersToNextTimer());

describe('useProgressiveCount', () => {
  it('a page arriving: the first batch at once, then one more item per task, then nothing more to do', async () => {
    const { result, rerender } = renderHook(({ count }) => useProgressiveCount(count, 4, true), { initialProps: { count: 0 } });
    expect(result.current).toBe(0);
    rerender({ count: 7 });
    expect(result.current).toBe(4);
    const seen = [];
    for (let i = 0; i < 3; i++) {
      await step();
      seen.push(result.current);
    }
    expect(seen).toEqual([5, 6, 7]);
    expect(vi.getTimerCount()).toBe(0);
    // The next page's items come one per task too.
    rerender({ count: 9 });
    expect(result.current).toBe(7);
    await step();
    await step();
    expect(result.current).toBe(9);
  });

  it('a list mounting with its items renders them all; off, it always renders all', () => {
    expect(renderHook(() => useProgressiveCount(24, 4, true)).result.current).toBe(24);
    const { result, rerender } = renderHook(({ count }) => useProgressiveCount(count, 4, false), { initialProps: { count: 0 } });
    rerender({ count: 12 });
    expect(result.current).toBe(12);
    expect(vi.getTimerCount()).toBe(0);
  });
});
