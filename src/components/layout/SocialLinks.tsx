import { SOCIAL_LINKS, type SocialLinkId } from '../../app/product';

// The icons are files (public/icons/social/<id>.svg) drawn in the text colour by a CSS mask (.social-icon in
// layout.css): their path data stays out of the script every page loads first.

export interface SocialLink {
  id: SocialLinkId;
  /** The link's accessible name ('Website', 'X', …); '(opens in a new tab)' is added. */
  label: string;
  href: string;
}

/**
 * Social links group, each in a new tab (rel noopener): the marketplace's own (website, youtube, x, instagram) by
 * default, as the footer shows them, or the `links` given (an artist's website, x and instagram).
 */
export function SocialLinks({ links = SOCIAL_LINKS, label = 'Social links' }: { links?: readonly SocialLink[]; label?: string }) {
  if (links.length === 0) return null;
  return (
    <ul className="social-links" aria-label={label}>
      {links.map((link) => (
        <li key={link.id}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className="icon-button" aria-label={`${link.label} (opens in a new tab)`}>
            <span className={`social-icon social-icon-${link.id}`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
