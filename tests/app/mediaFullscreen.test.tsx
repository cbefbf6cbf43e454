import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenMedia } from '../../src/components/media/TokenMedia';
import { CID, imageToken, videoToken } from './mediaFixtures';

beforeAll(async () => {
  await Promise.all([import('../../src/components/media/FullscreenViewer'), import('../../src/components/media/ImageViewer'), import('../../src/components/media/VideoViewer')]);
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: undefined });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
});
const nextFrame = () => act(async () => { await new Promise((resolve) => requestAnimationFrame(() => resolve(null))); });

describe('fullscreen viewer', () => {
  it('is offered on the detail page only, as a labelled button', async () => {
    const { rerender } = render(<TokenMedia token={imageToken} variant="card" />);
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 0)); });
    expect(screen.queryByRole('button', { name: /fullscreen/ })).toBeNull();
    rerender(<TokenMedia token={imageToken} variant="detail" />);
    expect(await screen.findByRole('button', { name: 'View Quiet Field fullscreen' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('without the Fullscreen API opens a modal with the full media; Esc closes it and focus returns to the button', async () => {
    const user = userEvent.setup();
    render(<><main><button type="button">Elsewhere</button><TokenMedia token={imageToken} variant="detail" /></main></>);
    const open = await screen.findByRole('button', { name: 'View Quiet Field fullscreen' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Quiet Field (fullscreen)' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-mode', 'modal');
    const close = screen.getByRole('button', { name: 'Close fullscreen' });
    expect(close).toHaveFocus();
    expect(await screen.findAllByRole('img', { name: 'Quiet Field' })).toHaveLength(2);
    // The page behind is inert while the viewer is open.
    expect(document.querySelector('main')!.parentElement!.inert).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await nextFrame();
    expect(open).toHaveFocus();
    expect(document.querySelector('main')!.parentElement!.inert).toBe(false);
  });

  it('keeps Tab and Shift+Tab inside the viewer', async () => {
    const user = userEvent.setup();
    render(<TokenMedia token={videoToken} variant="detail" />);
    await user.click(await screen.findByRole('button', { name: 'View Tide fullscreen' }));
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close fullscreen' });
    const video = await vi.waitFor(() => {
      const found = dialog.querySelector('video');
      if (!found) throw new Error('no video yet');
      return found;
    });
    video.setAttribute('tabindex', '0');
    video.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(video).toHaveFocus();
    expect(video).toHaveAttribute('src', `/ipfs/${CID.video}`);
  });

  it('uses the Fullscreen API when available and closes when the browser leaves fullscreen', async () => {
    const user = userEvent.setup();
    let fullscreenElement: Element | null = null;
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    const request = vi.fn(async () => { fullscreenElement = document.querySelector('[role="dialog"]'); });
    HTMLElement.prototype.requestFullscreen = request;
    render(<TokenMedia token={imageToken} variant="detail" />);
    const open = await screen.findByRole('button', { name: 'View Quiet Field fullscreen' });
    await user.click(open);
    const dialog = screen.getByRole('dialog');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.contexts[0]).toBe(dialog);
    await vi.waitFor(() => expect(dialog).toHaveAttribute('data-mode', 'native'));
    // Esc in real fullscreen is the browser's: it leaves fullscreen, and the viewer closes with it.
    fullscreenElement = null;
    act(() => { document.dispatchEvent(new Event('fullscreenchange')); });
    expect(screen.queryByRole('dialog')).toBeNull();
    await nextFrame();
    expect(open).toHaveFocus();
  });

  it('stays a modal when the browser refuses fullscreen', async () => {
    const user = userEvent.setup();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    HTMLElement.prototype.requestFullscreen = vi.fn(() => Promise.reject(new TypeError('Permissions check failed')));
    render(<TokenMedia token={imageToken} variant="detail" />);
    await user.click(await screen.findByRole('button', { name: 'View Quiet Field fullscreen' }));
    await act(async () => { await Promise.resolve(); });
    expect(screen.getByRole('dialog')).toHaveAttribute('data-mode', 'modal');
    await user.click(screen.getByRole('button', { name: 'Close fullscreen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
