// Responsive media images beyond cards and the token page (the phone-performance work): the exhibition viewer's works and rail, the
// token page's siblings, the artist page's featured artwork and portfolio, the dashboard's offer cards list the derivative widths in srcset with
// `sizes` matching their layout; a gif keeps its still thumbnail; alt texts and intrinsic sizes stay.
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import type { Exhibition } from '../../src/services/exhibitions/exhibitions';
import type { SiblingToken } from '../../src/services/token';
import { ArtistPortfolio } from '../../src/views/artist/ArtistSections';
import { FeaturedArtwork } from '../../src/views/artist/FeaturedArtwork';
import { OfferCardToken } from '../../src/views/dashboard/OfferCardToken';
import { ExhibitionViewer } from '../../src/views/exhibitions/ExhibitionViewer';
import { TokenSiblings } from '../../src/views/token/TokenSiblings';
import { configAnswering, demoConfig } from './appHarness';
import { makeArtist } from './artistPageFixtures';
import { CURRENT } from './exhibitionsFixtures';
import { makeToken } from './fixtures';

const srcset = (cid: string) => `/ipfs/${cid}?w=320 320w, /ipfs/${cid}?w=640 640w, /ipfs/${cid}?w=960 960w, /ipfs/${cid}?w=1440 1440w, /ipfs/${cid}?w=2048 2048w`;

let appActor: AppActor | null = null;
afterEach(() => {
  cleanup();
  appActor?.stop();
  appActor = null;
});

async function renderRouted(node: ReactNode) {
  appActor = createAppActor({ config: configAnswering(async () => demoConfig) });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <>{node}</> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return render(
    <AppActorProvider actor={appActor}>
      <RouterProvider router={router} />
    </AppActorProvider>,
  );
}

/** A still image, a gif (its thumbnail a still first frame) and a token without any image. */
const EXHIBITION: Exhibition = {
  ...CURRENT,
  artworks: [
    { order: 1, medium: null, token: makeToken(11, { name: 'First Light', thumbnailUrl: '/ipfs/thumbnail/bafkreistill' }) },
    { order: 2, medium: null, token: makeToken(12, { name: 'Pulse', mediaType: 'gif', thumbnailUrl: '/ipfs/thumbnail/bafkreiframe', mediaUrl: '/ipfs/bafkreigif' }) },
  ],
};

const sibling = (n: number, mediaType: string, thumbnailUrl: string | null): SiblingToken => ({ _id: String(n), name: `Sibling ${n}`, mediaType, thumbnailUrl, tokenHolding: { id: `h${n}` } });

describe('responsive images on the exhibition, token and artist pages', () => {
  it("the exhibition viewer's works and rail list the derivatives at their layout's sizes; a gif keeps its thumbnail", async () => {
    await renderRouted(<ExhibitionViewer exhibition={EXHIBITION} />);
    const still = screen.getByRole('img', { name: 'First Light', hidden: true });
    expect(still.getAttribute('src')).toBe('/ipfs/thumbnail/bafkreistill');
    expect(still.getAttribute('srcset')).toBe(srcset('bafkreistill'));
    expect(still.getAttribute('sizes')).toBe('(min-width: 640px) 33rem, 16rem');

    // The rail shows from the first work on: 3rem squares. (The viewer renders the shown slide and its neighbours:
    // the second work's slide has its content from the first work on.)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const gif = screen.getByRole('img', { name: 'Pulse', hidden: true });
    expect(gif.getAttribute('src')).toBe('/ipfs/thumbnail/bafkreiframe');
    expect(gif.hasAttribute('srcset')).toBe(false);
    expect(gif.hasAttribute('sizes')).toBe(false);
    const rail = screen.getByRole('navigation', { name: 'Exhibition items' });
    const railStill = within(rail).getByRole('button', { name: 'First Light' }).querySelector('img')!;
    expect(railStill.getAttribute('srcset')).toBe(srcset('bafkreistill'));
    expect(railStill.getAttribute('sizes')).toBe('3rem');
    const railGif = within(rail).getByRole('button', { name: 'Pulse' }).querySelector('img')!;
    expect(railGif.getAttribute('src')).toBe('/ipfs/thumbnail/bafkreiframe');
    expect(railGif.hasAttribute('srcset')).toBe(false);
  });

  it("the token page's siblings are 96px squares of derivatives; a gif sibling keeps its still thumbnail", async () => {
    const collection = { id: '1', _id: '1', name: 'Tiles', address: null, chainId: 31337, chainName: null, supplyPerToken: 1, publishedAt: null, attributes: null };
    await renderRouted(
      <TokenSiblings collection={collection} currentId="1" siblings={[sibling(2, 'image', '/ipfs/thumbnail/bafkreitwo'), sibling(3, 'gif', '/ipfs/thumbnail/bafkreithree')]} />,
    );
    const list = screen.getByRole('list', { name: 'More from Tiles' });
    const still = within(list).getByRole('img', { name: 'Sibling 2' });
    expect([still.getAttribute('srcset'), still.getAttribute('sizes')]).toEqual([srcset('bafkreitwo'), '96px']);
    expect([still.getAttribute('width'), still.getAttribute('height')]).toEqual(['96', '96']);
    const gif = within(list).getByRole('img', { name: 'Sibling 3' });
    expect(gif.getAttribute('src')).toBe('/ipfs/thumbnail/bafkreithree');
    expect(gif.hasAttribute('srcset')).toBe(false);
  });

  it("the artist page's featured artwork and portfolio list the derivatives at their column's sizes", async () => {
    const artist = makeArtist();
    const featured = { ...artist.featuredArtwork!, thumbnailUrl: '/ipfs/thumbnail/bafkreifeatured' };
    await renderRouted(
      <>
        <FeaturedArtwork artist={artist} token={featured} />
        <ArtistPortfolio portfolio={artist.portfolio} name={artist.displayName} />
      </>,
    );
    const image = screen.getByRole('img', { name: 'Arc Study' });
    expect([image.getAttribute('srcset'), image.getAttribute('sizes')]).toEqual([srcset('bafkreifeatured'), '(min-width: 768px) 420px, 100vw']);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['480', '480']);

    const portfolio = within(screen.getByRole('list', { name: 'Portfolio of Mara Vale' })).getAllByRole('img');
    expect(portfolio.map((img) => [img.getAttribute('alt'), img.getAttribute('srcset'), img.getAttribute('sizes')])).toEqual([
      ['Mara, study 1 (2023)', srcset('bafyp1'), '(max-width: 27rem) 100vw, 25rem'],
      ['Mara, study 2 (2024)', srcset('bafyp2'), '(max-width: 27rem) 100vw, 25rem'],
    ]);
  });

  it('a gif featured artwork keeps its still thumbnail', async () => {
    const artist = makeArtist();
    const gif = { ...artist.featuredArtwork!, mediaType: 'gif', thumbnailUrl: '/ipfs/thumbnail/bafkreiframe' };
    await renderRouted(<FeaturedArtwork artist={artist} token={gif} />);
    const image = screen.getByRole('img', { name: 'Arc Study' });
    expect(image.getAttribute('src')).toBe('/ipfs/thumbnail/bafkreiframe');
    expect(image.hasAttribute('srcset')).toBe(false);
  });

  it("the dashboard's offer cards show 72px derivatives; a gif its still thumbnail", () => {
    const { container } = render(
      <>
        <OfferCardToken token={makeToken(21, { thumbnailUrl: '/ipfs/thumbnail/bafkreioffer' })} link={null} />
        <OfferCardToken token={makeToken(22, { mediaType: 'gif', thumbnailUrl: '/ipfs/thumbnail/bafkreigifoffer' })} link={null} />
      </>,
    );
    const [still, gif] = Array.from(container.querySelectorAll('img.dashboard-offer-thumb'));
    expect([still!.getAttribute('srcset'), still!.getAttribute('sizes')]).toEqual([srcset('bafkreioffer'), '72px']);
    expect([gif!.getAttribute('src'), gif!.hasAttribute('srcset')]).toEqual(['/ipfs/thumbnail/bafkreigifoffer', false]);
  });
});
