import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch } from '../../src/services/authFetch.js';
import { ALICE, BOB, CAROL, loginBody, rowCounts, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { freePort } from './freePort.js';

/** A free loopback port, so a server can be configured with the port it will listen on. */
async function listen(server: TestServer, port = 0): Promise<{ http: ServerType; origin: string; host: string }> {
  const http = serve({ fetch: server.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  const { port: bound } = http.address() as AddressInfo;
  return { http, origin: `http://127.0.0.1:${bound}`, host: `127.0.0.1:${bound}` };
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
    // The default sign-in domains: this server's own port on 127.0.0.1 and localhost (APP_DOMAIN unset).
    const port = await freePort();
    server = await buildTestServer(database.db, { PORT: String(port), APP_DOMAIN: '' });
    direct = await listen(server, port);
    proxied = await buildTestServer(database.db, { APP_DOMAIN: 'market.example, other.example' });
    behindProxy = await listen(proxied);
  });
  afterAll(async () => {
    if (direct) await close(direct.http);
    if (behindProxy) await close(behindProxy.http);
    await database?.close();
  });

  const post = (origin: string, body: unknown) =>
    fetch(`${origin}/api/v1/account`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('by default the domain is this port on 127.0.0.1 or localhost; then a multipart PUT signed by authFetch works', async () => {
    const withoutPort = await post(direct.origin, await loginBody(server, ALICE));
    expect(withoutPort.status).toBe(401);
    expect(await withoutPort.json()).toMatchObject({ error: 'wrong_domain' });

    const localhost = `localhost:${new URL(direct.origin).port}`;
    const viaLocalhost = await post(direct.origin, await loginBody(server, BOB, { message: { domain: localhost, uri: `http://${localhost}/explore` } }));
    expect(viaLocalhost.status).toBe(200);

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

  it("abuse: another site's message is refused even when the request carries that site's Host header", async () => {
    const before = await rowCounts(database.db);
    const phished = await loginBody(server, CAROL, { message: { domain: 'evil.example', uri: 'https://evil.example/login' } });
    const response = await fetch(`${direct.origin}/api/v1/account`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'evil.example' },
      body: JSON.stringify(phished),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'wrong_domain', message: 'The login message is for evil.example, not this site.' });
    // In-process, where the Host header is whatever the caller says.
    const inProcess = await server.app.request('/api/v1/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'evil.example' },
      body: JSON.stringify(await loginBody(server, CAROL, { message: { domain: 'evil.example', uri: 'https://evil.example' } })),
    });
    expect(inProcess.status).toBe(401);
    expect(await rowCounts(database.db)).toEqual(before);
  });

  it("the message's URI must be on its domain, and its chain one of the configured chains", async () => {
    const wrongUri = await post(direct.origin, await loginBody(server, CAROL, { message: { domain: direct.host, uri: 'https://evil.example/' } }));
    expect(wrongUri.status).toBe(401);
    expect(await wrongUri.json()).toMatchObject({ error: 'wrong_uri' });
    const wrongChain = await post(direct.origin, await loginBody(server, CAROL, { message: { domain: direct.host, uri: direct.origin, chainId: 1 } }));
    expect(wrongChain.status).toBe(401);
    expect(await wrongChain.json()).toMatchObject({ error: 'wrong_chain' });
  });

  it("APP_DOMAIN replaces the list: a proxy's public domains are accepted, the server's own host no longer", async () => {
    const response = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: 'market.example', uri: 'https://market.example' } }));
    expect(response.status).toBe(200);
    const other = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: 'other.example', uri: 'https://other.example' } }));
    expect(other.status).toBe(200);
    const unlisted = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: 'evil.example', uri: 'https://evil.example' } }));
    expect(unlisted.status).toBe(401);
    const ownHost = await post(behindProxy.origin, await loginBody(proxied, BOB, { message: { domain: behindProxy.host, uri: behindProxy.origin } }));
    expect(ownHost.status).toBe(401);
    // The direct server was built without APP_DOMAIN: the proxy domain means nothing to it.
    const direct401 = await post(direct.origin, await loginBody(server, BOB, { message: { domain: 'market.example', uri: 'https://market.example' } }));
    expect(direct401.status).toBe(401);
  });
});
