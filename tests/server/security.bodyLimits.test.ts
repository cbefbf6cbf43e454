// Item 3 of the security issue: every route has a body limit from one table; one byte over it is a 413, before
// authentication and before the body is parsed. Plus the malformed bodies and inputs that used to answer 500.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitTable, DEFAULT_BODY_LIMIT } from '../../server/http/bodyLimits.js';
import { ALICE, login, signedRequest, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, seedMarketplace } from './fixtures.js';

const contentTypeOf = (path: string) => (/\/(account\/:id|collection\/:id|likes)/.test(path) ? 'application/x-www-form-urlencoded' : 'application/json');
const concrete = (path: string) => path.replace(/:[a-z]+/gi, '1');

/**
 * One request on a connection of its own. A 413 is answered before the body is read, and the server then closes that
 * connection: a fetch after it could take the kept-alive socket and be reset (ECONNRESET, seen once on a loaded CI
 * machine, on the request at the limit that followed one over it).
 */
function send(url: string, method: string, headers: Record<string, string>, body: string): Promise<{ status: number; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, json: () => JSON.parse(text) as unknown });
      });
      response.on('error', reject);
    });
    // The server may answer 413 and close before the whole body is written: that is the answer, not an error.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    outgoing.end(body);
  });
}

describe.each(DATABASE_KINDS)('request body limits on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let http: ServerType;
  let origin: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
    await database?.close();
  });

  const table = bodyLimitTable({ maxFileSize: 10_485_760 });

  it.each(table.map((rule) => [`${rule.method} ${rule.path}`, rule] as const))('%s: one byte over its limit is 413, at the limit it is not', async (_name, rule) => {
    const url = `${origin}${concrete(rule.path)}`;
    const headers = { 'Content-Type': contentTypeOf(rule.path) };
    const over = await send(url, rule.method, headers, 'x'.repeat(rule.maxBytes + 1));
    expect(over.status).toBe(413);
    expect(over.json()).toMatchObject({ error: 'too_large' });
    const at = await send(url, rule.method, headers, 'x'.repeat(rule.maxBytes));
    expect(at.status).not.toBe(413);
    expect(at.status).toBeLessThan(500);
  });

  it('routes outside the table take at most the default (DELETE, GET with a declared body)', async () => {
    const del = await send(`${origin}/api/v1/comments/1`, 'DELETE', {}, 'x'.repeat(DEFAULT_BODY_LIMIT + 1));
    expect(del.status).toBe(413);
    const unknown = await send(`${origin}/api/v1/nowhere`, 'POST', {}, 'x'.repeat(DEFAULT_BODY_LIMIT + 1));
    expect(unknown.status).toBe(413);
    const get = await fetch(`${origin}/api/v1/config`, { method: 'GET', headers: { 'Content-Length': String(DEFAULT_BODY_LIMIT + 1) } }).catch(() => null);
    // undici refuses to send a body with GET; either way nothing is read.
    if (get) expect([200, 413]).toContain(get.status);
  });

  it('a chunked body without Content-Length is cut off at the limit', async () => {
    const limit = table.find((rule) => rule.path === '/api/v1/account' && rule.method === 'POST')!.maxBytes;
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > limit * 4) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${origin}/api/v1/account`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe.each(DATABASE_KINDS)('inputs that used to answer 500 on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let apiKey: Awaited<ReturnType<typeof login>>['apiKey'];
  let tokenId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    const seeded = await seedMarketplace(database.db);
    tokenId = seeded.tokens[0]!.id;
    ({ apiKey } = await login(server, ALICE));
  });
  afterAll(async () => {
    await database?.close();
  });

  const malformedMultipart = () => ({
    method: 'POST',
    headers: { 'Content-Type': 'multipart/form-data; boundary=----expected' },
    body: '------other\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n------other',
  });

  it.each([
    ['POST', '/comments'],
    ['PUT', '/comments/1'],
    ['POST', '/comments/1/vote'],
    ['POST', '/likes/'],
    ['PUT', '/account/1'],
    ['PUT', '/collection/1'],
  ])('a malformed multipart body on %s %s is 400 invalid_form', async (method, path) => {
    const response = await signedRequest(server, path, { ...malformedMultipart(), method }, apiKey);
    expect(response.status).toBeLessThan(500);
    if (!path.startsWith('/account') && !path.startsWith('/collection')) {
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_form', message: 'The request body is not valid multipart/form-data.' });
    }
  });

  it('POST /trade/check with chainId 1111111111111111 is 400, not an integer overflow in the database', async () => {
    const response = await signedRequest(
      server,
      '/trade/check',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'list', chainId: 1111111111111111, price: '1', token_id: tokenId }) },
      apiKey,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_input' });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('GET /sandbox/%s is 404', async (name) => {
    const response = await server.app.request(`/sandbox/${name}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});
