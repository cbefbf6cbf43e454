// The artists' pages reads: getAllArtists (alphabetical by display name, the id breaking ties, keyset pages of 50 through more
// than 50 artists, the same order on PGlite and PostgreSQL), getArtistInfo (the seed's Artist shape) and
// getArtistTokens (the artist's marketplace tokens, 24 a page), on the real server and database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSortKey } from '../../domain/artist.js';
import { accounts, articles, artists, tokens } from '../../server/db/schema.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, type CanvasWorld } from './canvasFixtures.js';

const CATALOGUE = /* GraphQL */ `query ($p: PaginationInput) { getAllArtists(pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
  edges { cursor node { id _id displayName description cover coverThumbnail account { firstName lastName alias address isCreator } featuredArtwork { thumbnailUrl } } } } }`;
const INFO = /* GraphQL */ `query ($a: String!) { getArtistInfo(artist_id: $a) {
  id _id displayName cover description featuredArtworkDescription comments
  account { id address alias firstName lastName web twitter instagram isCreator }
  featuredArtwork { _id name thumbnailUrl mediaType tokenHolding { id salePrice { amount currency } } collection { name address chainId } }
  collections { _id name address chainId }
  highlights { date achievement }
  articles { id title type mediaUrl }
  portfolio { context items { mediaUrl thumbnailUrl description } } } }`;
const TOKENS = /* GraphQL */ `query ($a: String!, $p: PaginationInput) { getArtistTokens(artist_id: $a, pagination: $p) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { _id name creatorInfo { address } } } } }`;

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}
interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage?: boolean; endCursor: string | null };
  edges: { cursor?: string; node: Record<string, unknown> }[];
}

// Names chosen to differ between collations: case, accents, digits, punctuation, equal display names (ties) and
// artists with no name at all (their shortened address sorts them).
const NAMES: { firstName: string | null; lastName: string | null; alias: string | null }[] = [
  { firstName: 'zoë', lastName: null, alias: null },
  { firstName: 'Zoe', lastName: 'Adams', alias: null },
  { firstName: 'Émile', lastName: 'Zola', alias: null },
  { firstName: 'emile', lastName: null, alias: null },
  { firstName: 'Ada', lastName: 'Nwosu', alias: null },
  { firstName: 'ada', lastName: 'nwosu', alias: null },
  { firstName: 'Ada', lastName: 'Nwosu', alias: null },
  { firstName: null, lastName: null, alias: 'b_side' },
  { firstName: null, lastName: null, alias: 'b-side' },
  { firstName: null, lastName: 'Ōtomo', alias: 'katsu' },
  { firstName: 'Åsa', lastName: null, alias: null },
  { firstName: 'Ærø', lastName: null, alias: null },
  { firstName: null, lastName: null, alias: null },
  { firstName: null, lastName: null, alias: '  ' },
  { firstName: 'Mara', lastName: 'Vale', alias: null },
  { firstName: 'mara', lastName: 'vale', alias: null },
];

/** "C" collation: byte order of the UTF-8 text, then the id. */
const byteOrder = (a: { key: string; id: number }, b: { key: string; id: number }) => Buffer.compare(Buffer.from(a.key, 'utf8'), Buffer.from(b.key, 'utf8')) || a.id - b.id;

describe.each(DATABASE_KINDS)('artists reads on %s', (kind) => {
  let w: CanvasWorld;
  const expected: { key: string; id: number; address: string }[] = [];

  const query = async (document: string, variables: Record<string, unknown>): Promise<Answer> => {
    const response = await w.server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: document, variables }) });
    const answer = (await response.json()) as Answer;
    // A query refused before it runs (its cost) is a 400; everything else answers 200.
    expect([response.status, answer.errors?.[0]?.extensions?.code === 'QUERY_COST_LIMIT' ? 400 : 200]).toEqual([response.status, response.status]);
    return answer;
  };

  beforeAll(async () => {
    w = await canvasWorld(kind);
    // 64 creators with profiles (the 16 names four times, in a shuffled insert order), one non-creator with a profile.
    const people = Array.from({ length: 64 }, (_, i) => ({ ...NAMES[(i * 7) % NAMES.length]!, address: `0x${(0xa000 + i).toString(16).padStart(40, '0')}` }));
    const inserted = await w.db.insert(accounts).values(people.map((p) => ({ ...p, isCreator: true }))).returning();
    const [collector] = await w.db.insert(accounts).values({ address: `0x${'c'.repeat(40)}`, firstName: 'Aaron', isCreator: false }).returning();
    const rows = await w.db
      .insert(artists)
      .values([...inserted, collector!].map((account) => ({ accountId: account.id, sortKey: artistSortKey({ firstName: account.firstName, lastName: account.lastName, alias: account.alias, address: account.address }), description: `About ${account.address}` })))
      .returning();
    for (const row of rows) {
      const account = [...inserted, collector!].find((a) => a.id === row.accountId)!;
      if (account.isCreator) expected.push({ key: row.sortKey, id: row.id, address: account.address });
    }
    expected.sort(byteOrder);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('getAllArtists: creators only, alphabetically by display name lower-cased in byte order, the id breaking ties; pages of 50 with cursors', async () => {
    const first = (await query(CATALOGUE, { p: { perPage: 50 } })).data!.getAllArtists as Page;
    expect(first.totalCount).toBe(64);
    expect(first.edges).toHaveLength(50);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = (await query(CATALOGUE, { p: { perPage: 50, after: first.pageInfo.endCursor } })).data!.getAllArtists as Page;
    expect(second.edges).toHaveLength(14);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const order = [...first.edges, ...second.edges].map((edge) => edge.node.id);
    expect(order).toEqual(expected.map((e) => e.address));
    // The display names read in that order too, and the collector with a profile is not listed.
    const names = [...first.edges, ...second.edges].map((edge) => String(edge.node.displayName));
    // Artists without a name sort by their shortened address ('0' before letters), then ASCII, then accented letters.
    expect(names.slice(0, 8)).toEqual(['0x00...a004', '0x00...a00b', '0x00...a014', '0x00...a01b', '0x00...a024', '0x00...a02b', '0x00...a034', '0x00...a03b']);
    expect(names.slice(-4)).toEqual(['Émile Zola', 'Émile Zola', 'Émile Zola', 'Émile Zola']);
    expect(names).toContain('katsu Ōtomo');
    expect(names).not.toContain('Aaron');
    expect(names.indexOf('b-side')).toBeLessThan(names.indexOf('b_side'));
    expect(names.lastIndexOf('Zoe Adams')).toBeLessThan(names.indexOf('zoë'));
    expect(names.lastIndexOf('zoë')).toBeLessThan(names.indexOf('Åsa'));
  });

  it('the order comes from the stored, indexed key: smaller pages walk the same sequence', async () => {
    const seen: unknown[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 20; guard++) {
      const page = (await query(CATALOGUE, { p: { perPage: 7, after } })).data!.getAllArtists as Page;
      seen.push(...page.edges.map((edge) => edge.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected.map((e) => e.address));
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
    const index = await w.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'artists_sort_idx'`);
    expect(JSON.stringify(rowsOf(index))).toContain('(sort_key, id)');
    const column = await w.db.execute(sql`SELECT collation_name FROM information_schema.columns WHERE table_name = 'artists' AND column_name = 'sort_key'`);
    expect(rowsOf(column)).toEqual([{ collation_name: 'C' }]);
  });

  it('refuses a forged cursor and bad pagination as BAD_USER_INPUT', async () => {
    for (const p of [{ after: 'not-a-cursor' }, { after: Buffer.from('["_id",-1,null,1]').toString('base64url') }, { perPage: 0 }, { perPage: 101 }, { page: 2 }]) {
      const answer = await query(CATALOGUE, { p });
      // perPage 0 is refused by the query-cost rule (a malformed perPage costs 1,000,000) before the resolver runs.
      expect([p, answer.errors?.[0]?.extensions?.code]).toEqual([p, p.perPage === 0 ? 'QUERY_COST_LIMIT' : 'BAD_USER_INPUT']);
    }
  });

  it("getArtistInfo: the seed's Artist shape with featured artwork, collections, highlights, the article and the portfolio", async () => {
    const canvas = await w.create(w.keys.alice, w.details({ name: 'Harbour Lights' }));
    const [featured] = await w.addTokens(canvas.id, ['Night Tide', 'Low Water']);
    await w.setState(canvas.id, 'published');
    await w.create(w.keys.alice, w.details({ name: 'Still building' }));
    const [alice] = await w.db.select().from(accounts).where(eq(accounts.address, ALICE_ADDRESS));
    await w.db.update(accounts).set({ firstName: 'Alice', lastName: 'Liddell', web: 'https://alice.art', twitter: 'alice', instagram: 'alice.studio' }).where(eq(accounts.id, alice!.id));
    const cover = await w.server.mediaStore.put(w.images.png, 'image/png');
    const [row] = await w.db
      .insert(artists)
      .values({
        accountId: alice!.id,
        sortKey: 'alice liddell',
        cover,
        description: 'Draws harbours at night.',
        featuredTokenId: featured!.id,
        featuredArtworkDescription: 'The first of the series.',
        about: 'Alice lives by the sea.',
        highlights: [{ date: '2024-05-12', achievement: 'First solo show' }],
        portfolio: { context: 'Studies', items: [{ mediaUrl: cover, description: 'Study 1' }] },
      })
      .returning();
    const body = await w.server.mediaStore.put(new TextEncoder().encode('<p>Interview</p>'), 'text/html');
    const [article] = await w.db.insert(articles).values({ type: 'interview', title: 'Meet Alice', ipfsHash: body, artistId: row!.id }).returning();

    const info = (await query(INFO, { a: ALICE_ADDRESS.toUpperCase().replace('0X', '0x') })).data!.getArtistInfo as Record<string, unknown>;
    expect(info).toMatchObject({
      id: ALICE_ADDRESS,
      _id: String(row!.id),
      displayName: 'Alice Liddell',
      cover: `/ipfs/${cover}`,
      description: 'Draws harbours at night.',
      featuredArtworkDescription: 'The first of the series.',
      comments: 'Alice lives by the sea.',
      account: { address: ALICE_ADDRESS, alias: 'alice', firstName: 'Alice', lastName: 'Liddell', web: 'https://alice.art', twitter: 'alice', instagram: 'alice.studio', isCreator: true },
      featuredArtwork: { _id: String(featured!.id), name: 'Night Tide', tokenHolding: null, collection: { name: 'Harbour Lights' } },
      collections: [{ _id: canvas.id, name: 'Harbour Lights' }],
      highlights: [{ date: '2024-05-12', achievement: 'First solo show' }],
      articles: [{ id: String(article!.id), title: 'Meet Alice', type: 'interview', mediaUrl: `/ipfs/${body}` }],
      portfolio: { context: 'Studies', items: [{ mediaUrl: `/ipfs/${cover}`, thumbnailUrl: `/ipfs/thumbnail/${cover}`, description: 'Study 1' }] },
    });
    expect(JSON.stringify(info.collections)).not.toContain('Still building');

    // A featured token whose collection leaves the marketplace is not shown.
    await w.setState(canvas.id, 'building');
    const unpublished = (await query(INFO, { a: ALICE_ADDRESS })).data!.getArtistInfo as Record<string, unknown>;
    expect([unpublished.featuredArtwork, unpublished.collections]).toEqual([null, []]);
    await w.setState(canvas.id, 'published');
  });

  it('getArtistInfo: null for an account without a profile; BAD_USER_INPUT for something that is not an address', async () => {
    expect((await query(INFO, { a: BOB_ADDRESS })).data!.getArtistInfo).toBeNull();
    expect((await query(INFO, { a: `0x${'9'.repeat(40)}` })).data!.getArtistInfo).toBeNull();
    const bad = await query(INFO, { a: 'alice' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("getArtistTokens: the artist's tokens on the marketplace, newest first, 24 a page", async () => {
    const canvas = await w.create(w.keys.bob, w.details({ name: 'Bob series' }));
    await w.addTokens(canvas.id, Array.from({ length: 30 }, (_, i) => `Bob ${i + 1}`));
    await w.setState(canvas.id, 'published');
    const first = (await query(TOKENS, { a: BOB_ADDRESS, p: { perPage: 24 } })).data!.getArtistTokens as Page;
    expect(first.totalCount).toBe(30);
    expect(first.edges.map((edge) => edge.node.name)).toEqual(Array.from({ length: 24 }, (_, i) => `Bob ${30 - i}`));
    expect(first.edges.every((edge) => (edge.node.creatorInfo as { address: string }).address === BOB_ADDRESS)).toBe(true);
    const second = (await query(TOKENS, { a: BOB_ADDRESS, p: { perPage: 24, after: first.pageInfo.endCursor } })).data!.getArtistTokens as Page;
    expect(second.edges.map((edge) => edge.node.name)).toEqual(['Bob 6', 'Bob 5', 'Bob 4', 'Bob 3', 'Bob 2', 'Bob 1']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const all = await w.db.select({ n: tokens.id }).from(tokens).where(eq(tokens.creator, BOB_ADDRESS));
    expect(all).toHaveLength(30);
    expect((await query(TOKENS, { a: 'bob' })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
