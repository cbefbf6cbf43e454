import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalAccount, requireAccount, signedInAccount, type AuthEnv } from '../../server/auth/requireAccount.js';
import { accounts } from '../../server/db/schema.js';
import { handleError } from '../../server/http/errors.js';
import { authFetch } from '../../src/services/authFetch.js';
import { ALICE, BOB, login, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

describe.each(DATABASE_KINDS)('requireAccount / optionalAccount reused by another route on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: LoginResponse;
  let bob: LoginResponse;
  // A later issue's write route, mounted the way those routes will use the middleware.
  const routes = new Hono<AuthEnv>();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    alice = await login(server, ALICE);
    bob = await login(server, BOB);
    routes.onError(handleError);
    routes.post('/likes', requireAccount(database.db, { rejectBanned: true }), (c) => c.json({ by: signedInAccount(c).address }));
    routes.post('/notes', requireAccount(database.db), (c) => c.json({ by: signedInAccount(c).address }));
    routes.post('/forgot-middleware', (c) => c.json({ by: signedInAccount(c).address }));
    routes.get('/whoami', optionalAccount(database.db), (c) => c.json({ address: c.get('auth')?.address ?? null }));
  });
  afterAll(async () => {
    await database?.close();
  });

  const call = (path: string, init: RequestInit, key?: LoginResponse['apiKey']) =>
    key ? authFetch(path, init, key, { base: '', fetch: async (url, i) => routes.request(url, i) }) : Promise.resolve(routes.request(path, init));

  it('sets c.get("auth") to the signed-in address; 401 JSON without a signed request', async () => {
    const ok = await call('/likes', { method: 'POST' }, alice.apiKey);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ by: alice.account.address });
    const anonymous = await call('/likes', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'unauthorized', message: 'Sign in with your wallet first.' });
  });

  it('signedInAccount in a route without the middleware is a 401, not a crash', async () => {
    const response = await call('/forgot-middleware', { method: 'POST' }, alice.apiKey);
    expect(response.status).toBe(401);
  });

  it('optionalAccount: null without Authorization, the address with it, 401 with a bad one', async () => {
    expect(await (await call('/whoami', {})).json()).toEqual({ address: null });
    expect(await (await call('/whoami', {}, bob.apiKey)).json()).toEqual({ address: bob.account.address });
    const bad = await call('/whoami', {}, { ...bob.apiKey, key: alice.apiKey.key });
    expect(bad.status).toBe(401);
  });

  it('rejectBanned refuses a banned account with the seed message; without it the route still runs', async () => {
    await database.db.update(accounts).set({ isBanned: true }).where(eq(accounts.address, bob.account.address));
    const refused = await call('/likes', { method: 'POST' }, bob.apiKey);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'banned', message: 'This account is banned' });
    const allowed = await call('/notes', { method: 'POST' }, bob.apiKey);
    expect(allowed.status).toBe(200);
  });
});
