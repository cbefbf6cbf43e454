// The editorial pages: the home's reads as GraphQL (getHomeSlides, getFeaturedCollections, getTrendingCollections,
// getFeaturedExhibition), which the app sends through urql, on the real server and database, PGlite and PostgreSQL:
// empty answers first, then the same data as the REST routes they stand beside (GET /home/slides,
// /collection/featured, /collection/trending, /exhibition/featured), which read it with the same functions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, collections, exhibitionArtworks, exhibitions, homeSlides, likes } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, CREATOR_A, seedMarketplace } from './fixtures.js';

const DAY = 86_400_000;
const COLLECTION_FIELDS = `id _id name symbol description chainId cover coverThumbnail thumbnail address mediaType tokenCount soldOut likesCount
  floorPrice { amount currency } createdAt publishedAt chainName creator creatorInfo { id address alias avatar firstName lastName }
  isFeatured state supplyPerToken royaltiesBasispoints baseUri attributes`;
const SLIDES = 'query getHomeSlides { getHomeSlides { position title text image alt link { kind path address chainId name } } }';
const FEATURED = `query getFeaturedCollections { getFeaturedCollections { ${COLLECTION_FIELDS} } }`;
const TRENDING = `query getTrendingCollections { getTrendingCollections { ${COLLECTION_FIELDS} } }`;
const EXHIBITION = 'query getFeaturedExhibition { getFeaturedExhibition { id title subtitle cover coverThumbnail startDate endDate artistNamesFormatted } }';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A REST slide's link as GraphQL's HomeSlideLink (every field present, null when the kind has none). */
const flatLink = (link: Record<string, unknown>) => ({ kind: link.kind, path: null, address: null, chainId: null, name: null, ...link });

describe.each(DATABASE_KINDS)('home GraphQL reads on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let seeded: Awaited<ReturnType<typeof seedMarketplace>>;
  const query = async (document: string, variables: Record<string, unknown> = {}): Promise<Answer> => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: document, variables }) });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const data = async (document: string) => {
    const answer = await query(document);
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  };
  const rest = async (path: string) => (await (await server.app.request(`/api/v1${path}`)).json()) as Record<string, unknown>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    seeded = await seedMarketplace(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('empty: no slides, no featured collection and no exhibition running are empty lists and null, not errors', async () => {
    expect(await data(SLIDES)).toEqual({ getHomeSlides: [] });
    expect(await data(FEATURED)).toEqual({ getFeaturedCollections: [] });
    expect(await data(EXHIBITION)).toEqual({ getFeaturedExhibition: null });
    const now = Date.now();
    await database.db.insert(exhibitions).values([
      { title: 'Over', startDate: new Date(now - 30 * DAY), endDate: new Date(now - DAY), isFeatured: true },
      { title: 'Not yet', startDate: new Date(now + DAY), endDate: new Date(now + 30 * DAY), isFeatured: true },
    ]);
    expect(await data(EXHIBITION)).toEqual({ getFeaturedExhibition: null });
  });

  it('getHomeSlides: by position with image and link, slides of hidden collections left out; the same as GET /home/slides', async () => {
    const { gifId, imageId, hiddenId } = seeded.collectionIds;
    const slide = (position: number, link: { linkPath: string } | { collectionId: number }) => ({
      position, title: `Slide ${position}`, text: `The text of slide ${position}.`, image: `bafkreislide${position}`, alt: `Picture ${position}`, linkPath: null, collectionId: null, ...link,
    });
    await database.db.insert(homeSlides).values([slide(4, { collectionId: gifId }), slide(2, { linkPath: '/artists/apply' }), slide(1, { linkPath: '/explore' }), slide(3, { collectionId: hiddenId })]);
    const { getHomeSlides } = (await data(SLIDES)) as { getHomeSlides: Record<string, unknown>[] };
    expect(getHomeSlides.map((s) => s.position)).toEqual([1, 2, 4]);
    expect(getHomeSlides[0]).toEqual({ position: 1, title: 'Slide 1', text: 'The text of slide 1.', image: '/ipfs/bafkreislide1', alt: 'Picture 1', link: { kind: 'page', path: '/explore', address: null, chainId: null, name: null } });
    expect(getHomeSlides[2]!.link).toEqual({ kind: 'collection', path: null, address: '0x00000000000000000000000000000000000000a3', chainId: 1, name: 'Gifs' });
    await database.db.update(homeSlides).set({ collectionId: imageId }).where(eq(homeSlides.position, 3));
    const again = (await data(SLIDES)) as { getHomeSlides: Record<string, unknown>[] };
    const { slides } = (await rest('/home/slides')) as { slides: Record<string, unknown>[] };
    expect(again.getHomeSlides).toEqual(slides.map((s) => ({ ...s, link: flatLink(s.link as Record<string, unknown>) })));
    expect(again.getHomeSlides).toHaveLength(4);
  });

  it('getFeaturedCollections: flagged visible collections newest first with creator and chain name; the same as GET /collection/featured', async () => {
    const { imageId, gifId, hiddenId } = seeded.collectionIds;
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, imageId));
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, gifId));
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, hiddenId));
    const { getFeaturedCollections } = (await data(FEATURED)) as { getFeaturedCollections: Record<string, unknown>[] };
    expect(getFeaturedCollections.map((c) => c._id)).toEqual([String(gifId), String(imageId)]);
    expect(getFeaturedCollections[1]).toMatchObject({ creator: CREATOR_A, chainName: 'Hardhat', isFeatured: true, creatorInfo: { address: CREATOR_A } });
    expect(getFeaturedCollections).toEqual((await rest('/collection/featured')).collections);
  });

  it('getTrendingCollections: recent likes first, hidden collections left out; the same as GET /collection/trending', async () => {
    const { videoId, hiddenId } = seeded.collectionIds;
    const [carol] = await database.db.select().from(accounts).limit(1);
    const videoTokens = seeded.tokens.filter((t) => t.mediaType === 'video');
    await database.db.insert(likes).values([
      { tokenId: videoTokens[0]!.id, accountId: carol!.id },
      { tokenId: videoTokens[1]!.id, accountId: carol!.id },
      { tokenId: seeded.tokens.find((t) => t.mediaType === 'gif')!.id, accountId: carol!.id, createdAt: new Date(Date.now() - 10 * DAY) },
    ]);
    const { getTrendingCollections } = (await data(TRENDING)) as { getTrendingCollections: Record<string, unknown>[] };
    expect(getTrendingCollections[0]!._id).toBe(String(videoId));
    expect(getTrendingCollections.map((c) => c._id)).not.toContain(String(hiddenId));
    expect(getTrendingCollections).toEqual((await rest('/collection/trending')).collections);
  });

  it("getFeaturedExhibition: the exhibition running now, the featured one first, with the card's fields; the same as GET /exhibition/featured", async () => {
    const now = Date.now();
    const [later, chosen] = await database.db
      .insert(exhibitions)
      .values([
        { title: 'Later start', startDate: new Date(now - DAY), endDate: new Date(now + 10 * DAY) },
        { title: 'Systems of Light', subtitle: 'Generative and geometric work', cover: 'bafkreilightcover', startDate: new Date(now - 10 * DAY), endDate: new Date(now + 40 * DAY), isFeatured: true },
      ])
      .returning();
    await database.db.insert(exhibitionArtworks).values([
      { exhibitionId: chosen!.id, tokenId: seeded.tokens[1]!.id, order: 2 },
      { exhibitionId: chosen!.id, tokenId: seeded.tokens[0]!.id, order: 1 },
    ]);
    const { getFeaturedExhibition } = (await data(EXHIBITION)) as { getFeaturedExhibition: Record<string, unknown> };
    expect(getFeaturedExhibition).toMatchObject({ id: String(chosen!.id), title: 'Systems of Light', cover: '/ipfs/bafkreilightcover', artistNamesFormatted: 'Alice Artist and 0x3c...93bc' });
    expect(getFeaturedExhibition).toEqual((await rest('/exhibition/featured')).exhibition);
    await database.db.update(exhibitions).set({ isFeatured: false });
    expect(((await data(EXHIBITION)) as { getFeaturedExhibition: Record<string, unknown> }).getFeaturedExhibition).toMatchObject({ id: String(later!.id), artistNamesFormatted: '' });
  });

  it('the reads take no arguments: one given is a validation error, never a resolver call (no data)', async () => {
    for (const document of ['{ getHomeSlides(page: 1) { position } }', '{ getFeaturedCollections(perPage: 3) { _id } }', '{ getFeaturedExhibition(cDate: "2020-01-01") { id } }']) {
      const answer = await query(document);
      expect(answer.data).toBeUndefined();
      expect(answer.errors?.[0]?.message).toMatch(/^Unknown argument "\w+" on field "Query\.get\w+"\.$/);
    }
  });
});
