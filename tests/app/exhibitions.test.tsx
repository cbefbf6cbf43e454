// /exhibitions (the editorial pages; docs/requirements.md#exhibitions): the tabs (past only with past exhibitions; the tab stored and
// kept in the URL with replace), no current exhibition, the viewer (intro banner, cards, statement; arrows, keys,
// rail; the position kept per exhibition), the artworks tab's token cards and the past views in the URL.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { CURRENT, PAST, pastAnswer } from './exhibitionsFixtures';
import { FakeIntersectionObserver, stubGraphql, tokenPage, type GraphqlCall } from './exploreFixtures';

let current: typeof CURRENT | null;
let past: typeof PAST;
let artworksFail: boolean;
let currentFails: number;

function network() {
  return stubGraphql((call: GraphqlCall) => {
    if (call.operationName === 'getCurrentExhibition') {
      if (currentFails > 0) {
        currentFails -= 1;
        throw new Error('Request failed with status 500');
      }
      return { getCurrentExhibition: current };
    }
    if (call.operationName === 'getPastExhibitions') return pastAnswer(past);
    if (call.operationName === 'getExhibitionArtworks') {
      if (artworksFail) throw new Error('Request failed with status 500');
      return { getExhibitionArtworks: tokenPage(1, call.variables.pagination?.perPage ?? 0, 14) };
    }
    throw new Error(`unexpected ${call.operationName}`);
  });
}

beforeEach(() => {
  forgetAllListSnapshots();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  localStorage.clear();
  sessionStorage.clear();
  current = CURRENT;
  past = PAST;
  artworksFail = false;
  currentFails = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const viewer = () => screen.getByRole('region', { name: 'Systems of Light' });
const shownSlide = () => within(viewer()).getAllByRole('group', { hidden: true }).find((slide) => slide.getAttribute('aria-hidden') === 'false')!;

describe('exhibitions page', { timeout: 30_000 }, () => {
  it('opens on the current tab: the intro banner with dates, artists in two columns and the statement as intro', async () => {
    const calls = network();
    const { router } = await renderApp('/exhibitions');
    expect(await screen.findByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
    expect(tabNames()).toEqual(['Current', 'Artworks', 'Past']);
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'current' }));
    expect(calls.of('getPastExhibitions')[0]!.variables.pagination).toEqual({ page: 1, perPage: 20 });

    const intro = shownSlide();
    expect(within(intro).getByRole('heading', { level: 2, name: 'Systems of Light' })).toBeInTheDocument();
    expect(within(intro).getByText('Generative works that let rules do the drawing')).toBeInTheDocument();
    expect(intro.querySelector('.exhibition-dates')).toHaveTextContent('Nov 13 – Jan 2, 2027');
    // The literal 'undefined' intro falls back to the curatorial statement.
    expect(within(intro).queryByText('undefined')).toBeNull();
    expect(within(intro).getByText('Seven artists write the rules and let the machine hold the brush.')).toBeInTheDocument();
    const artists = within(intro).getByRole('list', { name: 'Artists' });
    expect(artists).toHaveAttribute('data-columns', '2');
    expect(within(artists).getAllByRole('listitem')).toHaveLength(7);
    expect(document.title).toMatch(/^Exhibitions \|/);

    // The slide it opens on holds the page's largest paint: its cover is fetched at once, first.
    expect(intro.querySelector('img.exhibition-intro-cover')).toHaveAttribute('fetchpriority', 'high');
    expect(intro.querySelector('img.exhibition-intro-cover')).toHaveAttribute('loading', 'eager');
    // Only the shown slide and its neighbours are rendered: the statement, two slides away, is an empty slide.
    const slides = within(viewer()).getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(4);
    expect(slides[1]!.querySelector('img.exhibition-card-image')).toHaveAttribute('loading', 'lazy');
    expect(slides[3]).toBeEmptyDOMElement();
    expect(slides[3]).toHaveAttribute('aria-label', '4 of 4: Note');
  });

  it('the viewer: cards by order with BUY for a listed artwork, the statement with the curator, arrows, keys and the rail', async () => {
    network();
    await renderApp('/exhibitions?tab=current');
    await screen.findByRole('region', { name: 'Systems of Light' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // No rail on the intro.
    expect(screen.queryByRole('navigation', { name: 'Exhibition items' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    let slide = shownSlide();
    expect(within(slide).getByText('First Light')).toBeInTheDocument();
    expect(within(slide).getByText('mara')).toBeInTheDocument();
    expect(within(slide).queryByRole('link', { name: /BUY/ })).toBeNull();
    const rail = screen.getByRole('navigation', { name: 'Exhibition items' });
    expect(within(rail).getByRole('button', { name: 'First Light' })).toHaveAttribute('aria-current', 'true');

    fireEvent.keyDown(viewer(), { key: 'ArrowRight' });
    slide = shownSlide();
    expect(within(slide).getByText('Lattice at Dusk')).toBeInTheDocument();
    expect(within(slide).getByRole('link', { name: 'BUY Lattice at Dusk' })).toHaveAttribute('href', '/token/h12');
    expect(within(rail).getByRole('button', { name: 'Lattice at Dusk' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Exhibition items' })).getByRole('button', { name: 'Note' }));
    slide = shownSlide();
    expect(within(slide).getByRole('heading', { name: 'Curatorial statement' })).toBeInTheDocument();
    expect(within(slide).getByText('Curated by Imogen Hale')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    fireEvent.keyDown(viewer(), { key: 'Home' });
    expect(within(shownSlide()).getByRole('button', { name: 'full statement' })).toBeInTheDocument();
    await userEvent.click(within(shownSlide()).getByRole('button', { name: 'full statement' }));
    expect(within(shownSlide()).getByText('Curated by Imogen Hale')).toBeInTheDocument();

    // A swipe to the right shows the previous item.
    const stage = viewer().querySelector('.exhibition-stage')!;
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 420 });
    expect(within(shownSlide()).getByText('Lattice at Dusk')).toBeInTheDocument();
  });

  it('keeps the position when leaving and coming back', async () => {
    network();
    const { router } = await renderApp('/exhibitions?tab=current');
    await screen.findByRole('region', { name: 'Systems of Light' });
    fireEvent.keyDown(viewer(), { key: 'End' });
    expect(within(shownSlide()).getByText('Curated by Imogen Hale')).toBeInTheDocument();
    await act(() => router.navigate({ to: '/exhibitions', search: { tab: 'artworks' } }));
    await screen.findByRole('tab', { name: 'Artworks', selected: true });
    await act(() => router.navigate({ to: '/exhibitions', search: { tab: 'current' } }));
    await waitFor(() => expect(within(shownSlide()).getByText('Curated by Imogen Hale')).toBeInTheDocument());
    expect(sessionStorage.getItem('exhibitions.viewer.exh-1')).toBe('3');
  });

  it('a failed load says so, and Retry loads the page', async () => {
    currentFails = 1;
    network();
    await renderApp('/exhibitions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the exhibitions: Request failed with status 500');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'Current' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("no current exhibition: 'No Current Exhibitions' / 'Coming Soon..'; no past tab without past exhibitions", async () => {
    current = null;
    past = [];
    network();
    const { router } = await renderApp('/exhibitions?tab=past');
    expect(await screen.findByRole('heading', { name: 'No Current Exhibitions' })).toBeInTheDocument();
    expect(screen.getByText('Coming Soon..')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Current', 'Artworks']);
    // The unavailable tab in the URL is replaced by the one shown.
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'current' }));
  });

  it('the artworks tab: token cards 12 a page, the tab stored and in the URL (replace)', async () => {
    const calls = network();
    const { router } = await renderApp('/exhibitions');
    await userEvent.click(await screen.findByRole('tab', { name: 'Artworks' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'artworks' }));
    const list = await screen.findByRole('list', { name: 'Artworks of Systems of Light' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(12));
    expect(calls.of('getExhibitionArtworks')[0]!.variables).toEqual({ exhibition_id: 'exh-1', pagination: { perPage: 12 } });
    expect(localStorage.getItem('exhibitions.tab')).toBe('artworks');
  });

  it("the artworks tab reserves the first page's cards while it loads (as many as the exhibition has works, at most 12)", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubGraphql(async (call: GraphqlCall) => {
      if (call.operationName === 'getCurrentExhibition') return { getCurrentExhibition: current };
      if (call.operationName === 'getPastExhibitions') return pastAnswer(past);
      if (call.operationName === 'getExhibitionArtworks') {
        await held;
        return { getExhibitionArtworks: tokenPage(1, 2, 2) };
      }
      throw new Error(`unexpected ${call.operationName}`);
    });
    await renderApp('/exhibitions?tab=artworks');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('status')).toHaveTextContent('Loading artworks…');
    // Hidden stand-ins, one per work of the exhibition: no list, no card, no heading is announced.
    const reserved = panel.querySelector('.list-reserved ul[aria-hidden="true"]')!;
    expect(reserved.querySelectorAll('.token-card-placeholder')).toHaveLength(CURRENT.artworks.length);
    expect(within(panel).queryByRole('list')).toBeNull();
    release();
    const list = await within(panel).findByRole('list', { name: 'Artworks of Systems of Light' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(panel.querySelector('.token-card-placeholder')).toBeNull();
  });

  it('opens on the stored tab, and a failed artworks read shows an empty list without an error', async () => {
    localStorage.setItem('exhibitions.tab', 'artworks');
    artworksFail = true;
    network();
    const { router } = await renderApp('/exhibitions');
    expect(await screen.findByRole('tab', { name: 'Artworks' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No artworks to show for this exhibition.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'artworks' }));
  });

  it('past: cards, then detail and artworks in the URL, Back and the close link return to the list', async () => {
    network();
    const { router } = await renderApp('/exhibitions?tab=past');
    const list = await screen.findByRole('list', { name: 'Past exhibitions' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Quiet Machines', 'Paper Weather']);
    expect(within(cards[0]!).getByText('Slow machines drawing slowly.')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('mara and oskar')).toBeInTheDocument();
    expect(cards[0]!.querySelector('.exhibition-dates')).toHaveTextContent('May 2 – Jul 20, 2026');
    // The first card's cover is the tab's largest paint; the others load as they come near.
    const covers = cards.map((card) => card.querySelector('img.past-exhibition-cover'));
    expect(covers.map((cover) => [cover?.getAttribute('loading'), cover?.getAttribute('fetchpriority')])).toEqual([['eager', 'high'], ['lazy', null]]);

    await userEvent.click(within(cards[0]!).getByRole('link', { name: 'Exhibition: Quiet Machines' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'past', exhibition: 'exh-2', view: 'detail' }));
    expect(await screen.findByRole('region', { name: 'Quiet Machines' })).toBeInTheDocument();

    await act(() => router.history.back());
    expect(await screen.findByRole('list', { name: 'Past exhibitions' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Artworks: Paper Weather' }));
    expect(await screen.findByRole('heading', { name: 'Artworks of Paper Weather' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tab: 'past', exhibition: 'exh-3', view: 'artworks' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to past exhibitions' }));
    expect(await screen.findByRole('list', { name: 'Past exhibitions' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tab: 'past' });
  });
});
