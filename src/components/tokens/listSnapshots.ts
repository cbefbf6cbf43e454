// Keys for the kept lists (src/services/lists/keptLists.ts): one per list and params, whatever the params' key order.
import { forgetAllKeptLists, forgetKeptList } from '../../services/lists/keptLists';

/** Drops a kept list so the next visit loads from the first page (a filter chosen anew). */
export const forgetListSnapshot = forgetKeptList;

export const forgetAllListSnapshots = forgetAllKeptLists;

export function listSnapshotKey(listKey: string, params: unknown): string {
  const stable = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(stable)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, stable(v)]))
        : value;
  return `${listKey}:${JSON.stringify(stable(params) ?? null)}`;
}
