// Main menu and footer as data (docs/requirements.md#shell-routes): `built` switches an entry on once its page exists.

export interface NavLink {
  label: string;
  to: string;
  built: boolean;
}

export interface NavGroup {
  label: string;
  /** A group either opens a submenu (items) or is a link itself (to). */
  items?: NavLink[];
  to?: string;
  built?: boolean;
}

export const MAIN_MENU: NavGroup[] = [
  {
    label: 'Explore',
    items: [
      { label: 'Art', to: '/explore', built: true },
      { label: 'Exhibitions', to: '/exhibitions', built: true },
      { label: 'Unique formats', to: '/flipcard', built: true },
    ],
  },
  {
    label: 'Learn',
    items: [
      { label: 'About us', to: '/learn', built: true },
      { label: 'Media and Articles', to: '/media-articles', built: true },
    ],
  },
  {
    label: 'Artists',
    items: [
      { label: 'Artists', to: '/artists', built: true },
      { label: 'Apply to become an artist', to: '/artists/apply', built: true },
    ],
  },
  { label: 'Studio', to: '/studio', built: true },
  { label: 'Dashboard', to: '/account', built: true },
];

export const FOOTER_COLUMNS: Array<{ title: string; links: NavLink[] }> = [
  {
    title: 'Company',
    links: [
      { label: 'About us', to: '/learn', built: true },
      { label: 'Artists', to: '/artists', built: true },
      { label: 'Media and Articles', to: '/media-articles', built: true },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'FAQ', to: '/faq', built: true },
      { label: 'Contact us', to: '/contact-us', built: true },
      { label: 'Unique formats', to: '/flipcard', built: true },
    ],
  },
  {
    title: 'Policies',
    links: [
      { label: 'Terms of Service', to: '/tos', built: true },
      { label: 'Community guidelines', to: '/community-guidelines', built: true },
    ],
  },
];

/** Groups with their unbuilt entries removed; a group left with nothing is dropped. */
export function visibleMenu(menu: NavGroup[] = MAIN_MENU): NavGroup[] {
  return menu.flatMap((group) => {
    if (group.items) {
      const items = group.items.filter((item) => item.built);
      return items.length ? [{ ...group, items }] : [];
    }
    return group.built ? [group] : [];
  });
}

export function visibleFooterColumns(columns = FOOTER_COLUMNS): Array<{ title: string; links: NavLink[] }> {
  return columns
    .map((column) => ({ ...column, links: column.links.filter((link) => link.built) }))
    .filter((column) => column.links.length > 0);
}
