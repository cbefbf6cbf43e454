import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_TAB_NAMES,
  DASHBOARD_TABS,
  defaultTab,
  tabAfterMove,
  validateDashboardSearch,
  visibleTabs,
} from '../../../machines/dashboard/tabs';

describe('dashboard tabs (requirements: dashboard)', () => {
  it('default: the tab names in the seed order (then Activity), My creations for creators only', () => {
    expect(DASHBOARD_TABS.map((tab) => DASHBOARD_TAB_NAMES[tab])).toEqual(['My creations', 'Purchased tokens', 'Received offers', 'Sent offers', 'Favorites', 'Activity']);
    expect(visibleTabs(true)).toEqual(DASHBOARD_TABS);
    expect(visibleTabs(false)).toEqual(['tokens', 'received', 'sent', 'favorites', 'activity']);
    expect(defaultTab(true)).toBe('creations');
    expect(defaultTab(false)).toBe('tokens');
  });

  it('behavior: arrow keys wrap around the visible tabs, Home and End go to the ends', () => {
    expect(tabAfterMove('favorites', 'next', true)).toBe('activity');
    expect(tabAfterMove('activity', 'next', true)).toBe('creations');
    expect(tabAfterMove('activity', 'next', false)).toBe('tokens');
    expect(tabAfterMove('tokens', 'previous', false)).toBe('activity');
    expect(tabAfterMove('tokens', 'previous', true)).toBe('creations');
    expect(tabAfterMove('received', 'next', false)).toBe('sent');
    expect(tabAfterMove('sent', 'first', true)).toBe('creations');
    expect(tabAfterMove('sent', 'first', false)).toBe('tokens');
    expect(tabAfterMove('tokens', 'last', false)).toBe('activity');
  });

  it('parameters: tab and collection are kept when valid', () => {
    expect(validateDashboardSearch({ tab: 'received', collection: 12 })).toEqual({ tab: 'received', collection: 12 });
    // A hand-typed or quoted id arrives as a string.
    expect(validateDashboardSearch({ tab: 'sent', collection: '7' })).toEqual({ tab: 'sent', collection: 7 });
    expect(validateDashboardSearch({})).toEqual({});
  });

  it('parameters: unknown tabs and malformed collection ids are dropped', () => {
    expect(validateDashboardSearch({ tab: 'offers', collection: 'abc' })).toEqual({});
    expect(validateDashboardSearch({ tab: ['tokens'], collection: -3 })).toEqual({});
    expect(validateDashboardSearch({ tab: 'favorites', collection: 1.5 })).toEqual({ tab: 'favorites' });
    expect(validateDashboardSearch({ collection: 0 })).toEqual({});
    // The router merges the result over the raw params: a dropped value must be there, as undefined, to win.
    const dropped = validateDashboardSearch({ tab: 'offers', collection: 'abc' });
    expect(Object.keys(dropped).sort()).toEqual(['collection', 'tab']);
    expect(dropped.tab).toBeUndefined();
  });
});
