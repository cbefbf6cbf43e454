// One idb-keyval store written through an ordered, coalescing queue: writes run one at a time in the order asked;
// a record asked again before its turn is written once, with its last value (null deletes it). Comment drafts and
// the studio's reload records keep their `{ version, snapshot }` records this way.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface RecordQueue<T> {
  /** Queues a write of `record` under `key` (null forgets it). */
  write(key: string, record: T | null): void;
  /** Resolves once every write asked for so far is stored, including those asked in the current synchronous run. */
  stored(): Promise<void>;
  /** The record under `key` after the queued writes, or undefined (none, or storage failed). */
  read(key: string): Promise<T | undefined>;
}

export function createRecordQueue<T>(database: string, storeName: string, onWriteError: (error: unknown) => void = () => {}): RecordQueue<T> {
  let store: UseStore | undefined;
  const idb = () => (store ??= createStore(database, storeName));
  let writes: Promise<void> = Promise.resolve();
  const queued = new Map<string, T | null>();

  async function writeRecord(key: string): Promise<void> {
    const record = queued.get(key) ?? null;
    queued.delete(key);
    try {
      if (record) await set(key, record, idb());
      else await del(key, idb());
    } catch (error) {
      onWriteError(error);
    }
  }

  return {
    write(key, record) {
      const waiting = queued.has(key);
      queued.set(key, record);
      if (!waiting) writes = writes.then(() => writeRecord(key));
    },
    stored: () => Promise.resolve().then(() => writes),
    async read(key) {
      await writes;
      try {
        return await get<T>(key, idb());
      } catch {
        return undefined;
      }
    },
  };
}
