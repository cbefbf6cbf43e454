// The editorial pages: GET /api/v1/home/slides — the home carousel's slides from the database, ordered by position, each
// linking to an app page or to a shown collection (a hidden, unpublished or address-less collection leaves its
// slide out) — and the demo seed's four slides, on the real server and database, PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections } from '../../server/db/bulk.js';
import { collections, homeSlides } from '../../server/db/schema.js';
import { demoCollections } from '../../scripts/seed/content.js';
import { TEST_SIZES } from '../../scripts/seed/media.js';
import { seedSlides } from '../../scripts/seed/slides.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, seedMarketplace } from './fixtures.js';

interface SlidesAnswer {
  slides: Array<{ position: number; title: string; text: string; image: string; alt: string; link: Record<string, unknown> }>;
}

describe.each(DATABASE_KINDS)('home slides on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let ids: Awaited<ReturnType<typeof seedMarketplace>>['collectionIds'];
  const slides = async () => {
    const response = await server.app.request('/api/v1/home/slides');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    return ((await response.json()) as SlidesAnswer).slides;
  };
  const slide = (position: number, link: { linkPath: string } | { collectionId: number }) => ({
    position,
    title: `Slide ${position}`,
    text: `The text of slide ${position}.`,
    image: `bafkreislide${position}`,
    alt: `Picture ${position}`,
    linkPath: null,
    collectionId: null,
    ...link,
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    ids = (await seedMarketplace(database.db)).collectionIds;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('with no slides: an empty list', async () => {
    expect(await slides()).toEqual([]);
  });

  it('ordered by position (not by insertion), with image url, alt text and the link: a page, or a collection by address and chain', async () => {
    await database.db.insert(homeSlides).values([
      slide(4, { collectionId: ids.gifId }),
      slide(2, { linkPath: '/artists/apply' }),
      slide(1, { linkPath: '/explore' }),
      slide(3, { collectionId: ids.imageId }),
    ]);
    const answer = await slides();
    expect(answer.map((s) => s.position)).toEqual([1, 2, 3, 4]);
    expect(answer[0]).toEqual({
      position: 1,
      title: 'Slide 1',
      text: 'The text of slide 1.',
      image: '/ipfs/bafkreislide1',
      alt: 'Picture 1',
      link: { kind: 'page', path: '/explore' },
    });
    expect(answer[1]!.link).toEqual({ kind: 'page', path: '/artists/apply' });
    expect(answer[2]!.link).toEqual({ kind: 'collection', address: '0x00000000000000000000000000000000000000a1', chainId: 31337, name: 'Images' });
    expect(answer[3]!.link).toEqual({ kind: 'collection', address: '0x00000000000000000000000000000000000000a3', chainId: 1, name: 'Gifs' });
  });

  it('leaves out a slide whose collection is hidden, not published or has no address; it returns when the collection shows', async () => {
    await database.db.update(homeSlides).set({ collectionId: ids.hiddenId }).where(eq(homeSlides.position, 3));
    await database.db.update(homeSlides).set({ collectionId: ids.buildingId }).where(eq(homeSlides.position, 4));
    expect((await slides()).map((s) => s.position)).toEqual([1, 2]);
    await database.db.update(collections).set({ isHidden: false }).where(eq(collections.id, ids.hiddenId));
    expect((await slides()).map((s) => s.position)).toEqual([1, 2, 3]);
    // Published but not yet on chain (no address): still no collection page to link to.
    await database.db.update(collections).set({ state: 'published' }).where(eq(collections.id, ids.buildingId));
    expect((await slides()).map((s) => s.position)).toEqual([1, 2, 3]);
  });

  it('the table refuses a position outside 1..4, a second slide at a position, both or neither link, and a path that is not an app path', async () => {
    const refused = async (values: Record<string, unknown>) => {
      await expect(database.db.insert(homeSlides).values(values as typeof homeSlides.$inferInsert)).rejects.toThrow();
    };
    await database.db.delete(homeSlides);
    await refused(slide(5, { linkPath: '/explore' }));
    await refused(slide(0, { linkPath: '/explore' }));
    await refused({ ...slide(1, { linkPath: '/explore' }), collectionId: ids.imageId });
    await refused(slide(1, { linkPath: null as unknown as string }));
    await refused(slide(1, { linkPath: 'https://example.com/' }));
    await refused(slide(1, { linkPath: '/<script>' }));
    await database.db.insert(homeSlides).values(slide(1, { linkPath: '/explore' }));
    await refused(slide(1, { linkPath: '/artists/apply' }));
    // Deleting the collection removes its slide.
    const [gone] = await insertCollections(database.db, [{ chainId: 31337, name: 'Gone', symbol: 'GONE', mediaType: 'image', creator: `0x${'b2'.repeat(20)}`, state: 'published', address: `0x${'c3'.repeat(20)}` }]);
    await database.db.insert(homeSlides).values(slide(2, { collectionId: gone! }));
    expect((await slides()).map((s) => s.position)).toEqual([1, 2]);
    await database.db.delete(collections).where(eq(collections.id, gone!));
    expect((await slides()).map((s) => s.position)).toEqual([1]);
  });

  it('the demo seed: four slides with rendered images in the media store — explore, the artist application, two featured collections', async () => {
    await database.db.delete(homeSlides);
    const rowIds = await insertCollections(
      database.db,
      demoCollections.map((c, i) => ({
        chainId: 31337, name: c.name, symbol: c.symbol, mediaType: c.media.type, creator: `0x${'d4'.repeat(20)}`, state: 'published' as const,
        isFeatured: c.featured ?? false, address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      })),
    );
    await seedSlides(database.db, server.mediaStore, { sizes: TEST_SIZES, collectionRowIds: rowIds });
    const answer = await slides();
    expect(answer.map((s) => s.link)).toEqual([
      { kind: 'page', path: '/explore' },
      { kind: 'page', path: '/artists/apply' },
      { kind: 'collection', address: `0x${'1'.padStart(40, '0')}`, chainId: 31337, name: 'Quiet Geometry' },
      { kind: 'collection', address: `0x${'3'.padStart(40, '0')}`, chainId: 31337, name: 'Paper Suns' },
    ]);
    for (const s of answer) {
      expect(s.title.length).toBeGreaterThan(3);
      expect(s.text.length).toBeGreaterThan(40);
      expect(s.alt.length).toBeGreaterThan(10);
      const image = await server.app.request(s.image);
      expect(image.status).toBe(200);
      expect(image.headers.get('Content-Type')).toBe('image/png');
    }
  });
});
