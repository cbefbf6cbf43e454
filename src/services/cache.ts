import { createStore, get, set, type UseStore } from 'idb-keyval';

// One IndexedDB database per concern (idb-keyval's createStore makes one object store per database).
let settingsStore: UseStore | undefined;
let offlineStore: UseStore | undefined;

export function getSettingsStore(): UseStore {
  settingsStore ??= createStore('artbazaar-settings', 'settings');
  return settingsStore;
}

/** Last good answers of reads (GraphQL queries, GET /config), served when the network is down. */
export function getOfflineStore(): UseStore {
  offlineStore ??= createStore('artbazaar-offline', 'responses');
  return offlineStore;
}

export type Theme = 'light' | 'dark';
export interface StoredSettings {
  theme: Theme;
}

const SETTINGS_KEY = 'settings';
/** localStorage key read by the pre-paint script in index.html. */
export const THEME_MIRROR_KEY = 'artbazaar.theme';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** Stored settings, or null when nothing valid was saved yet. */
export async function readSettings(): Promise<StoredSettings | null> {
  try {
    const stored = await get<unknown>(SETTINGS_KEY, getSettingsStore());
    if (stored && typeof stored === 'object' && isTheme((stored as { theme?: unknown }).theme)) {
      return { theme: (stored as StoredSettings).theme };
    }
  } catch {
    // IndexedDB unavailable (private mode): fall back to the mirror below.
  }
  const mirrored = readThemeMirror();
  return mirrored ? { theme: mirrored } : null;
}

export async function writeSettings(settings: StoredSettings): Promise<void> {
  writeThemeMirror(settings.theme);
  await set(SETTINGS_KEY, { theme: settings.theme }, getSettingsStore());
}

export function readThemeMirror(): Theme | null {
  try {
    const value = globalThis.localStorage?.getItem(THEME_MIRROR_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

function writeThemeMirror(theme: Theme): void {
  try {
    globalThis.localStorage?.setItem(THEME_MIRROR_KEY, theme);
  } catch {
    // Storage blocked: the theme still applies for this session.
  }
}

/** Last successful response under `key` (e.g. a GraphQL operation + variables), for offline reads. */
export async function readCachedResponse<T>(key: string): Promise<T | undefined> {
  try {
    return await get<T>(key, getOfflineStore());
  } catch {
    return undefined;
  }
}

/**
 * How many GraphQL answers the offline copy keeps (keys starting with `graphql:`): the pages of a long visit, a
 * few MB at most. Past it the oldest written is evicted first. Other entries (the one config) are always kept.
 */
export const OFFLINE_GRAPHQL_ENTRIES_MAX = 200;
const BOUNDED_PREFIX = 'graphql:';
/** The bounded keys, oldest write first, kept in the same store. */
const ORDER_KEY = 'offline:order';

/** The new order after writing `key`: keys the list does not know (an older build's) count as the oldest. */
function nextOrder(storedKeys: readonly IDBValidKey[], known: unknown, key: string): { order: string[]; evicted: string[] } {
  const present = new Set(storedKeys.filter((k): k is string => typeof k === 'string' && k.startsWith(BOUNDED_PREFIX)));
  const listed = (Array.isArray(known) ? (known as unknown[]) : []).filter((k): k is string => typeof k === 'string' && present.has(k) && k !== key);
  const listedSet = new Set(listed);
  const order = [...[...present].filter((k) => !listedSet.has(k) && k !== key), ...listed, key];
  const evicted = order.splice(0, Math.max(0, order.length - OFFLINE_GRAPHQL_ENTRIES_MAX));
  return { order, evicted };
}

/**
 * Stores the answer and, for a GraphQL answer, evicts past the bound, in one IndexedDB transaction: writes of this
 * tab and of other tabs are serialised by IndexedDB, so the bound holds whoever writes.
 */
export async function writeCachedResponse(key: string, value: unknown): Promise<void> {
  try {
    await getOfflineStore()('readwrite', (store) => {
      store.put(value, key);
      if (key.startsWith(BOUNDED_PREFIX)) {
        const storedKeys = store.getAllKeys();
        const known = store.get(ORDER_KEY);
        // Requests of one transaction complete in order: the keys are there when the order list is.
        known.onsuccess = () => {
          const { order, evicted } = nextOrder(storedKeys.result, known.result, key);
          for (const old of evicted) store.delete(old);
          store.put(order, ORDER_KEY);
        };
      }
      return new Promise<void>((resolve, reject) => {
        store.transaction.oncomplete = () => resolve();
        store.transaction.onabort = store.transaction.onerror = () => reject(store.transaction.error);
      });
    });
  } catch {
    // Quota or private mode: the online path is unaffected, only offline fallback is lost.
  }
}
