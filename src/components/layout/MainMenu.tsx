import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { MENU_CLOSE_DELAY_MS } from '../../../machines/app/constants';
import { visibleMenu, type NavGroup } from '../../app/navigation';

/** Desktop main menu: disclosure buttons with submenus that open on hover or keyboard. */
export function MainMenu({ menu }: { menu?: NavGroup[] }) {
  const groups = visibleMenu(menu);
  return (
    <nav className="main-menu" aria-label="Main">
      <ul className="main-menu-list">
        {groups.map((group) =>
          group.items ? (
            <MenuGroup key={group.label} group={group} />
          ) : (
            <li key={group.label} className="main-menu-item">
              <Link to={group.to!} className="main-menu-link" activeProps={{ 'aria-current': 'page' }}>
                {group.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function MenuGroup({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const submenuId = useId();
  // A click right after hover-opening keeps the menu open instead of toggling it shut under the pointer.
  const openedByHover = useRef(false);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const close = () => {
    openedByHover.current = false;
    setOpen(false);
  };
  const closeLater = () => {
    cancelClose();
    // See docs/requirements.md#shell-routes: the menu closes 300 ms after the pointer leaves, so diagonal moves don't lose it.
    closeTimer.current = setTimeout(close, MENU_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  const focusItem = (index: number) => {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links?.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (event.key === 'Escape') {
      close();
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === 'Escape') {
      close();
      buttonRef.current?.focus();
    }
  };

  return (
    <li
      className="main-menu-item"
      onMouseEnter={() => {
        cancelClose();
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={closeLater}
      onBlur={(event) => {
        // Close when focus leaves the group entirely (Tab past the last entry).
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="main-menu-button"
        aria-expanded={open}
        aria-controls={submenuId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else if (open) close();
          else setOpen(true);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {group.label}
        <svg className="chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <ul id={submenuId} ref={listRef} className="submenu" hidden={!open} onKeyDown={onListKeyDown}>
        {group.items!.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="submenu-link" activeProps={{ 'aria-current': 'page' }} onClick={close}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
