// The full-screen layers' shared keyboard contract (src/components/layout/useModalLayer.ts): the phone menu and the
// filter drawer start on their close button, keep Tab inside, lock the page's scroll and close on Escape; a dialog
// over the layer keeps its own keys.
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalLayer } from '../../src/components/layout/useModalLayer';

function Layer({ onEscape, onClosed }: { onEscape: () => void; onClosed: () => void }) {
  const [open, setOpen] = useState(false);
  const layer = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useModalLayer(open, {
    layer,
    initialFocus: close,
    onEscape: () => {
      onEscape();
      setOpen(false);
    },
    onClosed,
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <div ref={layer} role="dialog" aria-modal="true" aria-label="Menu">
          <button ref={close} type="button">
            Close menu
          </button>
          <a href="/explore">Art</a>
          <button type="button" disabled>
            Disabled
          </button>
          <button type="button">Last</button>
        </div>
      )}
      <div role="dialog" aria-label="Wallet">
        <button type="button">Wallet option</button>
      </div>
      <button type="button">After</button>
    </>
  );
}

describe('a full-screen layer (phone menu, filter drawer)', () => {
  // jsdom lays nothing out: every element counts as rendered.
  beforeEach(() => vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList));
  afterEach(() => vi.restoreAllMocks());

  it('opens on its close button, keeps Tab inside both ways, locks the page scroll; Escape closes it and restores both', async () => {
    const user = userEvent.setup();
    const onEscape = vi.fn();
    const onClosed = vi.fn();
    render(<Layer onEscape={onEscape} onClosed={onClosed} />);
    document.body.style.overflow = 'auto';
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.tab();
    expect(screen.getByRole('link', { name: 'Art' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    // Past the last control: back to the first, not out to the page.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    // Focus that got out (a click on the page) comes back in with the next Tab.
    act(() => screen.getByRole('button', { name: 'After' }).focus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();

    expect(onClosed).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(document.body.style.overflow).toBe('auto');
  });

  it('leaves the keys of another dialog alone: its Escape and Tab do not close or move the layer', async () => {
    const user = userEvent.setup();
    const onEscape = vi.fn();
    render(<Layer onEscape={onEscape} onClosed={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const walletOption = screen.getByRole('button', { name: 'Wallet option' });
    act(() => walletOption.focus());
    fireEvent.keyDown(walletOption, { key: 'Escape' });
    fireEvent.keyDown(walletOption, { key: 'Tab' });
    expect(onEscape).not.toHaveBeenCalled();
    expect(walletOption).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    // A key the other dialog handled is not handled again.
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    screen.getByRole('button', { name: 'Close menu' }).dispatchEvent(handled);
    expect(onEscape).not.toHaveBeenCalled();
  });
});
