import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { visibleMenu, type NavGroup } from '../../app/navigation';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { WalletButton } from '../wallet/WalletButton';
import { ThemeSwitch } from './ThemeSwitch';

/** Hamburger button opening a full-screen menu with wallet connect, profile link and theme switch (seed 000 §2). */
export function MobileMenu({ menu }: { menu?: NavGroup[] }) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const groups = visibleMenu(menu);
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));

  useEffect(() => {
    if (!open) return;
    // The opener button is always rendered: the one that opened the menu gets the focus back.
    const opener = openerRef.current;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    // The page behind a full-screen menu must not scroll.
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus();
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="mobile-menu">
      <button
        ref={openerRef}
        type="button"
        className="icon-button hamburger"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div id="mobile-menu-panel" className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Menu">
          <div className="mobile-menu-top">
            <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" onClick={close}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Main" className="mobile-menu-nav">
            {groups.map((group) =>
              group.items ? (
                <section key={group.label} className="mobile-menu-group">
                  <h2 className="mobile-menu-heading">{group.label}</h2>
                  <ul>
                    {group.items.map((item) => (
                      <li key={item.to}>
                        <Link to={item.to} className="mobile-menu-link" onClick={close}>
                          {item.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : (
                <Link key={group.label} to={group.to!} className="mobile-menu-link mobile-menu-heading" onClick={close}>
                  {group.label}
                </Link>
              ),
            )}
          </nav>
          <div className="mobile-menu-wallet">
            <WalletButton onNavigate={close} />
            {registered && (
              <Link to="/profile" className="mobile-menu-link" onClick={close}>
                Profile
              </Link>
            )}
          </div>
          <div className="mobile-menu-settings">
            <ThemeSwitch />
          </div>
        </div>
      )}
    </div>
  );
}
