// See docs/requirements.md#collection-page: dates read DD MMM YYYY ("03 Nov 2026"), in the viewer's local time.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "03 Nov 2026"; an unreadable date gives a dash. */
export function formatDayMonthYear(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return `${String(date.getDate()).padStart(2, '0')} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** Whether `address` is the collection creator's (addresses compare case-insensitively). */
