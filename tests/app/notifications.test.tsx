import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { notifyWhenOfflineReady } from '../../src/services/pwaUpdate';
import { renderApp } from './appHarness';

const bar = () => document.querySelector('.notification-bar');

describe('notifications in the app (seed 000 §4, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('behavior: a second success replaces the first at once and hides 15000 ms after it was shown', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => notifications.send({ type: 'notify.show', kind: 'success', text: 'Comment posted' }));
    act(() => vi.advanceTimersByTime(2000));
    act(() => notifications.send({ type: 'notify.show', kind: 'success', text: 'Comment updated' }));
    expect(screen.getByRole('status')).toHaveTextContent('Comment updated');
    expect(screen.queryByText('Comment posted')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(14999));
    expect(screen.getByRole('status')).toHaveTextContent('Comment updated');
    act(() => vi.advanceTimersByTime(1));
    expect(bar()).toBeNull();
    appActor.stop();
  });

  it('behavior: each kind hides after its own delay (info and warning 4000 ms, error 15000 ms)', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const [kind, ms] of [['info', 4000], ['warning', 4000], ['error', 15000], ['success', 15000]] as const) {
      act(() => notifications.send({ type: 'notify.show', kind, text: `A ${kind}` }));
      expect(bar()).toHaveTextContent(`A ${kind}`);
      expect(bar()).toHaveClass(`notification-${kind}`);
      act(() => vi.advanceTimersByTime(ms - 1));
      expect(bar()).toHaveTextContent(`A ${kind}`);
      act(() => vi.advanceTimersByTime(1));
      expect(bar()).toBeNull();
    }
    appActor.stop();
  });

  it('behavior: a sticky comes back when an error shown over it is closed by keyboard, and goes when its flow ends', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    act(() => notifications.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' }));
    expect(screen.getByRole('status')).toHaveTextContent('Approve in wallet');
    act(() => notifications.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' }));
    expect(screen.getAllByText('Approve in wallet')).toHaveLength(1);
    act(() => notifications.send({ type: 'notify.show', kind: 'error', text: 'You canceled the request in your wallet.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You canceled the request in your wallet.');
    expect(screen.queryByText('Approve in wallet')).not.toBeInTheDocument();

    const close = screen.getByRole('button', { name: 'Close notification' });
    close.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Approve in wallet');

    act(() => notifications.send({ type: 'notify.dismissSticky', text: 'Approve in wallet' }));
    expect(bar()).toBeNull();
    appActor.stop();
  });

  it('behavior: the offline-ready notice publishes its height so the mobile menu keeps its controls above it', async () => {
    let report: (() => void) | undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { appActor } = await renderApp('/under-construction');
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('0px');

    const stop = notifyWhenOfflineReady(getAppActor(appActor, 'pwaUpdate'), getAppActor(appActor, 'notifications'));
    act(() => getAppActor(appActor, 'pwaUpdate').send({ type: 'sw.offlineReady' }));
    expect(screen.getByRole('status')).toHaveTextContent('Art Bazaar is ready to work offline');
    const stack = document.querySelector('.overlay-stack') as HTMLElement;
    // jsdom has no layout: the stack's box is what a phone shows (a 56 px notice 16 px above the bottom).
    vi.spyOn(stack, 'getBoundingClientRect').mockReturnValue({ top: window.innerHeight - 72, height: 56 } as DOMRect);
    act(() => report?.());
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('72px');

    stop();
    appActor.stop();
  });
});
