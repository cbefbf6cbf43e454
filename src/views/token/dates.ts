// See docs/requirements.md#token-page: dates DD MMM YYYY, datetimes DD MMM HH:mm (the viewer's local time).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

function parse(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "03 Nov 2026"; an unreadable date gives a dash. */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return date ? `${pad(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}` : '—';
}

/** "03 Nov 09:05"; an unreadable date gives a dash. */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return date ? `${pad(date.getDate())} ${MONTHS[date.getMonth()]} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '—';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days from `value` to `now` in the viewer's local time (a day changes at midnight); null for an unreadable date. */
export function dayDifference(value: string | Date, now: Date): number | null {
  const date = parse(value);
  if (!date) return null;
  const midnight = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((midnight(now) - midnight(date)) / DAY_MS);
}

/**
 * How long ago a date was, in days (docs/requirements.md#chains: day differences are shown as 'N days'): 'today',
 * '1 day ago', '12 days ago'; nothing for an unreadable or future date.
 */
export function formatDaysAgo(value: string | Date, now: Date): string | null {
  const days = dayDifference(value, now);
  if (days === null || days < 0) return null;
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
