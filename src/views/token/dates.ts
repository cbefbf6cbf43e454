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
