// The editorial pages exhibition reads (docs/requirements.md#exhibitions) on the real server and database, PGlite and
// PostgreSQL: getCurrentExhibition(cDate) at, before, after and on the boundaries of the dates, the featured one
// first, bad dates refused; getExhibitionArtworks in exhibition order, page by page, hidden collections left out;
// getPastExhibitions latest end first, page by page; the Exhibition fields (artists, names, intro as stored).
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections, insertTokens } from '../../server/db/bulk.js';
import { accounts, exhibitionArtworks, exhibitions, tokens } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, CREATOR_A, CREATOR_B, seedMarketplace } from './fixtures.js';

const CURRENT = /* GraphQL */ `query ($d: String!) { getCurrentExhibition(cDate: $d) {
  id title subtitle cover coverThumbnail startDate endDate exhibitionIntro curatorialStatement curator curatorNameFormatted
  artworks { order medium token { _id name tokenHolding { salePrice { amount } } creatorInfo { address alias } } }
  artistInfos { address alias firstName lastName } artistNamesFormatted } }`;
const ARTWORKS = /* GraphQL */ `query ($id: ID!, $p: PaginationInput) { getExhibitionArtworks(exhibition_id: $id, pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { _id name collection { name } } } } }`;
const PAST = /* GraphQL */ `query ($p: PaginationInput) { getPastExhibitions(pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { node { id title endDate exhibitionIntro curatorialStatement artistNamesFormatted artistInfos { address } } } } }`;

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}
interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  edges: { cursor?: string; node: Record<string, unknown> }[];
}

const at = (iso: string) => new Date(iso);
// Six more artists for the many-artists exhibition (named in different ways: full name, alias only, none).
const MORE = [
  { address: `0x${'d1'.repeat(20)}`, firstName: 'Dana', lastName: 'Okoro', alias: 'dana' },
  { address: `0x${'d2'.repeat(20)}`, firstName: null, lastName: null, alias: 'eel' },
  { address: `0x${'d3'.repeat(20)}`, firstName: 'Farah', lastName: null, alias: null },
  { address: `0x${'d4'.repeat(20)}`, firstName: 'Gus', lastName: 'Lind', alias: 'gus' },
  { address: `0x${'d5'.repeat(20)}`, firstName: null, lastName: null, alias: null },
];

describe.each(DATABASE_KINDS)('exhibition reads on %s', (kind) => {
  const statements = { on: false, count: 0 };
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let visible: { id: number; name: string; creator: string }[];
  let hiddenTokenIds: number[];
  let moreTokenIds: number[];
  const ids: Record<string, string> = {};

  const query = async (document: string, variables: Record<string, unknown>): Promise<Answer> => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: document, variables }) });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const current = async (d: string) => {
    const answer = await query(CURRENT, { d });
    expect(answer.errors).toBeUndefined();
    return answer.data!.getCurrentExhibition as Record<string, unknown> | null;
  };
  const artworks = async (id: string, p?: Record<string, unknown>) => {
    const answer = await query(ARTWORKS, { id, p });
    expect(answer.errors).toBeUndefined();
    return answer.data!.getExhibitionArtworks as Page;
  };
  const past = async (p?: Record<string, unknown>) => {
    const answer = await query(PAST, { p });
    expect(answer.errors).toBeUndefined();
    return answer.data!.getPastExhibitions as Page;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind, { logQuery: () => void (statements.on && statements.count++) });
    server = await buildTestServer(database.db);
    const seeded = await seedMarketplace(database.db);
    visible = seeded.tokens.map((t) => ({ id: t.id, name: t.name, creator: t.creator.toLowerCase() }));
    hiddenTokenIds = (await database.db.select({ id: tokens.id }).from(tokens).where(like(tokens.name, 'Invisible%'))).map((row) => row.id);
    await database.db.insert(accounts).values(MORE.map((person) => ({ ...person, isCreator: true })));
    const collectionIds = await insertCollections(
      database.db,
      MORE.map((person, i) => ({ chainId: 31337, name: `More ${i}`, symbol: 'MOR', description: 'd', mediaType: 'image', creator: person.address, state: 'published' as const, address: `0x${String(i + 1).padStart(40, 'b')}` })),
    );
    moreTokenIds = await insertTokens(database.db, MORE.map((person, i) => ({ collectionId: collectionIds[i]!, chainId: 31337, tokenId: '1', name: `More work ${i}`, mediaType: 'image', creator: person.address })));
    const cover = 'bafkreiexhibitioncover';
    const rows = await database.db
      .insert(exhibitions)
      .values([
        // Two overlapping in 2030: the later start is not featured, the earlier one is.
        { title: 'Featured 2030', subtitle: 'Spring', cover, startDate: at('2030-03-01T00:00:00Z'), endDate: at('2030-06-30T23:59:59.999Z'), exhibitionIntro: 'Intro text.', curatorialStatement: 'Statement text.', curator: '  Ines   Curator ', isFeatured: true },
        { title: 'Later start 2030', startDate: at('2030-04-01T00:00:00Z'), endDate: at('2030-09-30T00:00:00Z'), curator: CREATOR_A },
        { title: 'Earlier start 2030', startDate: at('2030-02-01T00:00:00Z'), endDate: at('2030-03-15T00:00:00Z') },
        // Past ones (ended before now), inserted out of end order; two end together.
        { title: 'Paper and Signal', startDate: at('2020-01-01T00:00:00Z'), endDate: at('2020-03-01T00:00:00Z'), exhibitionIntro: 'undefined', curatorialStatement: 'Cut paper horizons next to looping films.' },
        { title: 'Ended 2022 a', startDate: at('2022-01-01T00:00:00Z'), endDate: at('2022-06-01T00:00:00Z') },
        { title: 'Ended 2021', startDate: at('2021-01-01T00:00:00Z'), endDate: at('2021-06-01T00:00:00Z') },
        { title: 'Ended 2022 b', startDate: at('2022-02-01T00:00:00Z'), endDate: at('2022-06-01T00:00:00Z') },
      ])
      .returning({ id: exhibitions.id, title: exhibitions.title });
    for (const row of rows) ids[row.title] = String(row.id);
    const featured = Number(ids['Featured 2030']);
    // Featured 2030: out of insert order (order 5, 1, 3 ...), a hidden collection's token and a building one among
    // them, then the five other artists; Later start 2030: no artworks.
    await database.db.insert(exhibitionArtworks).values([
      { exhibitionId: featured, tokenId: visible[2]!.id, order: 5, medium: 'GIF' },
      { exhibitionId: featured, tokenId: visible[0]!.id, order: 1, medium: 'Still image' },
      { exhibitionId: featured, tokenId: hiddenTokenIds[0]!, order: 2 },
      { exhibitionId: featured, tokenId: visible[1]!.id, order: 3, medium: 'Video' },
      { exhibitionId: featured, tokenId: hiddenTokenIds[1]!, order: 4 },
      ...moreTokenIds.map((tokenId, i) => ({ exhibitionId: featured, tokenId, order: 10 + i })),
      { exhibitionId: Number(ids['Paper and Signal']), tokenId: visible[4]!.id, order: 0 },
      { exhibitionId: Number(ids['Ended 2021']), tokenId: visible[5]!.id, order: 0 },
    ]);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('getCurrentExhibition: none before every start and after every end (null, no error)', async () => {
    expect(await current('2030-01-31T23:59:59.999Z')).toBeNull();
    expect(await current('2031-01-01T00:00:00Z')).toBeNull();
    expect(await current(String(Date.UTC(2025, 0, 1)))).toBeNull();
  });

  it('getCurrentExhibition: start and end count as inside (start <= cDate <= end), one millisecond out does not', async () => {
    expect((await current('2030-02-01T00:00:00Z'))?.title).toBe('Earlier start 2030');
    expect((await current('2030-01-31T23:59:59.999Z'))).toBeNull();
    expect((await current('2030-09-30T00:00:00Z'))?.title).toBe('Later start 2030');
    expect((await current('2030-09-30T00:00:00.001Z'))).toBeNull();
    expect((await current(String(Date.UTC(2030, 8, 30))))?.title).toBe('Later start 2030');
    expect((await current(String(Date.UTC(2030, 8, 30) + 1)))).toBeNull();
  });

  it('getCurrentExhibition: the featured one wins over a later start; without a featured one, the latest start', async () => {
    // 2030-03-10: earlier start and featured run; 2030-05-01: featured and later start; 2030-07-01: only the later start.
    expect((await current('2030-03-10T12:00:00Z'))?.title).toBe('Featured 2030');
    expect((await current('2030-05-01'))?.title).toBe('Featured 2030');
    expect((await current('2030-07-01T01:59:59+02:00'))?.title).toBe('Featured 2030');
    expect((await current('2030-07-01T02:00:00+02:00'))?.title).toBe('Later start 2030');
    await database.db.update(exhibitions).set({ isFeatured: false }).where(inArray(exhibitions.id, [Number(ids['Featured 2030'])]));
    try {
      expect((await current('2030-05-01T00:00:00Z'))?.title).toBe('Later start 2030');
      expect((await current('2030-03-10T12:00:00Z'))?.title).toBe('Featured 2030');
      expect((await current('2030-02-28T23:59:59Z'))?.title).toBe('Earlier start 2030');
    } finally {
      await database.db.update(exhibitions).set({ isFeatured: true }).where(inArray(exhibitions.id, [Number(ids['Featured 2030'])]));
    }
  });

  it('getCurrentExhibition: ISO 8601 with zones and epoch milliseconds read the same instant', async () => {
    // 2030-02-01T00:00:00Z written four ways; a minute earlier in another zone is before the start.
    for (const d of ['2030-02-01T00:00:00Z', '2030-02-01T01:00:00+01:00', '2030-01-31T19:00-05:00', String(Date.UTC(2030, 1, 1)), '2030-02-01T00:00:00.000000Z']) {
      expect([d, (await current(d))?.title]).toEqual([d, 'Earlier start 2030']);
    }
    expect(await current('2030-02-01T00:59:00+01:00')).toBeNull();
  });

  it('getCurrentExhibition: a cDate that is neither ISO 8601 nor epoch milliseconds is BAD_USER_INPUT with a clear message', async () => {
    for (const d of ['', 'now', 'yesterday', '2030-02-30', '2030-13-01', '2030-02-01T24:00:00Z', '-1', '1.5e12', '99999999999999999', '10000-01-01', 'Sat, 01 Feb 2030 00:00:00 GMT', '2030-02-01T00:00:00+25:00', '\u0000']) {
      const answer = await query(CURRENT, { d });
      expect([d, answer.data?.getCurrentExhibition ?? null, answer.errors?.map((e) => [e.message, e.extensions?.code])]).toEqual([
        d,
        null,
        [['Invalid cDate: give an ISO 8601 date or date-time (e.g. 2026-05-01T12:00:00Z) or epoch milliseconds (digits only), up to the year 9999.', 'BAD_USER_INPUT']],
      ]);
    }
  });

  it("the Exhibition fields: dates ISO, cover and thumbnail URLs, artworks by order without hidden collections' tokens, each artist once, names joined", async () => {
    const exhibition = (await current('2030-03-10T12:00:00Z'))!;
    expect(exhibition).toMatchObject({
      id: ids['Featured 2030'],
      title: 'Featured 2030',
      subtitle: 'Spring',
      cover: '/ipfs/bafkreiexhibitioncover',
      coverThumbnail: expect.stringContaining('bafkreiexhibitioncover'),
      startDate: '2030-03-01T00:00:00.000Z',
      endDate: '2030-06-30T23:59:59.999Z',
      exhibitionIntro: 'Intro text.',
      curatorialStatement: 'Statement text.',
      curator: '  Ines   Curator ',
      curatorNameFormatted: 'Ines Curator',
    });
    expect(exhibition.coverThumbnail).not.toBe(exhibition.cover);
    const works = exhibition.artworks as { order: number; medium: string | null; token: { _id: string; name: string; creatorInfo: { address: string; alias: string | null } } }[];
    expect(works.map((w) => [w.order, w.medium, w.token.name])).toEqual([
      [1, 'Still image', 'Token 0'],
      [3, 'Video', 'Token 1'],
      [5, 'GIF', 'Token 2'],
      ...MORE.map((_, i) => [10 + i, null, `More work ${i}`]),
    ]);
    // Token 0 and Token 2 are Alice's, Token 1 Bob's (no account): each artist once, in the order of their first work.
    const artists = exhibition.artistInfos as { address: string; alias: string | null; firstName: string | null }[];
    expect(artists.map((a) => a.address)).toEqual([CREATOR_A, CREATOR_B, ...MORE.map((p) => p.address)]);
    expect(artists[0]).toMatchObject({ alias: 'alice', firstName: 'Alice', lastName: 'Artist' });
    expect(artists[1]).toMatchObject({ alias: null, firstName: null });
    expect(exhibition.artistNamesFormatted).toBe('Alice Artist, 0x3c...93bc, Dana Okoro, eel, Farah, Gus Lind and 0xd5...d5d5');
  });

  it('artist names: one name alone, two joined with "and", none as the empty text; a curator address shortened', async () => {
    // Later start 2030 has no artworks; its curator is a wallet address.
    const later = (await current('2030-08-01T00:00:00Z'))!;
    expect([later.artworks, later.artistInfos, later.artistNamesFormatted, later.curatorNameFormatted]).toEqual([[], [], '', '0x70...79c8']);
    const pastNodes = (await past()).edges.map((e) => e.node);
    const byTitle = Object.fromEntries(pastNodes.map((n) => [n.title, n]));
    expect(byTitle['Paper and Signal']!.artistNamesFormatted).toBe('0x3c...93bc');
    expect(byTitle['Ended 2021']!.artistNamesFormatted).toBe('Alice Artist');
    const two = Number(ids['Ended 2022 a']);
    await database.db.insert(exhibitionArtworks).values([
      { exhibitionId: two, tokenId: moreTokenIds[1]!, order: 2 },
      { exhibitionId: two, tokenId: visible[0]!.id, order: 1 },
    ]);
    try {
      const again = Object.fromEntries((await past()).edges.map((e) => [e.node.title, e.node]));
      expect(again['Ended 2022 a']!.artistNamesFormatted).toBe('Alice Artist and eel');
    } finally {
      await database.db.delete(exhibitionArtworks).where(inArray(exhibitionArtworks.exhibitionId, [two]));
    }
  });

  it("the intro is returned as stored: 'undefined' stays the literal text, next to the curatorial statement", async () => {
    const node = (await past()).edges.map((e) => e.node).find((n) => n.title === 'Paper and Signal')!;
    expect([node.exhibitionIntro, node.curatorialStatement]).toEqual(['undefined', 'Cut paper horizons next to looping films.']);
  });

  it('getExhibitionArtworks: the tokens in exhibition order, hidden and unpublished collections left out, page by page', async () => {
    const id = ids['Featured 2030']!;
    const all = await artworks(id);
    const expected = ['Token 0', 'Token 1', 'Token 2', ...MORE.map((_, i) => `More work ${i}`)];
    expect(all.edges.map((e) => e.node.name)).toEqual(expected);
    expect(all).toMatchObject({ totalCount: 8, pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    const first = await artworks(id, { page: 1, perPage: 3 });
    const second = await artworks(id, { page: 2, perPage: 3 });
    const third = await artworks(id, { page: 3, perPage: 3 });
    expect([first, second, third].map((p) => p.edges.map((e) => e.node.name))).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)]);
    expect([first, second, third].map((p) => [p.totalCount, p.pageInfo.hasNextPage, p.pageInfo.hasPreviousPage])).toEqual([[8, true, false], [8, true, true], [8, false, true]]);
    // after: the endCursor reads the same next page.
    const viaCursor = await artworks(id, { perPage: 3, after: first.pageInfo.endCursor });
    expect(viaCursor.edges.map((e) => e.node.name)).toEqual(expected.slice(3, 6));
    // A page past the end is empty; the app's 12 a page is the default.
    expect((await artworks(id, { page: 4, perPage: 3 })).edges).toEqual([]);
    expect((await artworks(id, { page: 2 })).edges).toEqual([]);
  });

  it('getExhibitionArtworks: an unknown exhibition is an empty page; bad ids and pagination are BAD_USER_INPUT', async () => {
    expect(await artworks('999999')).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
    expect(await artworks(ids['Later start 2030']!)).toMatchObject({ totalCount: 0, edges: [] });
    const cursorOfAnother = (await artworks(ids['Featured 2030']!, { perPage: 1 })).pageInfo.endCursor;
    const cases: [string, Record<string, unknown> | undefined, string][] = [
      ['abc', undefined, 'Invalid exhibition_id: an exhibition id is a positive integer.'],
      ['0', undefined, 'Invalid exhibition_id: an exhibition id is a positive integer.'],
      [ids['Featured 2030']!, { perPage: 101 }, 'Invalid pagination. pagination.perPage: perPage must be between 1 and 100'],
      [ids['Featured 2030']!, { page: 0 }, 'Invalid pagination. pagination.page: page must be 1 or more'],
      [ids['Featured 2030']!, { after: 'not-a-cursor' }, 'Invalid pagination.after: not a cursor returned by this API.'],
      [ids['Paper and Signal']!, { after: cursorOfAnother }, 'Invalid pagination.after: not a cursor returned by this API.'],
    ];
    for (const [id, p, message] of cases) {
      const answer = await query(ARTWORKS, { id, p });
      expect([id, p, answer.errors?.map((e) => [e.message, e.extensions?.code])]).toEqual([id, p, [[message, 'BAD_USER_INPUT']]]);
    }
  });

  it('getPastExhibitions: ended ones only, latest end first (the id breaking ties), page by page', async () => {
    const order = ['Ended 2022 b', 'Ended 2022 a', 'Ended 2021', 'Paper and Signal'];
    const all = await past({ page: 1, perPage: 20 });
    expect(all.edges.map((e) => e.node.title)).toEqual(order);
    expect(all).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    const pages = [await past({ page: 1, perPage: 3 }), await past({ page: 2, perPage: 3 })];
    expect(pages.map((p) => p.edges.map((e) => e.node.title))).toEqual([order.slice(0, 3), order.slice(3)]);
    expect(pages.map((p) => [p.pageInfo.hasNextPage, p.pageInfo.hasPreviousPage])).toEqual([[true, false], [false, true]]);
    expect((await past({ perPage: 3, after: pages[0]!.pageInfo.endCursor })).edges.map((e) => e.node.title)).toEqual(order.slice(3));
    // An exhibition whose end has just passed joins the list at the top.
    const [row] = await database.db.insert(exhibitions).values({ title: 'Just ended', startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() - 1000) }).returning({ id: exhibitions.id });
    try {
      expect((await past()).edges.map((e) => e.node.title)).toEqual(['Just ended', ...order]);
    } finally {
      await database.db.delete(exhibitions).where(inArray(exhibitions.id, [row!.id]));
    }
  });

  it('a page of exhibitions with their artists costs four statements: batched, not one per exhibition', async () => {
    const statementsFor = async (perPage: number) => {
      statements.count = 0;
      statements.on = true;
      try {
        expect((await past({ perPage })).edges.length).toBe(Math.min(perPage, 4));
      } finally {
        statements.on = false;
      }
      return statements.count;
    };
    // The page and its total, the artwork links of all four, one token page for the two that have artworks.
    expect(await statementsFor(20)).toBe(4);
    expect(await statementsFor(4)).toBe(4);
  });
});
