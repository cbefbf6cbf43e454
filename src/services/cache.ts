import { createStore, get, set, type UseStore } from 'idb-keyval';

// One IndexedDB database per concern (idb-keyval's createStore makes one object store per database). Stored answers
// of reads are the service worker's (src/offline/dataStore.ts), not the page's.
let settingsStore: UseStore | undefined;

export function getSettingsStore(): UseStore {
  settingsStore ??= createStore('artbazaar-settings', 'settings');
  return settingsStore;
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
