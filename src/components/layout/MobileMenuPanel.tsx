import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { visibleMenu, type NavGroup } from '../../app/navigation';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { WalletButton } from '../wallet/WalletButton';
import { ThemeSwitch } from './ThemeSwitch';
import { useModalLayer } from './useModalLayer';

export interface MobileMenuPanelProps {
  menu?: NavGroup[];
  /** Closes the menu (the opener's state). */
  close: () => void;
  /** Gets the focus back when the menu closes. */
  openerRef: React.RefObject<HTMLButtonElement | null>;
}

/**
 * The phone menu's full-screen panel (docs/requirements.md#shell-routes): the menu's sections and pages, wallet connect,
 * the profile link and the theme switch. Its own chunk, loaded when the menu first opens (MobileMenu), so no page's
 * first load carries it; the shell precaches it for offline.
 */
export default function MobileMenuPanel({ menu, close, openerRef }: MobileMenuPanelProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const groups = visibleMenu(menu);
  const sections = groups.filter((group) => group.items);
  const pages = groups.filter((group) => !group.items && group.to);
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));

  // Mounted open: the focus starts on Close, and the opener (always rendered) gets it back when the panel goes.
  useModalLayer(true, { layer: panelRef, initialFocus: closeRef, onEscape: close, onClosed: () => openerRef.current?.focus() });

  return (
    <div ref={panelRef} id="mobile-menu-panel" className="mobile-menu-panel" role="dialog" aria-modal="true" aria-label="Menu">
      <div className="mobile-menu-top">
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" onClick={close}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav aria-label="Main" className="mobile-menu-nav">
        {sections.map((group) => (
          <section key={group.label} className="mobile-menu-group">
            <h2 className="mobile-menu-heading">{group.label}</h2>
            <ul>
              {group.items!.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="mobile-menu-link" onClick={close}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {/* Studio and Dashboard are pages, not sections (docs/requirements.md#shell-routes): links that look like links, with an arrow. */}
        {pages.length > 0 && (
          <ul className="mobile-menu-pages">
            {pages.map((group) => (
              <li key={group.label}>
                <Link to={group.to!} className="mobile-menu-link mobile-menu-page" onClick={close}>
                  {group.label}
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
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

  );
}
