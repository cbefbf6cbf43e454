// Dates are written without Intl (a page's first formatter costs its first load 40 to 70 ms of a phone's main
// thread): they must read exactly as Intl.DateTimeFormat('en-US', UTC) wrote them, wherever they show.
import { describe, expect, it } from 'vitest';
import { utcMonthDay, utcMonthDayYear } from '../../domain/utcDates';
import { articleDate } from '../../src/services/articles/mediaArticles';
import { exhibitionDates as homeExhibitionDates } from '../../src/services/home/homeData';
import { exhibitionDates } from '../../src/views/exhibitions/exhibitionFormat';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const WITH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

describe('UTC dates without Intl', () => {
  it('write every day of four years, at its first and last millisecond, as Intl en-US in UTC does', () => {
    const day = 86_400_000;
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += day) {
      for (const offset of [0, day - 1]) {
        const iso = new Date(t + offset).toISOString();
        const short = SHORT.format(new Date(iso));
        const long = WITH_YEAR.format(new Date(iso));
        expect(utcMonthDay(iso)).toBe(short);
        expect(utcMonthDayYear(iso)).toBe(long);
        expect(exhibitionDates(iso, iso)).toEqual({ start: short, end: long });
        expect(articleDate(iso)).toBe(long);
        expect(homeExhibitionDates(iso, iso)).toBe(`${short} – ${long}`);
      }
    }
  });

  it("read as the seed shows them: 'Nov 13 – Jan 2, 2027', 'Nov 23, 2026'", () => {
    expect(exhibitionDates('2026-11-13T00:00:00.000Z', '2027-01-02T23:59:59.000Z')).toEqual({ start: 'Nov 13', end: 'Jan 2, 2027' });
    expect(homeExhibitionDates('2026-11-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z')).toBe('Nov 1 – Dec 31, 2026');
    expect(articleDate('2026-11-23T10:00:00.000Z')).toBe('Nov 23, 2026');
  });

  it('refuse a date they cannot read, as Intl does', () => {
    expect(() => exhibitionDates('not a date', '2027-01-02T00:00:00.000Z')).toThrow(RangeError);
    expect(() => exhibitionDates('2026-11-13T00:00:00.000Z', '')).toThrow(RangeError);
    expect(() => articleDate('')).toThrow(RangeError);
    expect(() => homeExhibitionDates('2026-11-13T00:00:00.000Z', 'soon')).toThrow(RangeError);
  });
});
