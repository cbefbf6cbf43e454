// The worker's stored answers in IndexedDB (protocol.ts DATA_DB / StoredEntry). Thin on purpose: what to keep and
// what to evict is decided in dataPolicy.ts. Plain IndexedDB so the worker bundle stays small.
import { DATA_DB, type StoredEntry } from './protocol';

/** Databases of older builds, deleted when the worker activates (the page-side copy before offline-first). */
export const RETIRED_DATABASES = ['artbazaar-offline'] as const;

export interface DataStore {
  get(key: string): Promise<StoredEntry | undefined>;
  /** Writes the entry; rejects with the IndexedDB error (a QuotaExceededError when storage is full). */
  put(entry: StoredEntry): Promise<void>;
  all(): Promise<StoredEntry[]>;
  delete(keys: readonly string[]): Promise<void>;
  /** Marks the entry used now (least-recently-used eviction). */
  touch(key: string, now: number): Promise<void>;
  /** Deletes every entry of this account (lowercased address). */
  forgetAccount(account: string): Promise<void>;
  /** Removes the pin from every entry that has it. */
  unpin(pin: string): Promise<void>;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () => reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATA_DB.name, DATA_DB.version);
  request.onupgradeneeded = () => {
    const db = request.result;
    // A new schema version starts empty: stored answers are a cache, never the only copy of anything.
    if (db.objectStoreNames.contains(DATA_DB.entries)) db.deleteObjectStore(DATA_DB.entries);
    db.createObjectStore(DATA_DB.entries, { keyPath: 'key' }).createIndex('account', 'account');
  };
  return promised(request);
}

/** The data store over `factory` (the worker's indexedDB; tests pass fake-indexeddb's). */
export function openDataStore(factory: IDBFactory = indexedDB): DataStore {
  let opening: Promise<IDBDatabase> | undefined;
  const db = () => {
    opening ??= openDatabase(factory).then((database) => {
      // Another version of the worker upgrading the database: let it, and reopen on the next use.
      database.onversionchange = () => {
        database.close();
        opening = undefined;
      };
      return database;
    });
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T> | T): Promise<T> => {
    const transaction = (await db()).transaction(DATA_DB.entries, mode);
    const finished = done(transaction);
    const result = await work(transaction.objectStore(DATA_DB.entries));
    await finished;
    return result;
  };
  const eachCursor = (store: IDBObjectStore | IDBIndex, query: IDBValidKey | null, visit: (cursor: IDBCursorWithValue) => void) =>
    new Promise<void>((resolve, reject) => {
      const request = store.openCursor(query);
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return resolve();
        visit(cursor);
        cursor.continue();
      };
    });
  return {
    get: (key) => run('readonly', (store) => promised(store.get(key) as IDBRequest<StoredEntry | undefined>)),
    put: (entry) =>
      run('readwrite', (store) => {
        store.put(entry);
      }),
    all: () => run('readonly', (store) => promised(store.getAll() as IDBRequest<StoredEntry[]>)),
    delete: async (keys) => {
      if (keys.length === 0) return;
      await run('readwrite', (store) => {
        for (const key of keys) store.delete(key);
      });
    },
    touch: (key, now) =>
      run('readwrite', async (store) => {
        const entry = (await promised(store.get(key))) as StoredEntry | undefined;
        if (entry) store.put({ ...entry, usedAt: now });
      }),
    forgetAccount: (account) =>
      run('readwrite', (store) => eachCursor(store.index('account'), account.toLowerCase(), (cursor) => cursor.delete())),
    unpin: (pin) =>
      run('readwrite', (store) =>
        eachCursor(store, null, (cursor) => {
          const entry = cursor.value as StoredEntry;
          if (entry.pins.includes(pin)) cursor.update({ ...entry, pins: entry.pins.filter((other) => other !== pin) });
        }),
      ),
  };
}

/** Is this error IndexedDB's "storage is full"? */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (error as { code?: unknown } | null)?.code === 22;
}
