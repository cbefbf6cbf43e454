// The editorial pages: the articles' reads as GraphQL (getArticles, getFeaturedArticle, getArticle), which the app sends through
// urql, on the real server and database, PGlite and PostgreSQL: empty answers, newest first page by page, the
// featured one, one article with its body as stored (the app sanitizes it), the same data as the REST routes (which
// read it with the same functions), and bad ids and pagination refused as BAD_USER_INPUT.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, articles, artists } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const ALICE = `0x${'a1'.repeat(20)}`;
const DAY = 86_400_000;
const FIELDS = 'id type title cover coverThumbnail ipfsHash mediaUrl isFeatured artist createdAt';
const LIST = `query getArticles($pagination: PaginationInput) { getArticles(pagination: $pagination) {
  totalCount pageInfo { startCursor endCursor hasNextPage hasPreviousPage } edges { cursor node { ${FIELDS} } } } }`;
const FEATURED = `query getFeaturedArticle { getFeaturedArticle { ${FIELDS} } }`;
const ONE = `query getArticle($id: ID!) { getArticle(id: $id) { body article { ${FIELDS} } } }`;
const BODY = '<h1>Newest</h1><p>Body <script>alert(1)</script></p>';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}
interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: Record<string, unknown> }[];
}

describe.each(DATABASE_KINDS)('articles GraphQL reads on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  const query = async (document: string, variables: Record<string, unknown> = {}): Promise<Answer> => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: document, variables }) });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const data = async (document: string, variables: Record<string, unknown> = {}) => {
    const answer = await query(document, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  };
  const list = async (pagination?: Record<string, unknown>) => (await data(LIST, { pagination })).getArticles as Page;
  const titles = (page: Page) => page.edges.map((edge) => edge.node.title);
  const rest = async (path: string) => (await (await server.app.request(`/api/v1${path}`)).json()) as Record<string, unknown>;
  const refused = async (document: string, variables: Record<string, unknown>, message: string) => {
    const answer = await query(document, variables);
    // getArticles is non-null, so its error nulls data; getArticle is nullable, so it answers null beside the error.
    expect(Object.values(answer.data ?? {}).filter((value) => value !== null)).toEqual([]);
    expect(answer.errors).toEqual([expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('with no articles: an empty page, no featured article and no article 1 (null, not errors)', async () => {
    expect(await list()).toEqual({ totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] });
    expect(await data(FEATURED)).toEqual({ getFeaturedArticle: null });
    expect(await data(ONE, { id: '1' })).toEqual({ getArticle: null });
  });

  it('getArticles: newest first (the later id first on a tie), 24 a page by default; the same articles as GET /article', async () => {
    const body = await server.mediaStore.put(new TextEncoder().encode(BODY), 'text/html');
    const [account] = await database.db.insert(accounts).values({ address: ALICE, alias: 'alice', isCreator: true }).returning();
    const [artist] = await database.db.insert(artists).values({ accountId: account!.id, sortKey: 'alice' }).returning();
    const base = Date.UTC(2026, 0, 10);
    await database.db.insert(articles).values([
      { type: 'essay', title: 'Oldest', ipfsHash: body, createdAt: new Date(base - 3 * DAY) },
      { type: 'news', title: 'Newest', ipfsHash: body, createdAt: new Date(base), artistId: artist!.id },
      { type: 'interview', title: 'Tie, first id', ipfsHash: body, createdAt: new Date(base - DAY) },
      { type: 'interview', title: 'Tie, second id', ipfsHash: 'bafkreinotstored', createdAt: new Date(base - DAY) },
    ]);
    const page = await list();
    expect(titles(page)).toEqual(['Newest', 'Tie, second id', 'Tie, first id', 'Oldest']);
    expect(page).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    expect(page.edges[0]!.node).toEqual({
      id: expect.stringMatching(/^\d+$/), type: 'news', title: 'Newest', cover: null, coverThumbnail: null, ipfsHash: body, mediaUrl: `/ipfs/${body}`,
      isFeatured: false, artist: ALICE, createdAt: new Date(base).toISOString(),
    });
    expect(page.edges.map((edge) => edge.node)).toEqual((await rest('/article')).articles);
  });

  it('pages with page and perPage, or after the last cursor: the same order split, hasNextPage until the last page', async () => {
    const first = await list({ page: 1, perPage: 3 });
    expect(titles(first)).toEqual(['Newest', 'Tie, second id', 'Tie, first id']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await list({ page: 2, perPage: 3 });
    expect(titles(second)).toEqual(['Oldest']);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(titles(await list({ after: first.pageInfo.endCursor, perPage: 3 }))).toEqual(['Oldest']);
    expect((await list({ page: 3, perPage: 3 })).edges).toEqual([]);
    expect((await list({ perPage: 50 })).edges).toHaveLength(4);
  });

  it.each([
    [{ perPage: 51 }, 'Invalid pagination. pagination.perPage: perPage must be between 1 and 50'],
    [{ page: 0 }, 'Invalid pagination. pagination.page: page must be 1 or more'],
    [{ after: 'not-a-cursor' }, 'Invalid pagination.after: not a cursor returned by this API.'],
  ])('getArticles refuses pagination %o as BAD_USER_INPUT', async (pagination, message) => {
    await refused(LIST, { pagination }, message);
  });

  it('getArticles with perPage 0 is refused before any read, by the query cost check (400)', async () => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: LIST, variables: { pagination: { perPage: 0 } } }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer).errors?.length).toBeGreaterThan(0);
  });

  it('getFeaturedArticle: the newest featured article (not the newest article); the same as GET /article/featured', async () => {
    expect(await data(FEATURED)).toEqual({ getFeaturedArticle: null });
    await database.db.update(articles).set({ isFeatured: true }).where(eq(articles.title, 'Oldest'));
    await database.db.update(articles).set({ isFeatured: true }).where(eq(articles.title, 'Tie, first id'));
    const { getFeaturedArticle } = (await data(FEATURED)) as { getFeaturedArticle: Record<string, unknown> };
    expect(getFeaturedArticle).toMatchObject({ title: 'Tie, first id', type: 'interview', isFeatured: true, artist: null });
    expect(getFeaturedArticle).toEqual((await rest('/article/featured')).article);
  });

  it('getArticle: the article and its body byte for byte, unsanitized (the app sanitizes it); the same as GET /article/{id}', async () => {
    const page = await list();
    const newest = page.edges[0]!.node;
    const { getArticle } = (await data(ONE, { id: newest.id })) as { getArticle: { body: string; article: Record<string, unknown> } };
    expect(getArticle).toEqual({ body: BODY, article: newest });
    expect({ ...getArticle.article, body: getArticle.body }).toEqual(await rest(`/article/${String(newest.id)}`));
  });

  it('getArticle: null for an unknown id and for an article whose body is not in the media store (REST: 404)', async () => {
    expect(await data(ONE, { id: '999999' })).toEqual({ getArticle: null });
    const missing = (await list()).edges.find((edge) => edge.node.title === 'Tie, second id')!.node;
    expect(await data(ONE, { id: missing.id })).toEqual({ getArticle: null });
    expect((await server.app.request(`/api/v1/article/${String(missing.id)}`)).status).toBe(404);
  });

  it.each(['0', '-1', 'abc', '1.5', '01', '12345678901234567'])('getArticle refuses the id %s as BAD_USER_INPUT', async (id) => {
    await refused(ONE, { id }, 'Invalid id: The article id must be a positive integer.');
  });
});
