import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_TAGLINE } from '../../src/app/product';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver, makeCollection } from './exploreFixtures';

// The real services and flows run; only the network under them is replaced, answering each GraphQL operation.
const flat = (link: Record<string, unknown>) => ({ path: null, address: null, chainId: null, name: null, ...link });
const SLIDES = [
  { position: 1, title: 'Digital art, chosen by people who look closely', text: 'Every collection is invited by our curators.', image: '/ipfs/bafkreislide1', alt: 'Overlapping rings', link: flat({ kind: 'page', path: '/explore' }) },
  { position: 2, title: 'Show your work here', text: 'Artists apply with three original works.', image: '/ipfs/bafkreislide2', alt: 'Quarter circles', link: flat({ kind: 'page', path: '/artists/apply' }) },
  { position: 3, title: 'Quiet Geometry', text: 'Six tiles from one grammar.', image: '/ipfs/bafkreislide3', alt: 'Arcs meeting', link: flat({ kind: 'collection', address: '0x00000000000000000000000000000000000000a1', chainId: 31337, name: 'Quiet Geometry' }) },
  { position: 4, title: 'Paper Suns', text: 'Horizons cut from coloured paper.', image: '/ipfs/bafkreislide4', alt: 'A paper sun', link: flat({ kind: 'collection', address: '0x00000000000000000000000000000000000000a3', chainId: 1, name: 'Paper Suns' }) },
];
const FEATURED = makeCollection(1, { name: 'Soft Matter', creatorInfo: { id: null, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', alias: 'mira', avatar: null, firstName: 'Mira', lastName: 'Okafor' } });
const EXHIBITION = {
  id: '2', title: 'Systems of Light', subtitle: 'Generative works after dark', cover: '/ipfs/bafkreiexh', coverThumbnail: '/ipfs/thumbnail/bafkreiexh',
  startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z', artistNamesFormatted: 'Mira Okafor, Jun Park',
};
const ARTICLE = { id: '7', type: 'interview', title: 'In the studio with Mara Vale', cover: null, coverThumbnail: null, isFeatured: true, artist: null, createdAt: '2026-11-20T10:00:00.000Z' };

/** An operation's data, an Error (the request fails: no network) or a number (the server answers that status). */
type Answer = unknown | Error | number;
let answers: Record<string, Answer>;
/** The GraphQL operations asked, by name, in order. */
let requested: string[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubNetwork() {
  requested = [];
  answers = {
    getHomeSlides: { getHomeSlides: SLIDES },
    getFeaturedCollections: { getFeaturedCollections: [FEATURED, makeCollection(2)] },
    getFeaturedExhibition: { getFeaturedExhibition: EXHIBITION },
    getTrendingCollections: { getTrendingCollections: [makeCollection(3), makeCollection(4), makeCollection(5)] },
    getFeaturedArticle: { getFeaturedArticle: ARTICLE },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!String(url).endsWith('/graphql')) return json({ error: 'not_found', message: 'No route' }, 404);
      const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
      requested.push(operationName);
      const answer = answers[operationName];
      if (answer instanceof Error) throw answer;
      if (typeof answer === 'number') return json({ error: 'internal', message: 'Broken' }, answer);
      if (answer === undefined) return json({ data: null, errors: [{ message: `unexpected ${operationName}` }] });
      return json({ data: answer });
    }),
  );
}

function screenIs(width: 'desktop' | 'mobile', reducedMotion = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: (query === '(min-width: 60rem)' && width === 'desktop') || (query === '(prefers-reduced-motion: reduce)' && reducedMotion),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

const carousel = () => screen.findByRole('region', { name: 'Highlights' });
const activeSlide = (region: HTMLElement) => region.querySelector<HTMLElement>('[aria-roledescription="slide"]:not([hidden])')!;

describe('home page', () => {
  beforeEach(() => {
    stubNetwork();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('default (narrow screen): the product name, then every section in the seed\'s order with its links; no carousel and no slides asked', async () => {
    screenIs('mobile');
    await renderApp('/');
    expect(document.title).toBe('Art Bazaar');
    expect(screen.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_TAGLINE, { selector: '.hero-tagline' })).toBeInTheDocument();

    const featured = await screen.findByRole('region', { name: 'Featured collection' });
    const featuredLink = within(featured).getByRole('link');
    expect(featuredLink).toHaveAttribute('href', `/collection/${FEATURED.address}/31337`);
    expect(featuredLink).toHaveTextContent('Soft Matter');
    expect(featuredLink).toHaveTextContent('by Mira Okafor');
    expect(featured.querySelector('img')).toHaveAttribute('src', '/ipfs/bafkreicover1');

    const exhibition = await screen.findByRole('region', { name: 'Current exhibition' });
    const card = within(exhibition).getByRole('link');
    expect(card).toHaveAttribute('href', '/exhibitions');
    expect(card).toHaveTextContent('Systems of Light');
    expect(card).toHaveTextContent('Generative works after dark');
    expect(card).toHaveTextContent('Nov 1 – Dec 31, 2026');
    expect(card).toHaveTextContent('Mira Okafor, Jun Park');

    const trending = await screen.findByRole('list', { name: 'Trending collections' });
    expect(within(trending).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Collection 3', 'Collection 4', 'Collection 5']);

    const article = await screen.findByRole('region', { name: 'In the studio with Mara Vale' });
    expect(within(article).getByRole('link', { name: 'Read: In the studio with Mara Vale' })).toHaveAttribute('href', '/article/7');

    const join = screen.getByRole('region', { name: 'Join the community' });
    expect(within(join).getByRole('link', { name: 'Share art' })).toHaveAttribute('href', '/studio');
    expect(within(join).getByRole('link', { name: 'Collect art' })).toHaveAttribute('href', '/explore');

    // The seed's order: featured collection, exhibition, trending, article, join.
    const order = ['Featured collection', 'Current exhibition', 'Trending collections', 'Featured article', 'Join the community'];
    const headings = [...document.querySelectorAll('.home h2')].map((h) => h.textContent);
    expect(headings).toEqual(order);
    expect(screen.queryByRole('region', { name: 'Highlights' })).not.toBeInTheDocument();
    expect(requested).not.toContain('getHomeSlides');
  });

  it('failures: a failing featured read, a broken exhibition read and no featured article leave their sections out, with no error on screen', async () => {
    screenIs('mobile');
    answers.getFeaturedCollections = 500;
    answers.getFeaturedExhibition = new TypeError('Failed to fetch');
    answers.getFeaturedArticle = { getFeaturedArticle: null };
    await renderApp('/');
    await screen.findByRole('list', { name: 'Trending collections' });
    await waitFor(() => expect(requested).toEqual(expect.arrayContaining(['getFeaturedCollections', 'getFeaturedExhibition', 'getFeaturedArticle'])));
    await waitFor(() => expect(document.querySelectorAll('.home-slot')).toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'Featured collection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Current exhibition' })).not.toBeInTheDocument();
    expect(screen.queryByText('Featured article')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Join the community' })).toBeInTheDocument();
  });

  it('behavior: below-the-fold sections ask for their data only when they come near the viewport', async () => {
    screenIs('mobile');
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    await renderApp('/');
    expect(screen.getByRole('region', { name: 'Join the community' })).toBeInTheDocument();
    expect(requested).toEqual([]);
    // Observed with a margin, so they load a screen ahead of the scroll.
    expect(FakeIntersectionObserver.instances.map((o) => o.options.rootMargin)).toContain('600px 0px');
    act(() => FakeIntersectionObserver.showObserved());
    expect(await screen.findByRole('region', { name: 'Featured collection' })).toBeInTheDocument();
    expect(requested.sort()).toEqual(['getFeaturedArticle', 'getFeaturedCollections', 'getFeaturedExhibition', 'getTrendingCollections']);
  });

  it('desktop: the carousel shows slide 1 of 4; next, previous, dots and arrow keys move; slide links go to their pages and collections', async () => {
    screenIs('desktop');
    const user = userEvent.setup();
    await renderApp('/');
    const region = await carousel();
    expect(region).toHaveAttribute('data-state', 'playing');
    expect(region).toHaveAttribute('data-paused', 'false');
    expect(within(region).getAllByRole('group', { hidden: true })).toHaveLength(4);
    expect(activeSlide(region)).toHaveAccessibleName('1 of 4: Digital art, chosen by people who look closely');
    expect(within(activeSlide(region)).getByRole('img')).toHaveAccessibleName('Overlapping rings');
    expect(within(activeSlide(region)).getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/explore');

    await user.click(within(region).getByRole('button', { name: 'Next slide' }));
    expect(region).toHaveAttribute('data-index', '1');
    expect(within(activeSlide(region)).getByRole('link', { name: 'Apply as an artist' })).toHaveAttribute('href', '/artists/apply');
    await user.click(within(region).getByRole('button', { name: 'Slide 3: Quiet Geometry' }));
    expect(within(region).getByRole('button', { name: 'Slide 3: Quiet Geometry' })).toHaveAttribute('aria-current', 'true');
    expect(within(activeSlide(region)).getByRole('link', { name: 'See the collection' })).toHaveAttribute('href', '/collection/0x00000000000000000000000000000000000000a1/31337');
    // Focus is in the carousel now: it holds still.
    expect(region).toHaveAttribute('data-state', 'held');
    await user.keyboard('{ArrowRight}');
    expect(within(activeSlide(region)).getByRole('link', { name: 'See the collection' })).toHaveAttribute('href', '/collection/0x00000000000000000000000000000000000000a3/1');
    await user.keyboard('{ArrowRight}');
    expect(region).toHaveAttribute('data-index', '0');
    await user.click(within(region).getByRole('button', { name: 'Previous slide' }));
    expect(region).toHaveAttribute('data-index', '3');
  });

  it('desktop: pause (aria-pressed) stops it until played again; collapse (aria-expanded) hides the slides; hover holds it', async () => {
    screenIs('desktop');
    const user = userEvent.setup();
    await renderApp('/');
    const region = await carousel();
    fireEvent.pointerEnter(region);
    expect(region).toHaveAttribute('data-state', 'held');
    fireEvent.pointerLeave(region);
    expect(region).toHaveAttribute('data-state', 'playing');

    const pause = within(region).getByRole('button', { name: 'Pause slides' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    await user.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
    expect(region).toHaveAttribute('data-state', 'paused');
    expect(region).toHaveAttribute('data-paused', 'true');
    // Leaving it (pointer and focus) does not resume a carousel paused by the button.
    fireEvent.pointerLeave(region);
    act(() => pause.blur());
    expect(region).toHaveAttribute('data-state', 'paused');

    const collapse = within(region).getByRole('button', { name: 'Hide highlights' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await user.click(collapse);
    expect(within(region).getByRole('button', { name: 'Show highlights' })).toHaveAttribute('aria-expanded', 'false');
    expect(region).toHaveAttribute('data-state', 'collapsed');
    expect(within(region).queryByRole('group')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Show highlights' }));
    expect(region).toHaveAttribute('data-state', 'paused');
    await user.click(within(region).getByRole('button', { name: 'Pause slides' }));
    fireEvent.pointerLeave(region);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(region).toHaveAttribute('data-state', 'playing');
  });

  it('desktop with reduced motion: the carousel holds still from the start', async () => {
    screenIs('desktop', true);
    await renderApp('/');
    const region = await carousel();
    expect(region).toHaveAttribute('data-state', 'held');
    expect(region).toHaveAttribute('data-paused', 'true');
  });

  it('desktop without slides, or with a failing slides read: no carousel, the rest of the page as usual', async () => {
    screenIs('desktop');
    answers.getHomeSlides = 500;
    await renderApp('/');
    await screen.findByRole('region', { name: 'Featured collection' });
    await waitFor(() => expect(document.querySelector('.home-carousel-slot')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Highlights' })).not.toBeInTheDocument();
  });

  it('behavior: "Go to main page" on the 404 page navigates home', async () => {
    screenIs('mobile');
    await renderApp('/missing');
    await userEvent.click(screen.getByRole('link', { name: 'Go to main page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeInTheDocument();
    expect(document.title).toBe('Art Bazaar');
  });
});
