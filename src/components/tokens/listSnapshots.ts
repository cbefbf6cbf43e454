// The lists a visitor left, kept in memory per list key (list + params): coming back (Back, or the same list
// again) shows the same items at once and scrolls to where the visitor was, instead of reloading page 1.
import type { Snapshot } from 'xstate';

const saved = new Map<string, Snapshot<unknown>>();
// A visitor paging through many filter combinations keeps at most this many lists in memory.
const MAX_SAVED_LISTS = 20;

export function saveListSnapshot(key: string, snapshot: Snapshot<unknown>): void {
  saved.delete(key);
  saved.set(key, snapshot);
  while (saved.size > MAX_SAVED_LISTS) saved.delete(saved.keys().next().value as string);
}

/** The saved snapshot of a list, removed from the store: the list that takes it saves it again when it leaves. */
export function takeListSnapshot(key: string): Snapshot<unknown> | undefined {
  const snapshot = saved.get(key);
  saved.delete(key);
  return snapshot;
}

/** Drops a saved list so the next visit loads from the first page (a filter chosen anew, a live refresh). */
export function forgetListSnapshot(key: string): void {
  saved.delete(key);
}

export function forgetAllListSnapshots(): void {
  saved.clear();
}

/** One key per list and params, whatever the params' key order. */
export function listSnapshotKey(listKey: string, params: unknown): string {
  const stable = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(stable)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, stable(v)]))
        : value;
  return `${listKey}:${JSON.stringify(stable(params) ?? null)}`;
}
