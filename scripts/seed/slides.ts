// The home carousel's four slides (the editorial pages; docs/requirements.md#home): slide 1 → explore, slide 2 → the artist
// application, slides 3 and 4 → two featured collections. Images are rendered covers in the media store.
import type { Db } from '../../server/db/client.js';
import { homeSlides } from '../../server/db/schema.js';
import type { MediaStore } from '../../server/media/store.js';
import { renderCover } from './artwork/render.js';
import type { CompositionName } from './artwork/index.js';
import { demoCollections } from './content.js';
import type { SeedSizes } from './media.js';

interface DemoSlide {
  title: string;
  text: string;
  alt: string;
  style: CompositionName;
  /** An app page, or the name of a featured demo collection. */
  link: { path: string } | { collection: string };
}

export const demoSlides: readonly DemoSlide[] = [
  {
    title: 'Digital art, chosen by people who look closely',
    text: 'Every collection on Art Bazaar is invited by our curators. Browse images, loops, flipcards, films and generative works, and buy them in ETH from your own wallet.',
    alt: 'Overlapping rings in warm colours on a dark ground',
    style: 'rings',
    link: { path: '/explore' },
  },
  {
    title: 'Show your work here',
    text: 'Artists apply with three original works. Once accepted you get your own page and publish a whole collection in a single transaction, with no minting fee.',
    alt: 'Quarter circles and diagonals arranged like a tiled wall',
    style: 'bauhaus',
    link: { path: '/artists/apply' },
  },
  {
    title: 'Quiet Geometry',
    text: 'Six tiles built from one grammar of quarter circles and diagonals, each put together in a different order.',
    alt: 'Detail of a tile from Quiet Geometry: arcs meeting at the corners of a square',
    style: 'bauhaus',
    link: { collection: 'Quiet Geometry' },
  },
  {
    title: 'Paper Suns',
    text: 'Horizons cut from coloured paper: one sun, a few hills, nothing else. Five quiet landscapes.',
    alt: 'A paper sun low over layered hills',
    style: 'horizon',
    link: { collection: 'Paper Suns' },
  },
];

/** Seeds the four slides; `collectionRowIds` are the demo collections' rows, in demoCollections order. */
export async function seedSlides(db: Db, store: MediaStore, { sizes, collectionRowIds }: { sizes: SeedSizes; collectionRowIds: number[] }): Promise<void> {
  const rows = [];
  for (const [index, slide] of demoSlides.entries()) {
    const image = await store.put(await renderCover(9700 + index, sizes.cover[0], sizes.cover[1], slide.style), 'image/png');
    let collectionId: number | null = null;
    if ('collection' in slide.link) {
      const name = slide.link.collection;
      const at = demoCollections.findIndex((c) => c.name === name);
      if (at < 0 || !demoCollections[at]!.featured) throw new Error(`Slide ${index + 1} names ${name}, not a featured demo collection.`);
      collectionId = collectionRowIds[at]!;
    }
    rows.push({
      position: index + 1,
      title: slide.title,
      text: slide.text,
      alt: slide.alt,
      image,
      linkPath: 'path' in slide.link ? slide.link.path : null,
      collectionId,
    });
  }
  await db.insert(homeSlides).values(rows);
}
