import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_TAB_TOOLTIPS } from '../../machines/dashboard/tabs';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { scriptedLive, stubDashboardBackend, VIEWER, viewerSession } from './dashboardTabsFixtures';

let backend: ReturnType<typeof stubDashboardBackend>;

beforeEach(() => {
  forgetAllListSnapshots();
  backend = stubDashboardBackend();
  vi.stubGlobal('fetch', backend.fetchImpl);
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const openDashboard = (path: string, isCreator: boolean) => renderApp(path, { walletSession: viewerSession(isCreator), liveEvents: scriptedLive().machine });
const tabNames = () => within(screen.getByRole('tablist', { name: 'Dashboard sections' })).getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('dashboard routes (requirements: dashboard)', () => {
  it('default: /account lands on /account/dashboard', async () => {
    const { router } = await openDashboard('/account', false);
    expect(router.state.location.pathname).toBe('/account/dashboard');
    expect(router.state.matches.at(-1)?.staticData).toEqual({ name: 'my-dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Dashboard \| /));
  });

  it('default: a collector sees Purchased tokens first and no My creations tab', async () => {
    await openDashboard('/account/dashboard', false);
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Purchased tokens'));
    expect(tabNames()).toEqual(['Purchased tokens', 'Received offers', 'Sent offers', 'Favorites', 'Activity']);
    const panel = screen.getByRole('tabpanel', { name: 'Purchased tokens' });
    expect(selectedTab()).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(backend.callsOf('getBoughtTokens')[0]?.variables).toEqual({ filters: { owner: VIEWER }, pagination: { perPage: 15 } }));
  });

  it('default: a creator sees all six tabs and My creations first', async () => {
    const { router } = await openDashboard('/account/dashboard', true);
    await waitFor(() => expect(selectedTab()).toHaveTextContent('My creations'));
    expect(tabNames()).toEqual(['My creations', 'Purchased tokens', 'Received offers', 'Sent offers', 'Favorites', 'Activity']);
    expect(screen.getByRole('tabpanel', { name: 'My creations' })).toBeInTheDocument();
    // The default is not written into the URL.
    expect(router.state.location.search).toEqual({});
  });

  it('behavior: a collector sent to ?tab=creations is moved to tokens, replacing the history entry', async () => {
    const { router } = await openDashboard('/account/dashboard?tab=creations', false);
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'tokens' }));
    expect(selectedTab()).toHaveTextContent('Purchased tokens');
    expect(screen.queryByRole('tab', { name: 'My creations' })).not.toBeInTheDocument();
    expect(router.history.length).toBe(1);
  });

  it('parameters: ?tab= opens that tab; an unknown tab falls back to the default', async () => {
    const first = await openDashboard('/account/dashboard?tab=sent', true);
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Sent offers'));
    first.unmount();
    const second = await openDashboard('/account/dashboard?tab=bogus', true);
    expect(second.router.state.matches.at(-1)?.search).toEqual({});
    await waitFor(() => expect(selectedTab()).toHaveTextContent('My creations'));
  });
});

describe('dashboard tabs', () => {
  it('tooltips: every tab has a title and a tooltip that describes it', async () => {
    await openDashboard('/account/dashboard', true);
    await waitFor(() => expect(tabNames()).toHaveLength(6));
    for (const tab of screen.getAllByRole('tab')) {
      const tooltip = document.getElementById(tab.getAttribute('aria-describedby')!)!;
      expect(tooltip).toHaveAttribute('role', 'tooltip');
      expect(tab).toHaveAccessibleDescription(tooltip.textContent!);
      expect(tab.getAttribute('title')).toBe(tooltip.textContent);
    }
    expect(screen.getByRole('tab', { name: 'Received offers' })).toHaveAccessibleDescription(DASHBOARD_TAB_TOOLTIPS.received);
  });

  it('behavior: a click shows the tab and adds it to the URL', async () => {
    const { router } = await openDashboard('/account/dashboard', false);
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Purchased tokens'));
    await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'favorites' }));
    expect(selectedTab()).toHaveTextContent('Favorites');
    expect(screen.getByRole('tabpanel', { name: 'Favorites' })).toBeInTheDocument();
    await waitFor(() => expect(backend.callsOf('getLikedTokensByAccount')[0]?.variables).toEqual({ account_id: VIEWER, pagination: { perPage: 10 } }));
    expect(router.history.length).toBe(2);
    // Back shows the tab the URL had.
    router.history.back();
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Purchased tokens'));
  });

  it('keyboard: one tab in the tab order; arrows, Home and End move selection and focus, wrapping around', async () => {
    await openDashboard('/account/dashboard', true);
    await waitFor(() => expect(selectedTab()).toHaveTextContent('My creations'));
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    screen.getByRole('tab', { name: 'My creations' }).focus();
    // Tab leaves the tablist for the panel: the other tabs are reached with the arrow keys.
    await userEvent.tab();
    expect(screen.getByRole('tabpanel', { name: 'My creations' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('tab', { name: 'My creations' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Purchased tokens' })).toHaveFocus());
    expect(selectedTab()).toHaveTextContent('Purchased tokens');
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Activity' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My creations' })).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Activity' })).toHaveFocus());
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My creations' })).toHaveFocus());
    expect(selectedTab()).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab', { selected: false })).toHaveLength(5);
  });

  it('parameters: ?tab=received&collection=<_id> asks for that collection only; another tab drops the filter', async () => {
    const { router } = await openDashboard('/account/dashboard?tab=received&collection=12', true);
    await waitFor(() =>
      expect(backend.callsOf('getMyTokensWithOffers')[0]?.variables).toEqual({ filters: { seller: VIEWER, container_id: '12' }, pagination: { perPage: 12 } }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Show all received offers' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'received' }));
    await waitFor(() => expect(backend.callsOf('getMyTokensWithOffers').at(-1)?.variables).toEqual({ filters: { seller: VIEWER }, pagination: { perPage: 12 } }));
    await userEvent.click(screen.getByRole('tab', { name: 'Sent offers' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'sent' }));
  });
});
