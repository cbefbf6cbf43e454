// The exhibitions page's tabs (docs/requirements.md#exhibitions "Exhibitions tab: current, artworks, past", docs/requirements.md#exhibitions default 'current'), on their
// own: the route's search validation is in the app's entry (the route tree), the page machine is not.
export const EXHIBITIONS_TABS = ['current', 'artworks', 'past'] as const;
export type ExhibitionsTab = (typeof EXHIBITIONS_TABS)[number];
export const DEFAULT_EXHIBITIONS_TAB: ExhibitionsTab = 'current';

export const isExhibitionsTab = (value: unknown): value is ExhibitionsTab => EXHIBITIONS_TABS.includes(value as ExhibitionsTab);
