// What the exhibitions page remembers (the editorial pages): the tab chosen last (localStorage, for the next visit) and the
// viewer's position per exhibition (sessionStorage: kept when leaving and coming back and across a reload).
const TAB_KEY = 'exhibitions.tab';
const POSITION_KEY = (exhibitionId: string) => `exhibitions.viewer.${exhibitionId}`;

const storageOf = (kind: 'localStorage' | 'sessionStorage'): Storage | null => {
  try {
    return globalThis[kind] ?? null;
  } catch {
    // Storage can be refused (privacy settings): the page then opens on its defaults.
    return null;
  }
};

function read(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: string): void {
  try {
    storageOf(kind)?.setItem(key, value);
  } catch {
    // Full or refused storage: the choice is simply not remembered.
  }
}

/** The tab chosen last (the page machine validates it). */
export const readExhibitionsTab = (): string | null => read('localStorage', TAB_KEY);
export const writeExhibitionsTab = (tab: string): void => write('localStorage', TAB_KEY, tab);

/** The viewer position stored for an exhibition (null: none; the viewer machine validates it). */
export function readViewerPosition(exhibitionId: string): number | null {
  const value = read('sessionStorage', POSITION_KEY(exhibitionId));
  return value === null || !/^\d+$/.test(value) ? null : Number(value);
}

export const writeViewerPosition = (exhibitionId: string, position: number): void => write('sessionStorage', POSITION_KEY(exhibitionId), String(position));
