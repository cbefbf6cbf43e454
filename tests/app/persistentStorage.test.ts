import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistStorageOnInstall, requestPersistentStorage } from '../../src/services/offline/persistentStorage';

afterEach(() => vi.unstubAllGlobals());

describe('persistent storage', () => {
  it('behavior: installing the app asks navigator.storage.persist() once', () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    const target = new EventTarget();
    persistStorageOnInstall(target as unknown as Window);
    expect(persist).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('appinstalled'));
    target.dispatchEvent(new Event('appinstalled'));
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('behavior: a browser without the API or refusing it changes nothing', async () => {
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(() => requestPersistentStorage()).not.toThrow();
    const persist = vi.fn(async () => {
      throw new Error('refused');
    });
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    requestPersistentStorage();
    await Promise.resolve();
    expect(persist).toHaveBeenCalledTimes(1);
  });
});
