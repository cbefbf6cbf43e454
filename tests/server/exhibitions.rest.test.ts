// The editorial pages: GET /api/v1/exhibition/featured (docs/requirements.md#home "Current exhibition card", docs/requirements.md#exhibitions) on the real server and
// database, PGlite and PostgreSQL: { exhibition: null } (200) when none runs now, else the exhibition running now —
// the featured one first, then the latest start — with the card's fields and the artists' names; never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exhibitionArtworks, exhibitions } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, seedMarketplace } from './fixtures.js';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('GET /api/v1/exhibition/featured on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let tokenIds: number[];
  const featured = async () => {
    const response = await server.app.request('/api/v1/exhibition/featured');
    expect([response.status, response.headers.get('cache-control'), response.headers.get('content-type')]).toEqual([200, 'no-cache', 'application/json']);
    return (await response.json()) as { exhibition: Record<string, unknown> | null };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    tokenIds = (await seedMarketplace(database.db)).tokens.map((t) => t.id);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('answers { exhibition: null } with 200 when nothing runs now (only past and future exhibitions)', async () => {
    expect(await featured()).toEqual({ exhibition: null });
    const now = Date.now();
    await database.db.insert(exhibitions).values([
      { title: 'Over', startDate: new Date(now - 30 * DAY), endDate: new Date(now - DAY), isFeatured: true },
      { title: 'Not yet', startDate: new Date(now + DAY), endDate: new Date(now + 30 * DAY), isFeatured: true },
    ]);
    expect(await featured()).toEqual({ exhibition: null });
  });

  it("answers the running exhibition with the card's fields; the featured one before a later start", async () => {
    const now = Date.now();
    const [later, chosen] = await database.db
      .insert(exhibitions)
      .values([
        { title: 'Later start', startDate: new Date(now - DAY), endDate: new Date(now + 10 * DAY), exhibitionIntro: 'Later intro' },
        { title: 'Systems of Light', subtitle: 'Generative and geometric work', cover: 'bafkreilightcover', startDate: new Date(now - 10 * DAY), endDate: new Date(now + 40 * DAY), exhibitionIntro: 'Rules do the drawing.', curator: 'Ines', isFeatured: true },
      ])
      .returning();
    await database.db.insert(exhibitionArtworks).values([
      { exhibitionId: chosen!.id, tokenId: tokenIds[1]!, order: 2 },
      { exhibitionId: chosen!.id, tokenId: tokenIds[0]!, order: 1 },
      { exhibitionId: chosen!.id, tokenId: tokenIds[3]!, order: 3 },
      { exhibitionId: later!.id, tokenId: tokenIds[2]!, order: 1 },
    ]);
    const { exhibition } = await featured();
    expect(exhibition).toEqual({
      id: String(chosen!.id),
      title: 'Systems of Light',
      subtitle: 'Generative and geometric work',
      cover: '/ipfs/bafkreilightcover',
      coverThumbnail: expect.stringContaining('bafkreilightcover'),
      startDate: chosen!.startDate.toISOString(),
      endDate: chosen!.endDate.toISOString(),
      // Token 0 (Alice), Token 1 (Bob, no account: his shortened address), Token 3 (Alice again): each once.
      artistNamesFormatted: 'Alice Artist and 0x3c...93bc',
    });
    expect(exhibition!.coverThumbnail).not.toBe(exhibition!.cover);

    // Without the featured flag, the latest start wins.
    await database.db.update(exhibitions).set({ isFeatured: false });
    expect((await featured()).exhibition).toMatchObject({ id: String(later!.id), title: 'Later start', subtitle: null, cover: null, coverThumbnail: null, artistNamesFormatted: 'Alice Artist' });
  });

  it('takes no input: a query string changes nothing, another method is the API 404', async () => {
    expect((await featured()).exhibition).toMatchObject({ title: 'Later start' });
    const withQuery = await server.app.request('/api/v1/exhibition/featured?cDate=2000-01-01&page=2');
    expect(((await withQuery.json()) as { exhibition: { title: string } }).exhibition.title).toBe('Later start');
    const post = await server.app.request('/api/v1/exhibition/featured', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ error: 'not_found', message: 'No API route POST /api/v1/exhibition/featured.' });
  });
});
