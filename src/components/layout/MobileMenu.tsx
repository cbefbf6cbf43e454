import { lazy, Suspense, useRef, useState } from 'react';
import type { NavGroup } from '../../app/navigation';

// The panel loads when the menu first opens (a press starts it, ahead of the click), so no page's first load carries it.
const loadPanel = () => import('./MobileMenuPanel');
const MobileMenuPanel = lazy(loadPanel);

/** Hamburger button opening a full-screen menu with wallet connect, profile link and theme switch (docs/requirements.md#shell-routes). */
export function MobileMenu({ menu }: { menu?: NavGroup[] }) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="mobile-menu">
      <button
        ref={openerRef}
        type="button"
        className="icon-button hamburger"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onPointerDown={() => void loadPanel()}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel menu={menu} close={() => setOpen(false)} openerRef={openerRef} />
        </Suspense>
      )}
    </div>
  );
}
