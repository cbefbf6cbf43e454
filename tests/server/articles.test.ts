// The editorial pages reads: GET /api/v1/article (newest first: created_at then id, offset pages of 24 by default, at most 50)
// and GET /api/v1/article/featured (the newest featured article, { article: null } when none is featured), on the
// real server and database, PGlite and PostgreSQL. Every answer is read with its wire contract (domain/contracts/articles.ts).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, articles, artists } from '../../server/db/schema.js';
import { articleAnswer, articlePageAnswer, featuredArticleAnswer } from '../../domain/contracts/articles.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const ALICE = `0x${'a1'.repeat(20)}`;
const DAY = 86_400_000;


describe.each(DATABASE_KINDS)('articles reads on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  const get = (path: string) => server.app.request(`/api/v1${path}`);
  const json = async <T>(path: string, status = 200): Promise<T> => {
    const response = await get(path);
    expect(response.status).toBe(status);
    return (await response.json()) as T;
  };
  // Read with its contract, and nothing sent beyond it (the parse would drop an extra field such as a body).
  const exactly = async <T>(contract: { parse: (value: unknown) => T }, path: string): Promise<T> => {
    const sent = await json(path);
    const answer = contract.parse(sent);
    expect(sent).toEqual(answer);
    return answer;
  };
  const list = (path: string) => exactly(articlePageAnswer, path);
  const featured = () => exactly(featuredArticleAnswer, '/article/featured');
  const titles = (answer: { articles: { title: string }[] }) => answer.articles.map((a) => a.title);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('with no articles: an empty first page and no featured article (200, article null)', async () => {
    expect(await list('/article')).toEqual({ articles: [], totalCount: 0, page: 1, perPage: 24, hasNextPage: false });
    expect(await featured()).toEqual({ article: null });
  });

  it('lists newest first — by date, the id breaking ties — with cover, thumbnail, type, date and the artist; no body', async () => {
    const body = await server.mediaStore.put(new TextEncoder().encode('<p>Body</p>'), 'text/html');
    const cover = await server.mediaStore.put(new Uint8Array(await sharp({ create: { width: 32, height: 12, channels: 3, background: '#36c' } }).png().toBuffer()), 'image/png');
    const [account] = await database.db.insert(accounts).values({ address: ALICE, alias: 'alice', isCreator: true }).returning();
    const [artist] = await database.db.insert(artists).values({ accountId: account!.id, sortKey: 'alice' }).returning();
    const base = Date.UTC(2026, 0, 10);
    // Inserted out of date order; two share a date (the later id comes first).
    await database.db.insert(articles).values([
      { type: 'essay', title: 'Oldest', ipfsHash: body, createdAt: new Date(base - 3 * DAY) },
      { type: 'news', title: 'Newest', ipfsHash: body, cover, createdAt: new Date(base), artistId: artist!.id },
      { type: 'interview', title: 'Tie, first id', ipfsHash: body, createdAt: new Date(base - DAY) },
      { type: 'interview', title: 'Tie, second id', ipfsHash: body, createdAt: new Date(base - DAY) },
    ]);
    const answer = await list('/article');
    expect(titles(answer)).toEqual(['Newest', 'Tie, second id', 'Tie, first id', 'Oldest']);
    expect(answer).toMatchObject({ totalCount: 4, page: 1, perPage: 24, hasNextPage: false });
    expect(answer.articles[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      type: 'news',
      title: 'Newest',
      cover: `/ipfs/${cover}`,
      coverThumbnail: expect.stringContaining(cover),
      ipfsHash: body,
      mediaUrl: `/ipfs/${body}`,
      isFeatured: false,
      artist: ALICE,
      createdAt: new Date(base).toISOString(),
    });
    expect(answer.articles[3]).toMatchObject({ cover: null, coverThumbnail: null, artist: null });
  });

  it('pages with page and perPage: the same order split, hasNextPage until the last page', async () => {
    const first = await list('/article?perPage=3');
    expect(titles(first)).toEqual(['Newest', 'Tie, second id', 'Tie, first id']);
    expect(first).toMatchObject({ totalCount: 4, page: 1, perPage: 3, hasNextPage: true });
    const second = await list('/article?perPage=3&page=2');
    expect(titles(second)).toEqual(['Oldest']);
    expect(second.hasNextPage).toBe(false);
    expect((await list('/article?perPage=3&page=3')).articles).toEqual([]);
    expect((await list('/article?perPage=50')).articles).toHaveLength(4);
  });

  it('featured: null while none is featured, then the newest featured article (not the newest article)', async () => {
    expect(await featured()).toEqual({ article: null });
    await database.db.update(articles).set({ isFeatured: true }).where(eq(articles.title, 'Oldest'));
    await database.db.update(articles).set({ isFeatured: true }).where(eq(articles.title, 'Tie, first id'));
    // The answer as sent (a contract's parse would drop a body): a card's fields, no body.
    const sent = await json<{ article: Record<string, unknown> }>('/article/featured');
    expect(sent.article).not.toHaveProperty('body');
    const { article } = featuredArticleAnswer.parse(sent);
    expect(article).toMatchObject({ title: 'Tie, first id', type: 'interview', isFeatured: true, artist: null });
    // The list marks it too, and still lists it in date order.
    const all = await list('/article');
    expect(all.articles.filter((a) => a.isFeatured).map((a) => a.title)).toEqual(['Tie, first id', 'Oldest']);
  });

  it.each([
    ['perPage=0', 'perPage must be a whole number from 1 to 50.'],
    ['perPage=51', 'perPage must be a whole number from 1 to 50.'],
    ['perPage=2.5', 'perPage must be a whole number from 1 to 50.'],
    ['perPage=-1', 'perPage must be a whole number from 1 to 50.'],
    ['page=0', 'page must be a whole number from 1.'],
    ['page=abc', 'page must be a whole number from 1.'],
    ['sort=oldest', 'sort'],
  ])('refuses %s with 400 invalid_input', async (query, message) => {
    const answer = await json<{ error: string; message: string }>(`/article?${query}`, 400);
    expect(answer.error).toBe('invalid_input');
    expect(answer.message).toContain(message);
  });

  it('the routes stay distinct: /article/featured is not an id, /article/{id} still reads one with its body', async () => {
    const first = (await list('/article')).articles[0]!;
    const one = await exactly(articleAnswer, `/article/${first.id}`);
    expect(one).toMatchObject({ title: 'Newest', body: '<p>Body</p>' });
    expect((await get('/article/featured/1')).status).toBe(404);
  });
});
