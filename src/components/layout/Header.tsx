import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../app/product';
import { Logo } from './Logo';
import { MainMenu } from './MainMenu';
import { MobileMenu } from './MobileMenu';
import { ThemeSwitch } from './ThemeSwitch';

/** Site header: logo, main menu, theme switch and the wallet slot (filled by the wallet-session issue). */
export function Header() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="header-logo" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <MainMenu />
        <div className="header-actions">
          <ThemeSwitch className="desktop-only" />
          <WalletSlot />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** Where the wallet connect button and avatar go; renders nothing until the wallet session exists. */
function WalletSlot() {
  return null;
}
