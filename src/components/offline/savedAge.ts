// How old the stored data on screen is, in the offline status: 'saved 12 min ago', 'saved 3 hours ago', …

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The age of a stored answer fetched at `storedAt`, seen at `now` (both epoch ms); whole units, rounded down. */
export function savedAgeText(storedAt: number, now: number): string {
  const age = Math.max(0, now - storedAt);
  if (age < MINUTE_MS) return 'saved just now';
  if (age < HOUR_MS) return `saved ${Math.floor(age / MINUTE_MS)} min ago`;
  if (age < DAY_MS) return `saved ${plural(Math.floor(age / HOUR_MS), 'hour', 'hours')} ago`;
  return `saved ${plural(Math.floor(age / DAY_MS), 'day', 'days')} ago`;
}

/** How long until the text of an age can change (the status re-renders then). */
export function savedAgeRefreshMs(storedAt: number, now: number): number {
  const age = Math.max(0, now - storedAt);
  const unit = age < HOUR_MS ? MINUTE_MS : age < DAY_MS ? HOUR_MS : DAY_MS;
  return unit - (age % unit);
}
