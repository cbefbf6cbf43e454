// Items 5 and 8 of the security issue: rate limits per account first and per client second, kept in the database
// (shared by every server process), answered 429 with Retry-After and recovered when the window ends; signing
// out revokes the API key.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/app.js';
import { loadServerConfig } from '../../server/config.js';
import { apiKeys, authNonces, comments } from '../../server/db/schema.js';
import { DEFAULT_RATE_LIMITS, envNameOf } from '../../server/security/config.js';
import { ALICE, BOB, CAROL, getNonce, login, loginBody, postLogin, signedRequest, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase, testMediaStore } from './databases.js';
import { buildTestServer, seedMarketplace } from './fixtures.js';

describe('rate limit configuration', () => {
  it('production defaults when nothing is set; "<requests>/<seconds>" per limit overrides one', () => {
    const config = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json' });
    expect(config.security.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    // A studio upload of 1,000 files (a POST and a few PATCHes each) fits in the per-account write limit over ten minutes.
    expect(DEFAULT_RATE_LIMITS.writeByAccount.limit * 10).toBeGreaterThanOrEqual(1000 * 5);
    const tuned = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json', [envNameOf('loginByAddress')]: '3/2' });
    expect(tuned.security.rateLimits.loginByAddress).toEqual({ limit: 3, windowMs: 2000 });
    expect(() => loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json', RATE_LIMIT_WRITE_BY_ACCOUNT: 'many' })).toThrow('must be "<requests>/<seconds>"');
  });
});

describe.each(DATABASE_KINDS)('rate limits and sign-out on %s', (kind) => {
  let database: TestDatabase;
  let tokenId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    tokenId = (await seedMarketplace(database.db)).tokens[0]!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const rows = async (table: typeof authNonces | typeof apiKeys | typeof comments) => (await database.db.select({ n: count() }).from(table))[0]!.n;
  const comment = (server: TestServer, apiKey: { address: string; key: string }, text: string) =>
    signedRequest(server, '/comments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token_id: tokenId, text }) }, apiKey);

  it('login nonces: past the per-client limit a 429 with Retry-After, and no row is written', async () => {
    const server = await buildTestServer(database.db, { [envNameOf('nonceByClient')]: '5/60' });
    // Another test's server on this database may have counted this client already: use a proxy address of our own.
    const before = await rows(authNonces);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await server.app.request('/api/v1/account/nonce')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await rows(authNonces)).toBe(before + 5);
    const refused = await server.app.request('/api/v1/account/nonce');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/) });
  });

  it('sign-ins per address: the limit is reached, refused without a key, and recovered when the window ends', async () => {
    const server = await buildTestServer(database.db, { [envNameOf('loginByAddress')]: '2/1' });
    const keysBefore = await rows(apiKeys);
    await login(server, BOB);
    await login(server, BOB);
    const third = await postLogin(server, await loginBody(server, BOB));
    expect(third.status).toBe(429);
    expect(third.headers.get('Retry-After')).toBe('1');
    expect(await rows(apiKeys)).toBe(keysBefore + 2);
    // Another address is not affected by Bob's limit.
    await login(server, CAROL);
    // Recovered: after the one-second window Bob signs in again (each try uses a fresh nonce and signature).
    await expect.poll(async () => (await postLogin(server, await loginBody(server, BOB))).status, { timeout: 10_000, interval: 250 }).toBe(200);
  });

  it('writes per account: past the limit a 429 and nothing stored; reads still answer', async () => {
    const server = await buildTestServer(database.db, { [envNameOf('writeByAccount')]: '3/60' });
    const { apiKey } = await login(server, ALICE);
    const before = await rows(comments);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await comment(server, apiKey, `Spam ${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await rows(comments)).toBe(before + 3);
    expect((await signedRequest(server, '/likes/account', { method: 'GET' }, apiKey)).status).toBe(200);
  });

  it('writes per client come second: several accounts from one address share its limit', async () => {
    const server = await buildTestServer(database.db, { [envNameOf('writeByClient')]: '4/60', TRUST_PROXY: '1' });
    const from = (address: string) => (path: string, init: RequestInit, apiKey: { address: string; key: string }) =>
      signedRequest(server, path, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': address } }, apiKey);
    const { apiKey: alice } = await login(server, ALICE);
    const { apiKey: bob } = await login(server, BOB);
    const post = (send: ReturnType<typeof from>, apiKey: typeof alice) =>
      send('/comments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token_id: tokenId, text: 'Shared' }) }, apiKey);
    const office = from('203.0.113.7');
    const statuses = [await post(office, alice), await post(office, bob), await post(office, alice), await post(office, bob), await post(office, alice)].map((r) => r.status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    // With TRUST_PROXY another forwarded address is another client.
    expect((await post(from('203.0.113.8'), bob)).status).toBe(201);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored (a client cannot pick a fresh address per request)', async () => {
    const server = await buildTestServer(database.db, { [envNameOf('nonceByClient')]: '2/60' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await server.app.request('/api/v1/account/nonce', { headers: { 'X-Forwarded-For': `198.51.100.${i}` } })).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });

  it('two server processes on one database share the counts', async () => {
    const env = { APP_DOMAIN: 'localhost', DEPLOYMENTS_FILE: '/nonexistent.json', TRUST_PROXY: '1', [envNameOf('nonceByClient')]: '3/60' };
    const one = createServer({ db: database.db, config: loadServerConfig(env), mediaStore: testMediaStore(database.db) });
    const two = createServer({ db: database.db, config: loadServerConfig(env), mediaStore: testMediaStore(database.db) });
    const headers = { 'X-Forwarded-For': '192.0.2.44' };
    const statuses = [
      (await one.app.request('/api/v1/account/nonce', { headers })).status,
      (await two.app.request('/api/v1/account/nonce', { headers })).status,
      (await one.app.request('/api/v1/account/nonce', { headers })).status,
      (await two.app.request('/api/v1/account/nonce', { headers })).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('signing out revokes the key: DELETE /account/session, then the key gets 401 api_key_revoked', async () => {
    const server = await buildTestServer(database.db);
    const { apiKey } = await login(server, CAROL);
    const { apiKey: other } = await login(server, CAROL);
    expect((await comment(server, apiKey, 'Before sign-out')).status).toBe(201);
    const signOut = await signedRequest(server, '/account/session', { method: 'DELETE' }, apiKey);
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ revoked: true });
    const after = await comment(server, apiKey, 'After sign-out');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'api_key_revoked', message: 'The API key was signed out. Sign in again.' });
    expect((await signedRequest(server, '/account/session', { method: 'DELETE' }, apiKey)).status).toBe(401);
    // Only that key: the same account's other session still works.
    expect((await comment(server, other, 'Other session')).status).toBe(201);
  });

  it('the nonce response still answers after many sign-ins were refused (no rows for refused ones)', async () => {
    expect((await getNonce(await buildTestServer(database.db))).nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
