// Texts the exhibition views derive from an exhibition (seed 001 §3, §9).
// The dates as Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric'[, year: 'numeric'], timeZone: 'UTC' })
// writes them, without it: the page's first Intl formatter loads the locale data, about 40 ms of the main thread
// on the route's first load (issue 29).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function utcDay(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${iso}`);
  return date;
}
const monthDay = (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;

/** Short month and day for the start, with the year for the end: 'Nov 13 – Jan 2, 2027'. */
export function exhibitionDates(startDate: string, endDate: string): { start: string; end: string } {
  const end = utcDay(endDate);
  return { start: monthDay(utcDay(startDate)), end: `${monthDay(end)}, ${end.getUTCFullYear()}` };
}

/** The intro text: exhibitionIntro, or the curatorial statement when the intro is absent or the literal 'undefined'. */
export function introText(exhibition: { exhibitionIntro?: string | null; curatorialStatement?: string | null }): string {
  const intro = exhibition.exhibitionIntro?.trim();
  return intro && intro !== 'undefined' ? intro : (exhibition.curatorialStatement ?? '');
}

/** More than 5 artists are listed in two columns. */
export const TWO_COLUMN_ARTISTS = 5;
