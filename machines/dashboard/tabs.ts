// See docs/requirements.md#dashboard: the collector dashboard's tabs, named as the seed and the team brief name them.

export const DASHBOARD_TABS = ['creations', 'tokens', 'received', 'sent', 'favorites', 'activity'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_NAMES: Record<DashboardTab, string> = {
  creations: 'My creations',
  tokens: 'Purchased tokens',
  received: 'Received offers',
  sent: 'Sent offers',
  favorites: 'Favorites',
  activity: 'Activity',
};

// See docs/requirements.md#dashboard "Each tab has a tooltip".
export const DASHBOARD_TAB_TOOLTIPS: Record<DashboardTab, string> = {
  creations: 'Your collections: edit them, put them on sale and see their offers',
  tokens: 'Tokens you bought and still hold',
  received: 'Offers collectors made on the tokens you have for sale',
  sent: "Offers you made on other people's tokens",
  favorites: 'Tokens you liked',
  activity: 'Your history on chain: what you minted, listed, sold, bought, offered and transferred',
};

/** See docs/requirements.md#dashboard: My creations is for creators only. */
export const visibleTabs = (isCreator: boolean): readonly DashboardTab[] =>
  isCreator ? DASHBOARD_TABS : DASHBOARD_TABS.filter((tab) => tab !== 'creations');

/** See docs/requirements.md#dashboard: creations for creators, tokens for others. */
export const defaultTab = (isCreator: boolean): DashboardTab => (isCreator ? 'creations' : 'tokens');

/** Arrow keys, Home and End in the tablist (WAI-ARIA tabs pattern: arrows wrap around). */
export type TabMove = 'next' | 'previous' | 'first' | 'last';

export function tabAfterMove(from: DashboardTab, move: TabMove, isCreator: boolean): DashboardTab {
  const tabs = visibleTabs(isCreator);
  const index = Math.max(0, tabs.indexOf(from));
  switch (move) {
    case 'first':
      return tabs[0]!;
    case 'last':
      return tabs[tabs.length - 1]!;
    case 'next':
      return tabs[(index + 1) % tabs.length]!;
    case 'previous':
      return tabs[(index - 1 + tabs.length) % tabs.length]!;
  }
}

/** Search params of /account/dashboard; `collection` (a collection _id) filters the received offers. */
export interface DashboardSearch {
  tab?: DashboardTab;
  collection?: number;
}

const asTab = (value: unknown): DashboardTab | undefined =>
  DASHBOARD_TABS.includes(value as DashboardTab) ? (value as DashboardTab) : undefined;

// A database id (bigserial): a positive integer; the router parses `collection=12` into the number 12.
function asCollectionId(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The route's validateSearch: unknown tabs and malformed collection ids are dropped (the defaults apply). Both keys
 * are always present (undefined when dropped): the router merges the result over the raw params.
 */
export function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  return { tab: asTab(search.tab), collection: asCollectionId(search.collection) };
}
