import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import type { CatalogueArtist } from '../../src/services/artists/catalogue';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver, pageOf, stubGraphql, type GraphqlCall } from './exploreFixtures';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

// /artists (images and list views, the remembered toggle, the cover swap on hover and focus, silent failure) and
// /artists/apply (the external form for a visitor, disabled for a creator).

const NAMES = ['Ada Nwosu', 'Felix Arden', 'Ines Kodama'];
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

function makeArtist(n: number): CatalogueArtist {
  return {
    id: address(n),
    displayName: NAMES[n - 1] ?? `Artist ${String(n).padStart(3, '0')}`,
    description: `Description of artist ${n}`,
    coverThumbnail: `/ipfs/thumb/cover-${n}`,
    // Every third artist has no featured artwork: its card keeps the cover.
    // Work 2 is a gif: its card keeps the still thumbnail (its derivatives would be the animated original).
    featuredArtwork: n % 3 === 0 ? null : { id: `t${n}`, name: `Work ${n}`, mediaType: n === 2 ? 'gif' : 'image', thumbnailUrl: `/ipfs/thumbnail/bafkreiwork${n}` },
  };
}

const artistsAnswer = (total: number) => (call: GraphqlCall) => {
  if (call.operationName !== 'getAllArtists') throw new Error(`unexpected ${call.operationName}`);
  const after = call.variables.pagination?.after;
  return { getAllArtists: pageOf(makeArtist, after ? Number(after.slice(1)) + 1 : 1, call.variables.pagination?.perPage ?? 20, total) };
};

const cardOf = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  forgetAllListSnapshots();
  localStorage.clear();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/artists', { timeout: 30_000 }, () => {
  it('default: the images view, 50 artists a page in the server order, each linking to its page; the next page when the end shows', async () => {
    const server = stubGraphql(artistsAnswer(60));
    await renderApp('/artists');
    expect(screen.getByRole('heading', { level: 1, name: 'Artists' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Artists' });
    expect(within(grid).getAllByRole('article')).toHaveLength(50);
    expect(server.of('getAllArtists')[0]!.variables).toEqual({ pagination: { perPage: 50 } });
    expect(within(grid).getAllByRole('heading', { level: 2 }).slice(0, 4).map((h) => h.textContent)).toEqual(['Ada Nwosu', 'Felix Arden', 'Ines Kodama', 'Artist 004']);
    const ada = cardOf('Ada Nwosu');
    expect(within(ada).getByRole('link', { name: 'Ada Nwosu' })).toHaveAttribute('href', `/artist/${address(1)}`);
    expect(ada).toHaveTextContent('Description of artist 1');
    const cover = ada.querySelector('img.artist-card-cover')!;
    expect(cover).toHaveAttribute('src', '/ipfs/thumb/cover-1');
    expect(cover).toHaveAttribute('width', '480');
    expect(cover).toHaveAttribute('height', '245');
    // The first screen's covers (the page's largest paint, which its navigation preloads) are asked for at once.
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByRole('button', { name: 'Images' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'false');

    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(60));
    expect(server.of('getAllArtists')[1]!.variables).toEqual({ pagination: { perPage: 50, after: 'c50' } });
    act(() => FakeIntersectionObserver.showObserved());
    expect(server.of('getAllArtists')).toHaveLength(2);
    expect(document.title).toBe('Artists | Art Bazaar');
  });

  it('behavior: hovering a card swaps its cover for the featured artwork, leaving it swaps back; one card at a time', async () => {
    stubGraphql(artistsAnswer(3));
    await renderApp('/artists');
    await screen.findByRole('list', { name: 'Artists' });
    const ada = cardOf('Ada Nwosu');
    expect(within(ada).queryByRole('img', { name: 'Featured artwork: Work 1' })).not.toBeInTheDocument();
    await userEvent.hover(ada);
    const work1 = within(ada).getByRole('img', { name: 'Featured artwork: Work 1' });
    expect(work1).toHaveAttribute('src', '/ipfs/thumbnail/bafkreiwork1');
    expect(work1).toHaveAttribute('srcset', expect.stringContaining('/ipfs/bafkreiwork1?w=640 640w'));
    await userEvent.hover(cardOf('Felix Arden'));
    expect(within(ada).queryByRole('img', { name: /Featured artwork/ })).not.toBeInTheDocument();
    const work2 = within(cardOf('Felix Arden')).getByRole('img', { name: 'Featured artwork: Work 2' });
    expect([work2.getAttribute('src'), work2.hasAttribute('srcset')]).toEqual(['/ipfs/thumbnail/bafkreiwork2', false]);
    await userEvent.unhover(cardOf('Felix Arden'));
    expect(screen.queryByRole('img', { name: /Featured artwork/ })).not.toBeInTheDocument();
    // Without a featured artwork the cover stays.
    await userEvent.hover(cardOf('Ines Kodama'));
    expect(screen.queryByRole('img', { name: /Featured artwork/ })).not.toBeInTheDocument();
  });

  it('behavior: keyboard focus on a card link swaps like hover; moving focus on swaps back', async () => {
    stubGraphql(artistsAnswer(3));
    await renderApp('/artists');
    await screen.findByRole('list', { name: 'Artists' });
    const link = within(cardOf('Ada Nwosu')).getByRole('link', { name: 'Ada Nwosu' });
    act(() => link.focus());
    expect(within(cardOf('Ada Nwosu')).getByRole('img', { name: 'Featured artwork: Work 1' })).toBeInTheDocument();
    await userEvent.tab();
    expect(within(cardOf('Felix Arden')).getByRole('link', { name: 'Felix Arden' })).toHaveFocus();
    expect(within(cardOf('Ada Nwosu')).queryByRole('img', { name: /Featured artwork/ })).not.toBeInTheDocument();
    expect(within(cardOf('Felix Arden')).getByRole('img', { name: 'Featured artwork: Work 2' })).toBeInTheDocument();
    act(() => fireEvent.blur(within(cardOf('Felix Arden')).getByRole('link')));
    expect(screen.queryByRole('img', { name: /Featured artwork/ })).not.toBeInTheDocument();
  });

  it('behavior: the list view shows name links and descriptions; the choice is remembered on the next visit', async () => {
    stubGraphql(artistsAnswer(3));
    const first = await renderApp('/artists');
    await screen.findByRole('list', { name: 'Artists' });
    // Keyboard: Tab to the toggle and press Enter.
    const listButton = screen.getByRole('button', { name: 'List' });
    act(() => listButton.focus());
    await userEvent.keyboard('{Enter}');
    expect(listButton).toHaveAttribute('aria-pressed', 'true');
    const list = screen.getByRole('list', { name: 'Artists' });
    expect(within(list).queryAllByRole('article')).toHaveLength(0);
    expect(within(list).queryAllByRole('img')).toHaveLength(0);
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Ada Nwosu', `/artist/${address(1)}`],
      ['Felix Arden', `/artist/${address(2)}`],
      ['Ines Kodama', `/artist/${address(3)}`],
    ]);
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Description of artist 2');
    expect(localStorage.getItem('artbazaar.artists.view')).toBe('list');
    first.unmount();

    // A new visit (a reload) opens in the list view at once.
    await renderApp('/artists');
    expect(await screen.findByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Artists' })).getAllByRole('link')).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Images' }));
    expect(within(screen.getByRole('list', { name: 'Artists' })).getAllByRole('article')).toHaveLength(3);
    expect(localStorage.getItem('artbazaar.artists.view')).toBe('images');
  });

  it('behavior: Back from another page shows the kept artists at once, without loading them again', async () => {
    const server = stubGraphql(artistsAnswer(3));
    const { router } = await renderApp('/artists');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Artists' })).getAllByRole('article')).toHaveLength(3));
    await act(() => router.navigate({ to: '/under-construction' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeInTheDocument();
    act(() => router.history.back());
    const list = await screen.findByRole('list', { name: 'Artists' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(server.of('getAllArtists')).toHaveLength(1);
  });

  it('behavior: a failed load leaves the list empty, silently (no error, no retry)', async () => {
    const server = stubGraphql(() => {
      throw new Error('database unavailable');
    });
    await renderApp('/artists');
    await waitFor(() => expect(server.of('getAllArtists').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Artists' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Artists' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('database unavailable');
  });
});

const signedIn = (isCreator: boolean) =>
  fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE, { isCreator }), signed: loginOf(ALICE, { isCreator }) });

describe('/artists/apply', { timeout: 30_000 }, () => {
  beforeEach(() => stubGraphql(() => ({})));

  it('default: the promises, the requirements and apply here, opening the configured form in a new tab', async () => {
    await renderApp('/artists/apply', { walletSession: signedIn(false).machine });
    expect(screen.getByRole('heading', { level: 1, name: 'Apply to become an artist' })).toBeInTheDocument();
    const page = document.body;
    expect(page).toHaveTextContent('A customizable artist page');
    expect(page).toHaveTextContent('Mint a whole collection in a single transaction');
    expect(page).toHaveTextContent('More visibility');
    expect(page).toHaveTextContent('A responsive team');
    expect(page).toHaveTextContent('Three original digital artworks');
    expect(page).toHaveTextContent('as long as every artist who took part is credited');
    expect(page).toHaveTextContent('we cannot promise a response time');
    const apply = await screen.findByRole('link', { name: 'apply here (opens in a new tab)' });
    expect(apply).toHaveTextContent('apply here');
    expect(apply).toHaveAttribute('href', 'https://artbazaar.example/apply');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText("You're already an artist")).not.toBeInTheDocument();
    expect(document.title).toBe('Apply to become an artist | Art Bazaar');
  });

  it('behavior: a signed-in creator sees a disabled button, You\'re already an artist, and no link', async () => {
    await renderApp('/artists/apply', { walletSession: signedIn(true).machine });
    const button = await screen.findByRole('button', { name: "You're already an artist" });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('link', { name: /apply here/ })).not.toBeInTheDocument();
  });

  it('behavior: the studio entry\'s apply card links to /artists/apply', async () => {
    await renderApp('/studio/connect', { walletSession: fakeWalletSession().machine });
    const card = await screen.findByRole('article', { name: 'Apply as an artist' });
    expect(within(card).getByRole('link', { name: 'How to apply' })).toHaveAttribute('href', '/artists/apply');
  });
});
