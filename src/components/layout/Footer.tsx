import { Link } from '@tanstack/react-router';
import { visibleFooterColumns } from '../../app/navigation';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../app/product';
import { LogoMark } from './Logo';
import { SocialLinks } from './SocialLinks';

/** Footer: social links and the Company, Help and Policies columns (only columns with built pages). */
export function Footer() {
  const columns = visibleFooterColumns();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-brand">
          <LogoMark size={40} />
          <p className="footer-tagline">{PRODUCT_TAGLINE}</p>
          <SocialLinks />
        </div>
        {columns.map((column) => (
          <nav key={column.title} className="footer-column" aria-label={column.title}>
            <h2 className="footer-heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="footer-copyright">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
