import { SOCIAL_LINKS, type SocialLinkId } from '../../app/product';

const ICONS: Record<SocialLinkId, string> = {
  website: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.9A8 8 0 0 1 18.9 8ZM12 4c.8 1.1 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.9 1.9-4ZM4.3 14a8.3 8.3 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.9A8 8 0 0 1 5.1 16ZM8.1 8h-3a8 8 0 0 1 4.4-3.9C8.9 5.3 8.4 6.6 8.1 8ZM12 20c-.8-1.1-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.9-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 5.9c.6-1.2 1.1-2.5 1.4-3.9h3a8 8 0 0 1-4.4 3.9ZM16.3 14a16.5 16.5 0 0 0 0-4h3.4a8.3 8.3 0 0 1 0 4h-3.4Z',
  youtube: 'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.7 15V9l5.8 3-5.8 3Z',
  x: 'M17.8 2.5h3.3l-7.2 8.2 8.4 11.1h-6.6l-5.2-6.8-5.9 6.8H1.3l7.7-8.8L1 2.5h6.8l4.7 6.2 5.3-6.2Zm-1.2 17.3h1.8L6.6 4.4H4.7l11.9 15.4Z',
  instagram: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4Zm6.4-8.4a1.2 1.2 0 1 1-2.4 0 1.2 1.2 0 0 1 2.4 0ZM21.7 8c-.1-1.6-.4-3-1.6-4.1S17.6 2.4 16 2.3C14.4 2.2 9.6 2.2 8 2.3 6.4 2.4 5 2.7 3.9 3.9S2.4 6.4 2.3 8c-.1 1.6-.1 6.4 0 8 .1 1.6.4 3 1.6 4.1s2.5 1.5 4.1 1.6c1.6.1 6.4.1 8 0 1.6-.1 3-.4 4.1-1.6s1.5-2.5 1.6-4.1c.1-1.6.1-6.4 0-8Zm-2.1 9.8a3.3 3.3 0 0 1-1.8 1.8c-1.3.5-4.3.4-5.8.4s-4.5.1-5.8-.4a3.3 3.3 0 0 1-1.8-1.8c-.5-1.3-.4-4.3-.4-5.8s-.1-4.5.4-5.8a3.3 3.3 0 0 1 1.8-1.8c1.3-.5 4.3-.4 5.8-.4s4.5-.1 5.8.4a3.3 3.3 0 0 1 1.8 1.8c.5 1.3.4 4.3.4 5.8s.1 4.5-.4 5.8Z',
};

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
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={ICONS[link.id]} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
