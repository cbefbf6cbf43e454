import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { StoredSettings, settingsMachine } from '../../machines/settings/settingsMachine';
import { readSettings, writeSettings } from './cache';

/** settingsMachine's `loadSettings`: IndexedDB first, then the localStorage mirror. */
export const loadSettings = fromPromise<StoredSettings | null>(() => readSettings());

/** settingsMachine's `persistSettings`: IndexedDB plus the mirror the pre-paint script reads. */
export function persistSettings(_args: unknown, params: StoredSettings): void {
  void writeSettings(params).catch((error: unknown) => {
    // The mirror is written synchronously first, so the theme still survives a reload.
    console.warn('Could not save settings to IndexedDB', error);
  });
}

/** Keeps <html data-theme> in step with the settings actor once stored settings are loaded. */
export function bindDocumentTheme(settings: ActorRefFrom<typeof settingsMachine>, root: HTMLElement = document.documentElement): () => void {
  const apply = (snapshot: SnapshotFrom<typeof settingsMachine>) => {
    // While loading, the pre-paint script's theme stays; applying the default would flash light.
    if (snapshot.matches('ready') && root.dataset.theme !== snapshot.context.theme) root.dataset.theme = snapshot.context.theme;
  };
  apply(settings.getSnapshot());
  const subscription = settings.subscribe(apply);
  return () => subscription.unsubscribe();
}
