import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';

/** The gap kept between a control the user is on and a notice that would cover it. */
const CLEAR_GAP_PX = 8;

/**
 * What the user is working on: the focused control, or the row or list item it is part of (an upload row with its
 * Remove button) when that item is no taller than a third of the screen.
 */
function workingArea(active: HTMLElement): DOMRect {
  const item = active.closest('li, tr, [role="row"]');
  const itemBox = item?.getBoundingClientRect();
  return itemBox && itemBox.height <= window.innerHeight / 3 ? itemBox : active.getBoundingClientRect();
}

/** Scrolls what the focused control is part of above the notice when the notice would cover it. */
function keepClear(bar: HTMLElement): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || bar.contains(active)) return;
  const covered = workingArea(active);
  const box = bar.getBoundingClientRect();
  const sideBySide = covered.right <= box.left || covered.left >= box.right;
  if (!sideBySide && covered.height > 0 && covered.bottom > box.top - CLEAR_GAP_PX && covered.top < window.innerHeight) {
    window.scrollBy({ top: covered.bottom - box.top + CLEAR_GAP_PX, behavior: 'instant' });
  }
}

/**
 * The one visible notification (docs/requirements.md#notifications): errors and warnings as alerts, the rest as status. It floats at the
 * page bottom, where the page reserves its height (layout.css) so nothing stays under it: the control the user is on
 * (with its row, when small) when it shows is scrolled clear, focus scrolling keeps controls above it, and the page's end scrolls past it.
 * Hover or focus holds it; Escape (outside a dialog, which has its own Escape) or its close button dismisses it.
 */
export function NotificationBar() {
  const notifications = useSystemActor('notifications');
  const current = useSelector(notifications, (snapshot) => snapshot.context.current);
  const paused = useSelector(notifications, (snapshot) => snapshot.matches({ shown: 'paused' }));
  const barRef = useRef<HTMLDivElement>(null);
  const held = useRef({ pointer: false, focus: false });
  const shownId = current?.id;

  // A notice replacing another under the pointer or the focus is held as well (the old element left no blur): the
  // new notice's element, as it attaches, says whether the pointer or the focus is on it, as it says so on entering.
  const attachBar = useCallback((bar: HTMLDivElement | null) => {
    barRef.current = bar;
    if (!bar) return;
    held.current = { pointer: bar.matches(':hover'), focus: bar.contains(document.activeElement) };
    if (held.current.pointer || held.current.focus) notifications.send({ type: 'notify.pause' });
  }, [notifications]);

  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    keepClear(bar);
    // Again once the frame's other updates are laid out: the change that raised the notice can also move the page
    // (a refused upload's message above the rows), after this component's own layout ran.
    const frame = requestAnimationFrame(() => keepClear(bar));
    return () => cancelAnimationFrame(frame);
  }, [shownId, notifications]);

  useEffect(() => {
    if (shownId === undefined) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], dialog')) return;
      notifications.send({ type: 'notify.dismiss', id: shownId });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shownId, notifications]);

  if (!current) return null;
  const urgent = current.kind === 'error' || current.kind === 'warning';
  const hold = (what: 'pointer' | 'focus', on: boolean) => {
    held.current[what] = on;
    const holding = held.current.pointer || held.current.focus;
    notifications.send({ type: holding ? 'notify.pause' : 'notify.resume' });
  };
  return (
    <div
      ref={attachBar}
      className={`notification-bar notification-${current.kind}`}
      role={urgent ? 'alert' : 'status'}
      key={current.id}
      data-notification-id={current.id}
      data-paused={paused ? 'true' : undefined}
      onPointerEnter={(event) => event.pointerType === 'mouse' && hold('pointer', true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
      }}
    >
      <p className="notification-text">{current.text}</p>
      <button
        type="button"
        className="icon-button notification-close"
        aria-label="Close notification"
        onClick={() => notifications.send({ type: 'notify.dismiss', id: current.id })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
