// A navigation's first answers (server/http/firstAnswers.ts): the token page comes with the answer of its first read,
// the same answer POST /graphql gives, and a preload of the image it shows; on both databases.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { parse, print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdings, tokens } from '../../server/db/schema.js';
import { FIRST_ANSWERS_ID as SERVER_ID, TOKEN_PAGE_QUERY, firstAnswersHtml, scriptSafeJson } from '../../server/http/firstAnswers.js';
import { FIRST_ANSWERS_ID as APP_ID } from '../../src/services/firstAnswers';
import { getTokenFromHoldingOperation } from '../../src/services/token';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, graphql, seedMarketplace } from './fixtures.js';

const INDEX = '<!doctype html><html><head><title>Art</title></head><body><div id="root"></div></body></html>';
const ANSWERS = new RegExp(`<script type="application/json" id="${SERVER_ID}">(.*?)</script>`, 's');

/** Each definition printed the same way, in a stable order (the app's document lists its fragments after it). */
const definitions = (document: DocumentNode) => document.definitions.map((definition) => print(definition)).sort();

describe('the server\'s copies of the app\'s first reads', () => {
  it('the token page\'s read is the document the app sends, and the page\'s script id the one the app reads', () => {
    expect(definitions(parse(TOKEN_PAGE_QUERY))).toEqual(definitions(getTokenFromHoldingOperation as unknown as DocumentNode));
    expect(SERVER_ID).toBe(APP_ID);
  });

  it('JSON in the page cannot close its script: <, > and & are escapes, and it parses back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('waiting for the first reads', () => {
  const answer = { data: { getTokenFromHolding: { id: '7', mediaType: 'sound', mediaUrl: null, thumbnailUrl: null } } };

  it('a read not answered within the wait is left out: the page goes without it', async () => {
    expect(await firstAnswersHtml('/token/7', () => new Promise(() => {}), 20)).toBe('');
  });

  it('a read answered within the wait is written; a route without first reads runs none', async () => {
    const asked: string[] = [];
    const html = await firstAnswersHtml('/token/7', async (read) => (asked.push(read.operationName), answer), 5_000);
    expect(asked).toEqual(['getTokenFromHolding']);
    expect(html).toContain(`<script type="application/json" id="${SERVER_ID}">`);
    expect(html).not.toContain('rel="preload"');
    expect(await firstAnswersHtml('/profile', async (read) => (asked.push(read.operationName), answer), 5_000)).toBe('');
    expect(asked).toHaveLength(1);
  });
});

describe.each(DATABASE_KINDS)('a navigation\'s first answers (%s)', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let imageHolding: number;
  let videoHolding: number;

  const holdingOf = async (tokenId: number) => {
    const [row] = await database.db.select().from(holdings).where(eq(holdings.tokenId, tokenId));
    return row!.id;
  };

  const navigate = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers: { Accept: 'text/html', ...headers } });

  const answersOf = (html: string) => {
    const match = ANSWERS.exec(html);
    return match ? (JSON.parse(match[1]!) as { at: number; answers: { operationName: string; variables: unknown; data: unknown }[] }) : null;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const seeded = await seedMarketplace(database.db);
    server = await buildTestServer(database.db, { GEOFENCE_COUNTRY_HEADER: 'cf-ipcountry', BLOCKED_COUNTRIES: 'KP' });
    await writeFile(join(server.staticDir, 'index.html'), INDEX);
    const image = seeded.tokens.find((token) => token.mediaType === 'image')!;
    const video = seeded.tokens.find((token) => token.mediaType === 'video')!;
    // A name that would end the answers' script if it were written as it is.
    await database.db.update(tokens).set({ name: '</script><script>alert(1)</script>', media: 'bafkreimainimage' }).where(eq(tokens.id, image.id));
    await database.db.update(tokens).set({ thumbnail: 'bafkreivideoposter' }).where(eq(tokens.id, video.id));
    imageHolding = await holdingOf(image.id);
    videoHolding = await holdingOf(video.id);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('a token page carries the answer POST /graphql gives for the app\'s read, and preloads its image through its derivatives', async () => {
    const response = await navigate(`/token/${imageHolding}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBeNull();
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    const page = answersOf(html);
    expect(page).not.toBeNull();
    expect(Math.abs(Date.now() - page!.at)).toBeLessThan(60_000);
    const direct = await graphql(server.app, TOKEN_PAGE_QUERY, { id: String(imageHolding) });
    expect(page!.answers).toEqual([{ operationName: 'getTokenFromHolding', variables: { id: String(imageHolding) }, data: direct.body.data }]);
    const token = (direct.body.data as unknown as { getTokenFromHolding: { name: string; mediaUrl: string } }).getTokenFromHolding;
    expect(token.name).toBe('</script><script>alert(1)</script>');
    const preload = html.match(/<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/);
    expect(preload?.[1]).toBe(token.mediaUrl);
    expect(preload?.[2]).toContain(`${token.mediaUrl}?w=320 320w`);
    expect(preload?.[2]).toContain(`${token.mediaUrl}?w=2048 2048w`);
    expect(preload?.[3]).toBe('(min-width: 56rem) min(44rem, 58vw), 100vw');
    // Before </head>, so the browser reads them before the body.
    expect(html.indexOf(`id="${SERVER_ID}"`)).toBeLessThan(html.indexOf('</head>'));
  });

  it('a video\'s page preloads its poster as the page shows it; compressed when asked', async () => {
    const response = await navigate(`/token/${videoHolding}`, { 'Accept-Encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    const poster = (answersOf(html)!.answers[0]!.data as { getTokenFromHolding: { thumbnailUrl: string } }).getTokenFromHolding.thumbnailUrl;
    expect(poster).toContain('bafkreivideoposter');
    expect(html).toContain(`<link rel="preload" as="image" href="${poster}" fetchpriority="high">`);
  });

  it('a holding that does not exist: the answer says so (the page shows its not-found state), no image', async () => {
    const html = await (await navigate('/token/999999')).text();
    expect(answersOf(html)!.answers).toEqual([{ operationName: 'getTokenFromHolding', variables: { id: '999999' }, data: { getTokenFromHolding: null } }]);
    expect(html).not.toContain('as="image"');
  });

  it('none while every execution slot is taken: the page comes at once, without them', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slots = Array.from({ length: server.config.security.graphqlQueue.maxConcurrent }, () => server.graphqlExecutions.run(() => held));
    try {
      const response = await navigate(`/token/${imageHolding}`);
      expect(response.status).toBe(200);
      expect(answersOf(await response.text())).toBeNull();
      // Nor was the read queued behind the others (it would take a place the app's own reads wait for).
      expect(server.graphqlExecutions.queued).toBe(0);
    } finally {
      release();
      await Promise.all(slots);
    }
    expect(answersOf(await (await navigate(`/token/${imageHolding}`)).text())).not.toBeNull();
  });

  it('none for a refused region, a HEAD, a route without first reads, and a read that fails', async () => {
    expect(answersOf(await (await navigate(`/token/${imageHolding}`, { 'cf-ipcountry': 'KP' })).text())).toBeNull();
    const head = await server.app.request(`/token/${imageHolding}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).not.toBeNull();
    const studio = await navigate('/studio/list');
    expect(answersOf(await studio.text())).toBeNull();
    expect(studio.headers.get('etag')).not.toBeNull();
    // An id the server refuses: its answer has errors, so the page carries none and the app's own read shows them.
    const refused = await graphql(server.app, TOKEN_PAGE_QUERY, { id: 'not-a-number' });
    expect(refused.body.errors?.[0]?.message).toContain('Invalid id');
    expect(answersOf(await (await navigate('/token/not-a-number')).text())).toBeNull();
  });
});
