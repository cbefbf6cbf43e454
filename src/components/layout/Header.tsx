import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../app/product';
import { WalletButton } from '../wallet/WalletButton';
import { WalletModalHost } from '../wallet/WalletModalHost';
import { Logo } from './Logo';
import { MainMenu } from './MainMenu';
import { MobileMenu } from './MobileMenu';
import { ThemeSwitch } from './ThemeSwitch';

/** Site header: logo, main menu, theme switch, wallet connect button or avatar (docs/requirements.md#shell-routes). */
export function Header() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="header-logo" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <MainMenu />
        <div className="header-actions">
          {/* The magnifying glass is the stylesheet's (layout.css), kept out of every page's script. */}
          <Link to="/search" className="icon-button header-search" aria-label="Search" />
          <ThemeSwitch className="desktop-only" />
          <WalletSlot />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** The connect button or the avatar, and the wallet modal (its own lazy chunk) wherever it is opened from. */
function WalletSlot() {
  return (
    <>
      <WalletButton className="desktop-only" />
      <WalletModalHost />
    </>
  );
}

