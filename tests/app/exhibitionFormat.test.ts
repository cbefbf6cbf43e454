// The exhibition dates are written without Intl (its first formatter costs the route's first load ~40 ms): they must
// read exactly as Intl.DateTimeFormat('en-US', UTC) wrote them.
import { describe, expect, it } from 'vitest';
import { exhibitionDates } from '../../src/views/exhibitions/exhibitionFormat';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const WITH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

describe('exhibitionDates', () => {
  it("writes 'Nov 13 – Jan 2, 2027' as Intl en-US in UTC does, for every day of four years and at a day's edges", () => {
    const day = 86_400_000;
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += day) {
      for (const offset of [0, day - 1]) {
        const iso = new Date(t + offset).toISOString();
        expect(exhibitionDates(iso, iso)).toEqual({ start: SHORT.format(new Date(iso)), end: WITH_YEAR.format(new Date(iso)) });
      }
    }
    expect(exhibitionDates('2026-11-13T00:00:00.000Z', '2027-01-02T23:59:59.000Z')).toEqual({ start: 'Nov 13', end: 'Jan 2, 2027' });
  });

  it('refuses a date it cannot read, as Intl does', () => {
    expect(() => exhibitionDates('not a date', '2027-01-02T00:00:00.000Z')).toThrow(RangeError);
    expect(() => exhibitionDates('2026-11-13T00:00:00.000Z', '')).toThrow(RangeError);
  });
});
