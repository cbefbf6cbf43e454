import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { notifyWhenOfflineReady } from '../../src/services/pwaUpdate';
import { renderApp } from './appHarness';

const bar = () => document.querySelector('.notification-bar');

/** A ResizeObserver the test triggers itself (jsdom has no layout): returns what runs the observer's callback. */
function stubResizeObserver(): () => void {
  let callback: (() => void) | undefined;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(observed: () => void) {
        callback = observed;
      }
      observe() {}
      disconnect() {}
    },
  );
  return () => callback?.();
}

describe('notifications in the app (requirements: notifications)', () => {
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
    const report = stubResizeObserver();
    const { appActor } = await renderApp('/under-construction');
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('0px');

    const stop = notifyWhenOfflineReady(getAppActor(appActor, 'pwaUpdate'), getAppActor(appActor, 'notifications'));
    act(() => getAppActor(appActor, 'pwaUpdate').send({ type: 'sw.offlineReady' }));
    expect(screen.getByRole('status')).toHaveTextContent('Art Bazaar is ready to work offline');
    const stack = document.querySelector('.overlay-stack') as HTMLElement;
    // jsdom has no layout: the stack's box is what a phone shows (a 56 px notice 16 px above the bottom).
    vi.spyOn(stack, 'getBoundingClientRect').mockReturnValue({ top: window.innerHeight - 72, height: 56 } as DOMRect);
    act(() => report());
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('72px');

    stop();
    appActor.stop();
  });
  it('behavior: a reader at the page end stays clear of a band that grows after they scrolled there; elsewhere the page keeps still', async () => {
    const report = stubResizeObserver();
    const { appActor } = await renderApp('/under-construction');
    const root = document.documentElement;
    const stack = document.querySelector('.overlay-stack') as HTMLElement;
    const box = vi.spyOn(stack, 'getBoundingClientRect');
    // jsdom has no layout: a 2000 px page on an 844 px screen, scrolled to its very end (2000 - 844).
    vi.spyOn(root, 'scrollHeight', 'get').mockReturnValue(2000);
    vi.stubGlobal('innerHeight', 844);
    vi.stubGlobal('scrollY', 1156);
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);

    // A notice comes (72 px band), then the offline status joins it (a 120 px band): the end follows each growth.
    box.mockReturnValue({ top: 844 - 72, height: 56 } as DOMRect);
    act(() => report());
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('72px');
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 72, behavior: 'instant' });
    vi.stubGlobal('scrollY', 1156 + 72);
    vi.spyOn(root, 'scrollHeight', 'get').mockReturnValue(2072);
    box.mockReturnValue({ top: 844 - 120, height: 104 } as DOMRect);
    act(() => report());
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('120px');
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 48, behavior: 'instant' });

    // Shrinking never scrolls; nor does growth while the reader is elsewhere on the page.
    scrollBy.mockClear();
    box.mockReturnValue({ top: 844 - 72, height: 56 } as DOMRect);
    act(() => report());
    vi.stubGlobal('scrollY', 300);
    box.mockReturnValue({ top: 844 - 120, height: 104 } as DOMRect);
    act(() => report());
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('120px');
    expect(scrollBy).not.toHaveBeenCalled();

    // At the end again, but a full-screen layer holds the page (the filter drawer is open): the page under it stays.
    box.mockReturnValue({ top: 844 - 72, height: 56 } as DOMRect);
    act(() => report());
    vi.stubGlobal('scrollY', 2000 - 844);
    vi.spyOn(root, 'scrollHeight', 'get').mockReturnValue(2000);
    document.body.style.overflow = 'hidden';
    box.mockReturnValue({ top: 844 - 120, height: 104 } as DOMRect);
    act(() => report());
    expect(root.style.getPropertyValue('--overlay-inset')).toBe('120px');
    expect(scrollBy).not.toHaveBeenCalled();
    document.body.style.overflow = '';

    vi.unstubAllGlobals();
    appActor.stop();
  });
  it('behavior: a notice that replaces another under the mouse pointer is held from the start', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    act(() => notifications.send({ type: 'notify.show', kind: 'info', text: 'Token has been sold' }));
    expect(bar()).not.toHaveAttribute('data-paused');
    // jsdom has no pointer: the bar's place answers ':hover' as a browser does for an element under the mouse.
    const matches = Element.prototype.matches;
    const hover = vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':hover' ? this.classList.contains('notification-bar') : matches.call(this, selector);
    });
    act(() => notifications.send({ type: 'notify.show', kind: 'error', text: 'You canceled the request in your wallet.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You canceled the request in your wallet.');
    expect(bar()).toHaveAttribute('data-paused', 'true');
    expect(notifications.getSnapshot().matches({ shown: 'paused' })).toBe(true);
    hover.mockRestore();
    appActor.stop();
  });
  it('behavior: focus on a notice holds it past its delay; leaving runs the whole delay again; Escape closes it', async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => notifications.send({ type: 'notify.show', kind: 'info', text: 'Token has been sold' }));
    const close = screen.getByRole('button', { name: 'Close notification' });
    act(() => close.focus());
    expect(bar()).toHaveAttribute('data-paused', 'true');
    act(() => vi.advanceTimersByTime(10000));
    expect(screen.getByRole('status')).toHaveTextContent('Token has been sold');
    act(() => close.blur());
    expect(bar()).not.toHaveAttribute('data-paused');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByRole('status')).toHaveTextContent('Token has been sold');
    act(() => notifications.send({ type: 'notify.show', kind: 'error', text: 'You canceled the request in your wallet.' }));
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(bar()).toBeNull();
    appActor.stop();
  });

  it("behavior: Escape inside a dialog is the dialog's: the notice stays", async () => {
    const { appActor } = await renderApp('/under-construction');
    const notifications = getAppActor(appActor, 'notifications');
    act(() => notifications.send({ type: 'notify.show', kind: 'success', text: 'Comment posted' }));
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('button');
    dialog.append(inside);
    document.body.append(dialog);
    act(() => {
      inside.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Comment posted');
    dialog.remove();
    appActor.stop();
  });
});
