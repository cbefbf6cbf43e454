// Dates as Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric'[, year: 'numeric'], timeZone: 'UTC' }) writes
// them, without Intl: a page's first Intl formatter loads the locale data, 40 to 70 ms of a phone's main thread on
// its first load (the phone-performance work; the home page and /media-articles made theirs as their modules loaded).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The date an ISO string names; a RangeError for one it cannot read, as Intl's format throws. */
function readDate(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${iso}`);
  return date;
}

/** 'Nov 13' (UTC). */
export const utcMonthDay = (iso: string): string => {
  const date = readDate(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
};

/** 'Nov 13, 2026' (UTC). */
export const utcMonthDayYear = (iso: string): string => `${utcMonthDay(iso)}, ${readDate(iso).getUTCFullYear()}`;
