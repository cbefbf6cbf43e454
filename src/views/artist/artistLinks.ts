// The artist header's social links (the artists' pages: website, x, instagram built from the account's web, twitter and
// instagram). Only values that make a real link become one: a web address over http(s), and handles made of the
// characters those services allow (a stored value that is neither gives no link, so no stored text ever becomes a
// URL the page would follow).
import type { SocialLink } from '../../components/layout/SocialLinks';

const X_HANDLE = /^[A-Za-z0-9_]{1,15}$/;
const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]{1,30}$/;

function webLink(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const handleOf = (value: string | null | undefined, rule: RegExp): string | null => {
  const handle = value?.trim().replace(/^@/, '');
  return handle && rule.test(handle) ? handle : null;
};

export interface ArtistSocials {
  web?: string | null;
  twitter?: string | null;
  instagram?: string | null;
}

/** The links the account's socials give, in the order website, x, instagram. */
export function artistSocialLinks(account: ArtistSocials): SocialLink[] {
  const links: SocialLink[] = [];
  const web = webLink(account.web);
  if (web) links.push({ id: 'website', label: 'Website', href: web });
  const x = handleOf(account.twitter, X_HANDLE);
  if (x) links.push({ id: 'x', label: `X @${x}`, href: `https://x.com/${x}` });
  const instagram = handleOf(account.instagram, INSTAGRAM_HANDLE);
  if (instagram) links.push({ id: 'instagram', label: `Instagram @${instagram}`, href: `https://www.instagram.com/${instagram}` });
  return links;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A highlight's calendar date (YYYY-MM-DD) as "18 Mar 2023" (docs/requirements.md#artists date style); anything else as stored. */
export function formatHighlightDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${match[3]} ${month} ${match[1]}` : value;
}
