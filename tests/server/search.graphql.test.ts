// search(text, first) (issue 32, "Find"), on the real server and database, PGlite and PostgreSQL: artworks, collections
// and artists whose name contains the text, any case, a name starting with it first; nothing off the marketplace
// (hidden or unpublished collections and their tokens, accounts without an artist profile); the text's own % and _
// match themselves; bad input refused as BAD_USER_INPUT. And the plans, at 100,000 tokens: each read is answered by its
// name's trigram index (EXPLAIN of the resolver's own statements), never a sequential scan.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSortKey } from '../../domain/artist.js';
import { insertCollections, insertTokens } from '../../server/db/bulk.js';
import { accounts, artists } from '../../server/db/schema.js';
import { tokenPageSql } from '../../server/graphql/tokenRows.js';
import { artistSearchQuery, collectionSearchQuery, tokenSearchSpec } from '../../server/graphql/search/queries.js';
import { analyzeStaleTables, cleanGinPendingLists } from '../../server/db/statistics.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, CREATOR_A, CREATOR_B } from './fixtures.js';

const BULK_TOKENS = 100_000;
const BULK_COLLECTIONS = 100_000;
const BULK_ARTISTS = 100_000;
const PLAIN = `0x${'0c'.repeat(20)}`;

const QUERY = `query search($text: String!, $first: Int) {
  search(text: $text, first: $first) {
    tokens { _id name collection { name } }
    collections { _id name }
    artists { id displayName }
  }
}`;

interface Answer {
  data?: { search: { tokens: { _id: string; name: string }[]; collections: { _id: string; name: string }[]; artists: { id: string; displayName: string }[] } } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe.each(DATABASE_KINDS)('search on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  const search = async (text: unknown, first?: number): Promise<Answer> => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: QUERY, variables: { text, first } }) });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const names = (answer: Answer) => ({
    tokens: answer.data!.search.tokens.map((token) => token.name),
    collections: answer.data!.search.collections.map((collection) => collection.name),
    artists: answer.data!.search.artists.map((artist) => artist.displayName),
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    server = await buildTestServer(db);
    const people = await db
      .insert(accounts)
      .values([
        { address: CREATOR_A, firstName: 'Quasar', lastName: 'Vale', isCreator: true },
        { address: CREATOR_B, alias: 'deep quasar', isCreator: true },
        // An account with an artist record but no longer a creator: not an artist to find.
        { address: PLAIN, firstName: 'Quasarina', isCreator: false },
      ])
      .returning();
    await db.insert(artists).values(people.map((row) => ({ accountId: row.id, sortKey: artistSortKey({ ...row, id: null }) })));
    const base = { symbol: 'SYM', description: '', chainId: 31337, mediaType: 'image', state: 'published' as const };
    const [nights, red, hidden, building] = await insertCollections(db, [
      { ...base, name: 'Quasar Nights', creator: CREATOR_A, address: '0x00000000000000000000000000000000000000b1' },
      { ...base, name: 'Red Shift', creator: CREATOR_B, address: '0x00000000000000000000000000000000000000b2' },
      { ...base, name: 'Hidden Quasars', creator: CREATOR_A, isHidden: true, address: '0x00000000000000000000000000000000000000b3' },
      { ...base, name: 'Quasar draft', creator: CREATOR_A, state: 'building' },
    ]);
    const token = (collectionId: number, tokenId: number, name: string, creator = CREATOR_A) => ({ collectionId, chainId: 31337, tokenId: String(tokenId), name, mediaType: 'image', creator });
    await insertTokens(db, [
      token(red!, 1, 'the red QUASAR', CREATOR_B),
      token(nights!, 1, 'Quasar Bloom'),
      token(nights!, 2, 'Quiet harbour'),
      token(red!, 2, '50% off', CREATOR_B),
      token(red!, 3, '500 off', CREATOR_B),
      token(red!, 4, 'a_b', CREATOR_B),
      token(red!, 5, 'axb', CREATOR_B),
      token(hidden!, 1, 'Quasar unseen'),
      token(building!, 1, 'Quasar unbuilt'),
    ]);

    // The plans' marketplace: names that never contain the functional cases' words.
    const [bulkStart] = await insertCollections(db, [{ ...base, name: 'Bulk 0', creator: CREATOR_A, address: '0x00000000000000000000000000000000000000c0' }]);
    await db.execute(sql`INSERT INTO collections (chain_id, address, name, symbol, media_type, creator, state)
      SELECT 31337, '0x' || lpad(to_hex(16777216 + g), 40, '0'), 'Bulk collection ' || md5('c' || g), 'B', 'image', ${CREATOR_A}, 'published'
      FROM generate_series(1, ${BULK_COLLECTIONS - 1}) g`);
    await db.execute(sql`INSERT INTO tokens (collection_id, chain_id, token_id, name, media_type, creator)
      SELECT ${bulkStart}::bigint + (g % ${BULK_COLLECTIONS}), 31337, g, 'Bulk work ' || md5('t' || g), 'image', ${CREATOR_A}
      FROM generate_series(1, ${BULK_TOKENS}) g`);
    await db.execute(sql`WITH people AS (
        INSERT INTO accounts (address, first_name, is_creator)
        SELECT '0x' || lpad(to_hex(1000000 + g), 40, '0'), 'Bulk artist ' || md5('a' || g), true FROM generate_series(1, ${BULK_ARTISTS}) g
        RETURNING id, first_name)
      INSERT INTO artists (account_id, sort_key) SELECT id, lower(first_name) FROM people`);
    // What the server does on PGlite (server/db/statistics.ts) and autovacuum on PostgreSQL.
    await analyzeStaleTables(db);
    await cleanGinPendingLists(db);
  }, 300_000);
  afterAll(async () => {
    await database?.close();
  });

  it('finds artworks, collections and artists by a part of the name in any case, a name starting with the text first', async () => {
    expect(names(await search('quasar'))).toEqual({
      tokens: ['Quasar Bloom', 'the red QUASAR'],
      collections: ['Quasar Nights'],
      artists: ['Quasar Vale', 'deep quasar'],
    });
    expect(names(await search('  RED '))).toEqual({ tokens: ['the red QUASAR'], collections: ['Red Shift'], artists: [] });
  });

  it('leaves out what is off the marketplace: hidden and unbuilt collections, their tokens, an account that is no longer a creator', async () => {
    const found = names(await search('quasar'));
    expect(found.tokens).not.toContain('Quasar unseen');
    expect(found.tokens).not.toContain('Quasar unbuilt');
    expect(found.collections).toEqual(['Quasar Nights']);
    expect(found.artists).not.toContain('Quasarina');
  });

  it("the explore artist filter's artists-only search: the artists, and the same refusal of a wrong text", async () => {
    const ask = async (text: string) => {
      const body = JSON.stringify({ query: 'query ($text: String!) { search(text: $text, first: 8) { artists { id displayName } } }', variables: { text } });
      return (await (await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).json()) as Answer;
    };
    const answer = await ask('quasar');
    expect(Object.keys(answer.data!.search)).toEqual(['artists']);
    expect(answer.data!.search.artists.map((artist) => artist.displayName)).toEqual(['Quasar Vale', 'deep quasar']);
    expect((await ask('q')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("matches the text's % and _ as themselves", async () => {
    expect(names(await search('50%')).tokens).toEqual(['50% off']);
    expect(names(await search('a_b')).tokens).toEqual(['a_b']);
  });

  it('gives at most first of each group, 6 by default', async () => {
    const bulk = await search('bulk', 3);
    expect(bulk.data!.search.tokens).toHaveLength(3);
    expect(bulk.data!.search.collections).toHaveLength(3);
    expect(bulk.data!.search.artists).toHaveLength(3);
    const byDefault = await search('bulk');
    expect(byDefault.data!.search.tokens).toHaveLength(6);
    expect(byDefault.data!.search.collections).toHaveLength(6);
    expect(byDefault.data!.search.artists).toHaveLength(6);
  });

  it.each([
    ['q', 'Invalid search. text: search for 2 to 100 characters'],
    ['   q  ', 'Invalid search. text: search for 2 to 100 characters'],
    ['x'.repeat(101), 'Invalid search. text: search for 2 to 100 characters'],
    ['qu\u0000asar', 'Invalid search. text: control characters are not allowed'],
  ])('refuses the text %j as BAD_USER_INPUT', async (text, message) => {
    const answer = await search(text);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors).toEqual([expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
  });

  it.each([0, 21])('refuses first %i as BAD_USER_INPUT', async (first) => {
    const answer = await search('quasar', first);
    expect(answer.errors).toEqual([expect.objectContaining({ message: 'Invalid search. first must be between 1 and 20', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
  });

  const explain = async (query: { getSQL(): unknown } | ReturnType<typeof sql>) => {
    const statement = 'getSQL' in (query as object) ? (query as { getSQL(): ReturnType<typeof sql> }).getSQL() : (query as ReturnType<typeof sql>);
    const result = (await database.db.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] };
    const text = result.rows.map((row) => Object.values(row)[0]).join('\n');
    if (process.env.SHOW_PLANS) console.log(text);
    return text;
  };
  // A part of one bulk name (md5 of its row): the text a collector types for one work they are looking for.
  const fragment = (prefix: string, g: number) => createHash('md5').update(`${prefix}${g}`).digest('hex').slice(4, 14);

  it(`at ${BULK_TOKENS.toLocaleString('en')} tokens the artworks' read is a bitmap scan of tokens_name_trgm_idx, no sequential scan of tokens`, async () => {
    const input = { text: fragment('t', 77_777), first: 6 };
    expect(names(await search(input.text)).tokens).toEqual([expect.stringContaining(input.text)]);
    const text = await explain(tokenPageSql(tokenSearchSpec(input)));
    expect(text).toContain('tokens_name_trgm_idx');
    expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
  });

  it(`the collections' and the artists' reads use their names' trigram indexes (${BULK_COLLECTIONS.toLocaleString('en')} collections, ${BULK_ARTISTS.toLocaleString('en')} artists)`, async () => {
    const collection = { text: fragment('c', 12_345), first: 6 };
    expect(names(await search(collection.text)).collections).toEqual([expect.stringContaining(collection.text)]);
    const collectionsPlan = await explain(collectionSearchQuery(database.db, collection));
    expect(collectionsPlan).toContain('collections_name_trgm_idx');
    expect(collectionsPlan).not.toMatch(/Seq Scan on "?collections"?/);
    const artist = { text: fragment('a', 4_321), first: 6 };
    expect(names(await search(artist.text)).artists).toEqual([expect.stringContaining(artist.text)]);
    const artistsPlan = await explain(artistSearchQuery(database.db, artist));
    expect(artistsPlan).toContain('artists_sort_key_trgm_idx');
    expect(artistsPlan).not.toMatch(/Seq Scan on "?artists"?/);
  });

  it('a text in most names ranks only the newest matches: the primary key read backwards or the trigram index, never a sequential scan', async () => {
    for (const plan of [
      await explain(tokenPageSql(tokenSearchSpec({ text: 'bulk work', first: 6 }))),
      await explain(collectionSearchQuery(database.db, { text: 'bulk collection', first: 6 })),
      await explain(artistSearchQuery(database.db, { text: 'bulk artist', first: 6 })),
    ]) {
      expect(plan).not.toMatch(/Seq Scan on "?(tokens|collections|artists)"?/);
    }
  });
});
