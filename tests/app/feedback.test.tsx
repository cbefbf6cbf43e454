import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { getAppActor } from '../../machines/app/appMachine';
import { pwaUpdateMachine } from '../../machines/pwa/pwaUpdateMachine';
import { notifyWhenOfflineReady } from '../../src/services/pwaUpdate';
import { renderApp } from './appHarness';

describe('notification bar', () => {
  it('behavior: shows the current notification as status, closes on the close button', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    act(() => notifications.send({ type: 'notify.show', kind: 'success', text: 'Offer placed' }));
    expect(screen.getByRole('status')).toHaveTextContent('Offer placed');
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Offer placed')).not.toBeInTheDocument();
    appActor.stop();
  });

  it('behavior: errors are announced as alerts; a new notification replaces the one shown at once', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    act(() => notifications.send({ type: 'notify.show', kind: 'error', text: 'Failed to fetch comments' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch comments');
    act(() => notifications.send({ type: 'notify.show', kind: 'info', text: 'Token has been sold' }));
    expect(screen.getByRole('status')).toHaveTextContent('Token has been sold');
    expect(screen.queryByText('Failed to fetch comments')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Token has been sold')).not.toBeInTheDocument();
    appActor.stop();
  });
});

describe('update prompt', () => {
  it('behavior: the first offline-ready signal shows an info notice once', async () => {
    const { appActor } = await renderApp('/under-construction');
    const stop = notifyWhenOfflineReady(getAppActor(appActor, 'pwaUpdate'), getAppActor(appActor, 'notifications'));
    act(() => getAppActor(appActor, 'pwaUpdate').send({ type: 'sw.offlineReady' }));
    expect(screen.getByRole('status')).toHaveTextContent('Art Bazaar is ready to work offline');
    act(() => getAppActor(appActor, 'notifications').send({ type: 'notify.dismiss' }));
    act(() => getAppActor(appActor, 'pwaUpdate').send({ type: 'sw.offlineReady' }));
    expect(screen.queryByText('Art Bazaar is ready to work offline')).not.toBeInTheDocument();
    stop();
    appActor.stop();
  });

  it('behavior: a waiting worker prompts; Later hides the prompt', async () => {
    const { appActor } = await renderApp('/under-construction');
    const pwa = getAppActor(appActor, 'pwaUpdate');
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    act(() => pwa.send({ type: 'sw.updateAvailable' }));
    expect(screen.getByText('A new version is available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    expect(pwa.getSnapshot().matches('dismissed')).toBe(true);
    appActor.stop();
  });

  it('behavior: Reload applies the update through the provided applyUpdate', async () => {
    let applied = 0;
    const { appActor } = await renderApp('/under-construction', {
      pwaUpdate: pwaUpdateMachine.provide({ actors: { applyUpdate: fromPromise<void>(async () => {
        applied += 1;
      }) } }),
    });
    act(() => getAppActor(appActor, 'pwaUpdate').send({ type: 'sw.updateAvailable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(applied).toBe(1);
    expect(getAppActor(appActor, 'pwaUpdate').getSnapshot().matches('updated')).toBe(true);
    appActor.stop();
  });
});
