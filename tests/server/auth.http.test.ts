import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch } from '../../src/services/authFetch.js';
import { ALICE, BOB, loginBody, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

async function listen(server: TestServer): Promise<{ http: ServerType; origin: string; host: string }> {
  const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  const { port } = http.address() as AddressInfo;
  return { http, origin: `http://127.0.0.1:${port}`, host: `127.0.0.1:${port}` };
}

const close = (http: ServerType) => new Promise<void>((resolve) => http.close(() => resolve()));

describe.each(DATABASE_KINDS)('sign-in over real HTTP on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let proxied: TestServer;
  let direct: Awaited<ReturnType<typeof listen>>;
  let behindProxy: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    direct = await listen(server);
    process.env.APP_DOMAIN = 'market.example, other.example';
    try {
      proxied = await buildTestServer(database.db);
    } finally {
      delete process.env.APP_DOMAIN;
    }
    behindProxy = await listen(proxied);
  });
  afterAll(async () => {
    if (direct) await close(direct.http);
    if (behindProxy) await close(behindProxy.http);
    await database?.close();
  });

  const post = (origin: string, body: unknown) =>
    fetch(`${origin}/api/v1/account`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('the domain must be the Host the browser used (with its port); then a multipart PUT signed by authFetch works', async () => {
    const withoutPort = await post(direct.origin, await loginBody(server, ALICE));
    expect(withoutPort.status).toBe(401);
    expect(await withoutPort.json()).toMatchObject({ error: 'wrong_domain' });

    const response = await post(direct.origin, await loginBody(server, ALICE, { message: { domain: direct.host, uri: direct.origin } }));
    expect(response.status).toBe(200);
    const { account, apiKey } = (await response.json()) as LoginResponse;

    const form = new FormData();
    form.set('alias', 'Alice over HTTP');
    form.set('email', 'alice@example.org');
    form.set('avatarChanged', 'true');
    const avatar = await sharp({ create: { width: 48, height: 48, channels: 4, background: '#fa0' } }).png().toBuffer();
    form.set('avatar', new File([new Uint8Array(avatar)], 'me.png', { type: 'image/png' }));
    const put = await authFetch(`/account/${account.address}`, { method: 'PUT', body: form }, apiKey, { base: `${direct.origin}/api/v1` });
    expect(put.status).toBe(200);
    const saved = (await put.json()) as { alias: string; avatar: string };
    expect(saved.alias).toBe('Alice over HTTP');
    const image = await fetch(`${direct.origin}${saved.avatar}`);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(avatar)).toBe(true);
  });

  it('APP_DOMAIN adds the public domain of a proxy in front of the server', async () => {
    const response = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: 'market.example', uri: 'https://market.example' } }));
    expect(response.status).toBe(200);
    const other = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: 'other.example', uri: 'https://other.example' } }));
    expect(other.status).toBe(200);
    const unlisted = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: 'evil.example', uri: 'https://evil.example' } }));
    expect(unlisted.status).toBe(401);
    // The direct server was built without APP_DOMAIN: the proxy domain means nothing to it.
    const direct401 = await post(direct.origin, await loginBody(server, BOB, { message: { domain: 'market.example' } }));
    expect(direct401.status).toBe(401);
  });
});
