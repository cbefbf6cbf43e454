// Day differences are shown as 'N days' (seed 000 §9): an offer shows its date and time and how many days ago.
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OfferTime } from '../../src/views/token/OfferTime';
import { dayDifference, formatDaysAgo } from '../../src/views/token/dates';

describe('day differences', () => {
  const now = new Date(2026, 11, 6, 9, 30); // 06 Dec 2026 09:30, local time

  it('counts calendar days in local time: a day changes at midnight', () => {
    expect(dayDifference(new Date(2026, 11, 6, 0, 5), now)).toBe(0);
    expect(dayDifference(new Date(2026, 11, 5, 23, 55), now)).toBe(1);
    expect(dayDifference(new Date(2026, 10, 26, 12, 0), now)).toBe(10);
    expect(dayDifference('not a date', now)).toBeNull();
  });

  it("shows them as 'N days'", () => {
    expect(formatDaysAgo(new Date(2026, 11, 6, 8, 0), now)).toBe('today');
    expect(formatDaysAgo(new Date(2026, 11, 5, 8, 0), now)).toBe('1 day ago');
    expect(formatDaysAgo(new Date(2026, 11, 3, 8, 0), now)).toBe('3 days ago');
    expect(formatDaysAgo(new Date(2025, 11, 6, 8, 0), now)).toBe('365 days ago');
    // A clock behind the server's: no age rather than a negative one.
    expect(formatDaysAgo(new Date(2026, 11, 7, 8, 0), now)).toBeNull();
    expect(formatDaysAgo('', now)).toBeNull();
  });
});

describe('OfferTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 11, 6, 9, 30));
  });
  afterEach(() => vi.useRealTimers());

  it("an offer made three days ago: '03 Dec 14:20 · 3 days ago', its machine-readable date kept", () => {
    const createdAt = new Date(2026, 11, 3, 14, 20).toISOString();
    const { container } = render(<OfferTime createdAt={createdAt} />);
    const time = container.querySelector('time')!;
    expect(time).toHaveTextContent('03 Dec 14:20 · 3 days ago');
    expect(time.getAttribute('dateTime')).toBe(createdAt);
  });
});
