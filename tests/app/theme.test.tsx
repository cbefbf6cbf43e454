import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { get } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { createAppActor } from '../../src/app/createAppActor';
import { THEME_MIRROR_KEY, getSettingsStore } from '../../src/services/cache';
import { bindDocumentTheme } from '../../src/services/settings';
import { configAnswering, demoConfig, renderApp } from './appHarness';

describe('theme switch', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.dataset.theme = 'light';
  });

  it('behavior: toggles data-theme on <html> and persists to IndexedDB and the pre-paint mirror', async () => {
    const { appActor } = await renderApp('/under-construction');
    const settings = getAppActor(appActor, 'settings');
    const stop = bindDocumentTheme(settings);
    await waitFor(() => expect(settings.getSnapshot().matches('ready')).toBe(true));

    const toggle = screen.getAllByRole('switch', { name: 'Dark theme' })[0]!;
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_MIRROR_KEY)).toBe('dark');
    await waitFor(async () => expect(await get('settings', getSettingsStore())).toEqual({ theme: 'dark' }));

    await userEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_MIRROR_KEY)).toBe('light');
    await waitFor(async () => expect(await get('settings', getSettingsStore())).toEqual({ theme: 'light' }));
    stop();
    appActor.stop();
  });

  it('behavior: a new app instance starts with the stored theme', async () => {
    const first = createAppActor({ config: configAnswering(async () => demoConfig) });
    const firstSettings = getAppActor(first, 'settings');
    await waitFor(() => expect(firstSettings.getSnapshot().matches('ready')).toBe(true));
    firstSettings.send({ type: 'theme.set', theme: 'dark' });
    await waitFor(async () => expect(await get('settings', getSettingsStore())).toEqual({ theme: 'dark' }));
    first.stop();

    document.documentElement.dataset.theme = 'light';
    const second = createAppActor({ config: configAnswering(async () => demoConfig) });
    const stop = bindDocumentTheme(getAppActor(second, 'settings'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(getAppActor(second, 'settings').getSnapshot().context.theme).toBe('dark');
    stop();
    second.stop();
  });

  it('behavior: while stored settings load, the pre-paint theme is left alone (no light flash)', () => {
    document.documentElement.dataset.theme = 'dark';
    const actor = createAppActor({ config: configAnswering(async () => demoConfig) });
    const stop = bindDocumentTheme(getAppActor(actor, 'settings'));
    expect(getAppActor(actor, 'settings').getSnapshot().matches('loading')).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
    actor.stop();
  });
});
