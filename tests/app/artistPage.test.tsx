import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { renderApp } from './appHarness';
import { ARTIST_ADDRESS, makeArtist, stubArtistNetwork } from './artistPageFixtures';
import { makeToken } from './fixtures';

const path = `/artist/${ARTIST_ADDRESS}`;
let wide: boolean;

beforeEach(() => {
  wide = true;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(min-width: 768px)' && wide, media: query, addEventListener() {}, removeEventListener() {} }));
  delete (window as { __ranScript?: boolean }).__ranScript;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Gives the carousel a scroll box: `clientWidth` shown of `scrollWidth`, at `scrollLeft`. */
function scrollBox(element: HTMLElement, box: { clientWidth: number; scrollWidth: number; scrollLeft: number }) {
  for (const [name, value] of Object.entries(box)) Object.defineProperty(element, name, { configurable: true, writable: true, value });
  const scrollBy = vi.fn();
  Object.defineProperty(element, 'scrollBy', { configurable: true, value: scrollBy });
  return scrollBy;
}

describe('artist page', { timeout: 30_000 }, () => {
  it('default: every section from getArtistInfo; the article sanitized; links to token, collection, artworks and article', async () => {
    const network = stubArtistNetwork({ artist: () => makeArtist() });
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mara Vale' })).toBeInTheDocument();
    expect(network.calls.find((call) => call.body?.operationName === 'getArtistInfo')?.body?.variables).toEqual({ artist_id: ARTIST_ADDRESS });
    expect(document.title).toMatch(/^Mara Vale \|/);

    // Header: description, cover with its size, the artist's links in new tabs.
    expect(screen.getByText('Mara Vale builds quiet geometric systems.')).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Cover of Mara Vale' });
    expect(cover).toHaveAttribute('src', '/ipfs/bafycover');
    expect(cover).toHaveAttribute('width', '939');
    expect(cover).toHaveAttribute('height', '480');
    const links = within(screen.getByRole('list', { name: 'Links of Mara Vale' })).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')])).toEqual([
      ['Website (opens in a new tab)', 'https://maravale.art/', '_blank', 'noopener noreferrer'],
      ['X @maravale (opens in a new tab)', 'https://x.com/maravale', '_blank', 'noopener noreferrer'],
      ['Instagram @maravale.studio (opens in a new tab)', 'https://www.instagram.com/maravale.studio', '_blank', 'noopener noreferrer'],
    ]);

    // Featured artwork: image, name (to the token page), media type icon, collection link, all artwork.
    const featured = screen.getByRole('region', { name: 'Featured artwork' });
    const image = within(featured).getByRole('img', { name: 'Arc Study' });
    expect(image).toHaveAttribute('src', '/ipfs/bafkrei7?thumb=1');
    expect(image).toHaveAttribute('width', '480');
    expect(within(featured).getByRole('link', { name: 'Arc Study' })).toHaveAttribute('href', '/token/31337-h7');
    expect(within(featured).getByRole('img', { name: 'Image' })).toBeInTheDocument();
    expect(within(featured).getByRole('link', { name: 'Collection: Collection' })).toHaveAttribute('href', '/collection/0x5FbDB2315678afecb367f032d93F642f64180aa3/31337');
    expect(within(featured).getByRole('link', { name: 'All artwork' })).toHaveAttribute('href', `/artist/${ARTIST_ADDRESS}/artworks`);
    expect(within(featured).getByText('A key work, chosen by the curators.')).toBeInTheDocument();

    // About (the artist's comments text), the collections carousel, highlights.
    expect(within(screen.getByRole('region', { name: 'About' })).getByText('Mara lives and works between the studio and the screen.')).toBeInTheDocument();
    const carousel = screen.getByRole('region', { name: 'Collections carousel' });
    expect(carousel).toHaveAttribute('tabindex', '0');
    expect(within(carousel).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Tiles', 'Arcs', 'Grids']);
    // Cards show the cover's thumbnail (the card's size), not the full cover.
    expect(within(carousel).getAllByRole('article').map((card) => card.querySelector('img')?.getAttribute('src'))).toEqual(['/ipfs/thumbnail/bafkreicover1', '/ipfs/thumbnail/bafkreicover2', '/ipfs/thumbnail/bafkreicover3']);
    const highlights = within(screen.getByRole('region', { name: 'Highlights' }));
    expect(highlights.getAllByRole('term').map((term) => term.textContent)).toEqual(['18 Mar 2023', '12 May 2024']);
    expect(highlights.getAllByRole('definition').map((row) => row.textContent)).toEqual(['Group show "New Systems", online', 'First solo show online']);

    // The first article: sanitized body (its repeated h1 dropped), nothing executable, Read more.
    const article = screen.getByRole('region', { name: 'A conversation with Mara Vale' });
    expect(await within(article).findByText('starts')).toBeInTheDocument();
    expect(network.calls.some((call) => call.url === '/ipfs/bafyarticle')).toBe(true);
    const body = article.querySelector('.article-body')!;
    expect(body.querySelector('script, iframe, h1')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onerror|javascript:/);
    expect((window as { __ranScript?: boolean }).__ranScript).toBeUndefined();
    expect(within(article).getByRole('link', { name: 'Read more: A conversation with Mara Vale' })).toHaveAttribute('href', '/article/4');

    // Portfolio: context and items with their thumbnails and captions.
    const portfolio = screen.getByRole('region', { name: 'Portfolio' });
    expect(within(portfolio).getByText('Selected works by Mara.')).toBeInTheDocument();
    const items = within(within(portfolio).getByRole('list', { name: 'Portfolio of Mara Vale' })).getAllByRole('img');
    expect(items.map((item) => [item.getAttribute('src'), item.getAttribute('alt'), item.getAttribute('width'), item.getAttribute('height'), item.getAttribute('loading')])).toEqual([
      ['/ipfs/thumbnail/bafyp1', 'Mara, study 1 (2023)', '320', '320', 'lazy'],
      ['/ipfs/thumbnail/bafyp2', 'Mara, study 2 (2024)', '320', '320', 'lazy'],
    ]);
    expect(within(portfolio).getByText('Mara, study 2 (2024)')).toBeInTheDocument();
  });

  it('sections without data are left out; socials that make no link give none; a token without a holding is not a link', async () => {
    const artist = makeArtist({
      comments: null,
      collections: [],
      highlights: [],
      articles: [],
      portfolio: { context: '', items: [] },
      account: { ...makeArtist().account, web: 'javascript:alert(1)', twitter: '<b>x</b>', instagram: '' },
      featuredArtwork: makeToken(8, { name: 'Unheld', tokenHolding: null }),
    });
    stubArtistNetwork({ artist: () => artist });
    await renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Mara Vale' });
    for (const name of ['About', 'Collections', 'Highlights', 'Portfolio']) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Read more/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Links of Mara Vale' })).not.toBeInTheDocument();
    const featured = screen.getByRole('region', { name: 'Featured artwork' });
    expect(within(featured).getByText('Unheld').closest('a')).toBeNull();
    expect(within(featured).getByRole('link', { name: 'All artwork' })).toBeInTheDocument();
  });

  it('no artist record: the notice "No artist information for this account" and a plain not-found page', async () => {
    stubArtistNetwork({ artist: () => null });
    const { appActor } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Artist not found' })).toBeInTheDocument();
    expect(getAppActor(appActor, 'notifications').getSnapshot().context.current).toMatchObject({ kind: 'error', text: 'No artist information for this account' });
    expect(screen.getAllByText('No artist information for this account').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Featured artwork' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Artist not found \|/);
  });

  it('a failed lookup: the notice "We could not find this artist" and the not-found page', async () => {
    stubArtistNetwork({ artist: () => new Error('Invalid artist_id: not a wallet address.') });
    const { appActor } = await renderApp('/artist/not-an-address');
    expect(await screen.findByRole('heading', { level: 1, name: 'Artist not found' })).toBeInTheDocument();
    expect(getAppActor(appActor, 'notifications').getSnapshot().context.current).toMatchObject({ kind: 'error', text: 'We could not find this artist' });
  });

  it('offline: a lookup that got no answer says the network is unavailable, never "not found"; Retry asks again', async () => {
    const network = stubArtistNetwork({ artist: () => makeArtist() });
    let down = true;
    const answered = network.fetch.getMockImplementation()!;
    network.fetch.mockImplementation(async (input, init) => {
      if (down && String(input).endsWith('/graphql')) throw new TypeError('Failed to fetch');
      return answered(input, init);
    });
    // An address no earlier test read: the data layer has no stored answer for it.
    const { appActor } = await renderApp('/artist/0x00000000000000000000000000000000000dead1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Network unavailable' })).toBeInTheDocument();
    expect(screen.getByText('The network is unavailable. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText('We could not find this artist')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Artist not found' })).not.toBeInTheDocument();
    expect(getAppActor(appActor, 'notifications').getSnapshot().context.current).toBeNull();
    expect(document.title).toMatch(/^Network unavailable \|/);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mara Vale' })).toBeInTheDocument();
  });

  it('an article body that cannot be read leaves its title and Read more', async () => {
    stubArtistNetwork({ artist: () => makeArtist(), articleBody: () => new Response('gone', { status: 404 }) });
    await renderApp(path);
    const article = await screen.findByRole('region', { name: 'A conversation with Mara Vale' });
    await waitFor(() => expect(article).toHaveAttribute('aria-busy', 'false'));
    expect(article.querySelector('.article-body')).toBeNull();
    expect(within(article).getByRole('link', { name: 'Read more: A conversation with Mara Vale' })).toHaveAttribute('href', '/article/4');
  });

  it('behavior: on wide screens the wheel scrolls the carousel sideways while it can, then lets the page scroll', async () => {
    stubArtistNetwork({ artist: () => makeArtist() });
    await renderApp(path);
    const carousel = await screen.findByRole('region', { name: 'Collections carousel' });
    const scrollBy = scrollBox(carousel, { clientWidth: 600, scrollWidth: 1200, scrollLeft: 0 });
    // A vertical wheel: turned into a horizontal scroll, the page's scroll prevented.
    expect(fireEvent.wheel(carousel, { deltaY: 120 })).toBe(false);
    expect(scrollBy).toHaveBeenCalledWith({ left: 120 });
    // At the start, scrolling back is the page's.
    expect(fireEvent.wheel(carousel, { deltaY: -120 })).toBe(true);
    // At the end, scrolling on is the page's; back is the carousel's.
    (carousel as { scrollLeft: number }).scrollLeft = 600;
    expect(fireEvent.wheel(carousel, { deltaY: 120 })).toBe(true);
    expect(fireEvent.wheel(carousel, { deltaY: -80 })).toBe(false);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -80 });
    // A sideways (trackpad) gesture scrolls natively.
    expect(fireEvent.wheel(carousel, { deltaX: 50, deltaY: 10 })).toBe(true);
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('behavior: the wheel is left alone on narrow screens and with a single collection; the carousel takes keyboard focus', async () => {
    wide = false;
    stubArtistNetwork({ artist: () => makeArtist() });
    const first = await renderApp(path);
    const narrow = await screen.findByRole('region', { name: 'Collections carousel' });
    const narrowScroll = scrollBox(narrow, { clientWidth: 300, scrollWidth: 1200, scrollLeft: 0 });
    expect(fireEvent.wheel(narrow, { deltaY: 120 })).toBe(true);
    expect(narrowScroll).not.toHaveBeenCalled();
    // Keyboard: the region is in the tab order (arrow keys then scroll it natively); Tab goes on to its first card.
    expect(narrow).toHaveAttribute('tabindex', '0');
    narrow.focus();
    expect(document.activeElement).toBe(narrow);
    await userEvent.tab();
    expect(document.activeElement).toBe(within(narrow).getAllByRole('link')[0]);
    first.unmount();

    wide = true;
    stubArtistNetwork({ artist: () => makeArtist({ collections: [makeArtist().collections[0]!] }) });
    await renderApp(path);
    const single = await screen.findByRole('region', { name: 'Collections carousel' });
    const singleScroll = scrollBox(single, { clientWidth: 300, scrollWidth: 1200, scrollLeft: 0 });
    expect(fireEvent.wheel(single, { deltaY: 120 })).toBe(true);
    expect(singleScroll).not.toHaveBeenCalled();
  });
});

describe('article page', { timeout: 30_000 }, () => {
  it('default: the title and the sanitized body of getArticle', async () => {
    const network = stubArtistNetwork({ artist: () => makeArtist() });
    await renderApp('/article/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'A conversation with Mara Vale' })).toBeInTheDocument();
    expect(network.calls.filter((call) => call.body?.operationName === 'getArticle').map((call) => call.body!.variables)).toEqual([{ id: '4' }]);
    expect(screen.getByText('starts')).toBeInTheDocument();
    const body = document.querySelector('.article-body')!;
    expect(body.querySelector('script, iframe, h1')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onerror|javascript:/);
    expect(screen.getByRole('link', { name: 'About the artist' })).toHaveAttribute('href', `/artist/${ARTIST_ADDRESS}`);
    expect(document.title).toMatch(/^A conversation with Mara Vale \|/);
  });

  it('an unknown article shows the 404 view', async () => {
    stubArtistNetwork({ artist: () => makeArtist() });
    await renderApp('/article/999');
    expect(await screen.findByText("This page does not exist or you don't have access to it")).toBeInTheDocument();
  });
});
