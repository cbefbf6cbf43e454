// The editorial pages XSS through article bodies, the server side: the e2e stack's corpus articles (scripts/seed/xssArticles.ts,
// SEED_XSS_ARTICLES=1) are stored the way the demo's are — body in the media store, never featured, no artist —
// and GET /api/v1/article/{id} answers their titles and bodies as JSON text, byte for byte (the app sanitizes them);
// the seed adds only what is missing and leaves the featured article alone. Real server and database, PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../server/db/schema.js';
import { TEST_SIZES } from '../../scripts/seed/media.js';
import { XSS_ARTICLES, xssArticleDocument } from '../../scripts/seed/xssArticleCorpus.js';
import { seedXssArticles, xssArticlesWanted } from '../../scripts/seed/xssArticles.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

interface ArticleAnswer {
  id: string;
  type: string;
  title: string;
  cover: string | null;
  isFeatured: boolean;
  artist: string | null;
  mediaUrl: string;
  body: string;
}

describe.each(DATABASE_KINDS)('the XSS corpus articles on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  const json = async <T>(path: string): Promise<T> => {
    const response = await server.app.request(`/api/v1${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    // The demo's featured article, already there.
    const body = await server.mediaStore.put(new TextEncoder().encode('<p>In the studio.</p>'), 'text/html');
    await database.db.insert(articles).values({ type: 'interview', title: 'In the studio with Mara Vale', ipfsHash: body, isFeatured: true });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('only SEED_XSS_ARTICLES=1 asks for them', () => {
    expect(xssArticlesWanted({ SEED_XSS_ARTICLES: '1' })).toBe(true);
    expect(xssArticlesWanted({})).toBe(false);
    expect(xssArticlesWanted({ SEED_XSS_ARTICLES: 'true' })).toBe(false);
  });

  it('stores every article once (a second run adds none); the featured article stays the demo\'s', async () => {
    expect(await seedXssArticles(database.db, server.mediaStore, TEST_SIZES)).toBe(XSS_ARTICLES.length);
    expect(await seedXssArticles(database.db, server.mediaStore, TEST_SIZES)).toBe(0);
    const list = await json<{ articles: ArticleAnswer[]; totalCount: number }>('/article?perPage=50');
    expect(list.totalCount).toBe(XSS_ARTICLES.length + 1);
    expect(list.articles.map((article) => article.title).sort()).toEqual([...XSS_ARTICLES.map((article) => article.title), 'In the studio with Mara Vale'].sort());
    const { article } = await json<{ article: ArticleAnswer }>('/article/featured');
    expect(article.title).toBe('In the studio with Mara Vale');
  });

  it('GET /article/{id} answers each title and body as JSON text, byte for byte, not featured and without an artist', async () => {
    const list = await json<{ articles: ArticleAnswer[] }>('/article?perPage=50');
    for (const seeded of XSS_ARTICLES) {
      const id = list.articles.find((candidate) => candidate.title === seeded.title)!.id;
      const answer = await json<ArticleAnswer>(`/article/${id}`);
      expect(answer).toMatchObject({ type: seeded.type, title: seeded.title, isFeatured: false, artist: null });
      // The body's one image is the article's cover, from the media host.
      expect(answer.cover).toMatch(/^\/ipfs\/[A-Za-z0-9]+$/);
      expect(answer.body).toBe(xssArticleDocument(seeded, answer.cover!));
      // The stored file itself is served with the media policy (sandboxed, an opaque origin) when opened directly.
      const media = await server.app.request(answer.mediaUrl);
      expect(media.status).toBe(200);
      expect(media.headers.get('Content-Security-Policy')).toMatch(/^sandbox /);
      expect(new TextDecoder().decode(await media.arrayBuffer())).toBe(answer.body);
    }
  });
});
