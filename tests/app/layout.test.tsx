import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAIN_MENU, visibleFooterColumns, visibleMenu } from '../../src/app/navigation';
import { renderApp } from './appHarness';

describe('main layout', () => {
  it('menu: shows only built entries (Explore → Art, Exhibitions and Unique formats, Learn → About us and Media and Articles, Artists → Artists and Apply, Studio, Dashboard) and hides the rest', async () => {
    await renderApp('/under-construction');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const explore = within(nav).getByRole('button', { name: 'Explore' });
    const artists = within(nav).getByRole('button', { name: 'Artists' });
    await userEvent.click(artists);
    expect(artists).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Artists' })).toHaveAttribute('href', '/artists');
    expect(within(nav).getByRole('link', { name: 'Apply to become an artist' })).toHaveAttribute('href', '/artists/apply');
    await userEvent.click(artists);
    expect(within(nav).getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/account');

    await userEvent.click(explore);
    expect(explore).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Art' })).toHaveAttribute('href', '/explore');
    expect(within(nav).getByRole('link', { name: 'Unique formats' })).toHaveAttribute('href', '/flipcard');
    expect(within(nav).getByRole('link', { name: 'Exhibitions' })).toHaveAttribute('href', '/exhibitions');
    await userEvent.click(explore);

    const learn = within(nav).getByRole('button', { name: 'Learn' });
    await userEvent.click(learn);
    expect(learn).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/learn');
    expect(within(nav).getByRole('link', { name: 'Media and Articles' })).toHaveAttribute('href', '/media-articles');
  });

  it('menu data: a group with no built entry is dropped, a built link stays', () => {
    expect(visibleMenu().map((group) => group.label)).toEqual(['Explore', 'Learn', 'Artists', 'Studio', 'Dashboard']);
    const withoutLearn = MAIN_MENU.map((group) => (group.label === 'Learn' ? { ...group, items: group.items?.map((item) => ({ ...item, built: false })) } : group));
    expect(visibleMenu(withoutLearn).map((group) => group.label)).toEqual(['Explore', 'Artists', 'Studio', 'Dashboard']);
    const allBuilt = MAIN_MENU.map((group) => ({ ...group, built: true, items: group.items?.map((item) => ({ ...item, built: true })) }));
    expect(visibleMenu(allBuilt).map((group) => group.label)).toEqual(['Explore', 'Learn', 'Artists', 'Studio', 'Dashboard']);
    const columns = visibleFooterColumns().map((column) => [column.title, column.links.map((link) => link.to)]);
    expect(columns).toEqual([
      ['Company', ['/learn', '/artists', '/media-articles']],
      ['Help', ['/faq', '/contact-us', '/flipcard']],
      ['Policies', ['/tos', '/community-guidelines']],
    ]);
    const onlyArtists = visibleFooterColumns([{ title: 'Company', links: [{ label: 'Artists', to: '/artists', built: true }] }, { title: 'Help', links: [{ label: 'FAQ', to: '/faq', built: false }] }]);
    expect(onlyArtists).toEqual([{ title: 'Company', links: [{ label: 'Artists', to: '/artists', built: true }] }]);
  });

  it('behavior: submenu closes 300 ms after the pointer leaves, not before', async () => {
    await renderApp('/under-construction');
    vi.useFakeTimers();
    try {
      const explore = screen.getByRole('button', { name: 'Explore' });
      const item = explore.closest('li')!;
      fireEvent.mouseEnter(item);
      expect(explore).toHaveAttribute('aria-expanded', 'true');
      fireEvent.mouseLeave(item);
      act(() => vi.advanceTimersByTime(299));
      expect(explore).toHaveAttribute('aria-expanded', 'true');
      // Coming back within the delay keeps it open.
      fireEvent.mouseEnter(item);
      act(() => vi.advanceTimersByTime(400));
      expect(explore).toHaveAttribute('aria-expanded', 'true');
      fireEvent.mouseLeave(item);
      act(() => vi.advanceTimersByTime(300));
      expect(explore).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('behavior: a click toggles; a click right after hover-opening keeps the submenu open', async () => {
    await renderApp('/under-construction');
    const explore = screen.getByRole('button', { name: 'Explore' });
    fireEvent.click(explore);
    expect(explore).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(explore);
    expect(explore).toHaveAttribute('aria-expanded', 'false');
    fireEvent.mouseEnter(explore.closest('li')!);
    fireEvent.click(explore);
    expect(explore).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(explore);
    expect(explore).toHaveAttribute('aria-expanded', 'false');
  });

  it('behavior: keyboard opens the submenu with ArrowDown and closes it with Escape', async () => {
    await renderApp('/under-construction');
    const explore = screen.getByRole('button', { name: 'Explore' });
    explore.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(explore).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Art' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(explore).toHaveAttribute('aria-expanded', 'false');
    expect(explore).toHaveFocus();
  });

  it('footer: social links open in a new tab with rel=noopener; Company, Help and Policies with their built pages', async () => {
    await renderApp('/under-construction');
    const footer = screen.getByRole('contentinfo');
    const links = within(footer).getAllByRole('link', { name: /opens in a new tab/ });
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Website (opens in a new tab)',
      'YouTube (opens in a new tab)',
      'X (opens in a new tab)',
      'Instagram (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    const linksOf = (title: string) =>
      within(within(footer).getByRole('navigation', { name: title }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(within(footer).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Company', 'Help', 'Policies']);
    expect(linksOf('Company')).toEqual([
      ['About us', '/learn'],
      ['Artists', '/artists'],
      ['Media and Articles', '/media-articles'],
    ]);
    expect(linksOf('Help')).toEqual([
      ['FAQ', '/faq'],
      ['Contact us', '/contact-us'],
      ['Unique formats', '/flipcard'],
    ]);
    expect(linksOf('Policies')).toEqual([
      ['Terms of Service', '/tos'],
      ['Community guidelines', '/community-guidelines'],
    ]);
  });

  it('mobile: the hamburger opens a full-screen menu with the theme switch, Escape closes it', async () => {
    await renderApp('/under-construction');
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    // The panel is its own chunk, loaded on the first open.
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Art' })).toHaveAttribute('href', '/explore');
    expect(within(dialog).getByRole('switch', { name: 'Dark theme' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('pages: /under-construction shows Under Maintenance with a way home', async () => {
    await renderApp('/under-construction');
    expect(screen.getByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to main page' })).toHaveAttribute('href', '/');
  });
});
