import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../server/auth/apiKeys.js';
import { consumeLoginNonce } from '../../server/auth/nonces.js';
import { apiKeys, authNonces } from '../../server/db/schema.js';
import { ALICE, BOB, CAROL, getNonce, login, loginBody, postLogin, rowCounts, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('SIWE login on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const nonceRow = async (nonce: string) => (await database.db.select().from(authNonces).where(eq(authNonces.nonce, nonce)))[0];

  it('GET /account/nonce issues a stored, unused, 10-minute alphanumeric nonce', async () => {
    const before = Date.now();
    const response = await server.app.request('/api/v1/account/nonce');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const { nonce, expiresAt } = (await response.json()) as { nonce: string; expiresAt: string };
    expect(nonce).toMatch(/^[a-zA-Z0-9]{16,}$/);
    const expires = Date.parse(expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    const row = await nonceRow(nonce);
    expect(row).toMatchObject({ nonce, usedAt: null });
    expect(row!.expiresAt.getTime()).toBe(expires);
    expect((await getNonce(server)).nonce).not.toBe(nonce);
  });

  it('issuing a nonce prunes expired ones (login and request nonces), keeping live ones', async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await database.db.insert(authNonces).values([
      { nonce: 'prunemeexpired0001', expiresAt: past },
      { nonce: 'r:0xabc:1-expiredrequest', address: '0xabc', expiresAt: past, usedAt: past },
      { nonce: 'keepmelive00000001', expiresAt: future },
    ]);
    await getNonce(server);
    expect(await nonceRow('prunemeexpired0001')).toBeUndefined();
    expect(await nonceRow('r:0xabc:1-expiredrequest')).toBeUndefined();
    expect(await nonceRow('keepmelive00000001')).toBeDefined();
  });

  it('a request nonce can never be spent as a login nonce', async () => {
    await database.db.insert(authNonces).values({ nonce: 'r:0xabc:1-livereq', expiresAt: new Date(Date.now() + 60_000) });
    expect(await consumeLoginNonce(database.db, 'r:0xabc:1-livereq', '0xabc')).toBe('unknown');
    expect((await nonceRow('r:0xabc:1-livereq'))!.usedAt).toBeNull();
  });

  it('a signed message logs in: account created with the short checksummed address as alias, hashed key, nonce consumed', async () => {
    const before = await rowCounts(database.db);
    const body = await loginBody(server, ALICE);
    const response = await postLogin(server, body);
    expect(response.status).toBe(200);
    const result = (await response.json()) as LoginResponse;
    const address = ALICE.address.toLowerCase();
    expect(result.account).toMatchObject({
      address,
      alias: '0x70...79C8',
      avatar: null,
      email: null,
      isCreator: false,
      isBanned: false,
      firstName: null,
    });
    expect(result.account.id).toMatch(/^\d+$/);
    expect(result.apiKey.address).toBe(address);
    expect(result.apiKey.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.apiKey.expires).toBe(body.apiKey.expires);
    expect(await rowCounts(database.db)).toMatchObject({ accounts: before.accounts + 1, apiKeys: before.apiKeys + 1 });

    const [stored] = await database.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hashApiKey(result.apiKey.key)));
    expect(stored).toMatchObject({ address });
    expect(stored!.keyHash).not.toContain(result.apiKey.key);
    expect(stored!.expiresAt.getTime()).toBe(body.apiKey.expires);

    const nonce = /Nonce: (\w+)/.exec(body.message)![1]!;
    expect((await nonceRow(nonce))!.usedAt).toBeInstanceOf(Date);
  });

  it('a second login reuses the account, issues another key, and keeps the alias the user chose', async () => {
    const first = await login(server, BOB, { apiKey: { alias: 'bobby' } });
    expect(first.account.alias).toBe('bobby');
    const before = await rowCounts(database.db);
    const second = await login(server, BOB, { accountId: first.account.id, apiKey: { alias: 'other' } });
    expect(second.account.id).toBe(first.account.id);
    expect(second.account.alias).toBe('bobby');
    expect(second.apiKey.key).not.toBe(first.apiKey.key);
    expect(await rowCounts(database.db)).toMatchObject({ accounts: before.accounts, apiKeys: before.apiKeys + 1 });
  });

  it('caps the key at 24 hours and accepts an ISO expiry', async () => {
    const result = await login(server, ALICE, { apiKey: { expires: new Date(Date.now() + 72 * HOUR).toISOString() } });
    expect(result.apiKey.expires).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect(result.apiKey.expires).toBeGreaterThan(Date.now() + 23 * HOUR);
  });

  describe('every failure is a 401 with a clear message and writes nothing', () => {
    type Case = [name: string, build: () => Promise<unknown>, code: string, message: RegExp];
    const cases: Case[] = [
      ['unknown nonce', () => loginBody(server, CAROL, { nonce: 'abcdef0123456789abcdef0123456789' }), 'unknown_nonce', /nonce is unknown/],
      [
        'expired nonce',
        async () => {
          const { nonce } = await getNonce(server);
          await database.db.update(authNonces).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authNonces.nonce, nonce));
          return loginBody(server, CAROL, { nonce });
        },
        'nonce_expired',
        /nonce has expired/,
      ],
      ['wrong domain', () => loginBody(server, CAROL, { message: { domain: 'evil.example' } }), 'wrong_domain', /is for evil\.example, not this site/],
      [
        'expired message',
        () => loginBody(server, CAROL, { message: { issuedAt: new Date(Date.now() - 2 * HOUR), expirationTime: new Date(Date.now() - HOUR) } }),
        'message_expired',
        /login message has expired/,
      ],
      ['message not valid yet', () => loginBody(server, CAROL, { message: { notBefore: new Date(Date.now() + HOUR) } }), 'message_not_yet_valid', /not valid yet/],
      ['wrong signer', () => loginBody(server, CAROL, { signer: BOB }), 'bad_signature', /signature does not match/],
      ['malformed signature', () => loginBody(server, CAROL, { signature: '0x1234' }), 'bad_signature', /signature does not match/],
      ['wrong chain id', () => loginBody(server, CAROL, { message: { chainId: 1 } }), 'wrong_chain', /Chain 1 is not supported/],
      ['apiKey for another address', () => loginBody(server, CAROL, { apiKey: { address: BOB.address } }), 'address_mismatch', /apiKey\.address/],
      ['accountId of another account', () => loginBody(server, CAROL, { accountId: ALICE.address }), 'account_mismatch', /accountId/],
      ['not a SIWE message', async () => ({ ...(await loginBody(server, CAROL)), message: 'hello' }), 'invalid_message', /not a valid sign-in message/],
    ];

    it.each(cases)('%s', async (_name, build, code, message) => {
      const body = (await build()) as { message: string };
      const before = await rowCounts(database.db);
      const response = await postLogin(server, body);
      expect(response.status).toBe(401);
      const error = (await response.json()) as { error: string; message: string };
      expect(error.error).toBe(code);
      expect(error.message).toMatch(message);
      expect(await rowCounts(database.db)).toEqual(before);
      // The server nonce stays unconsumed: a failed login spends nothing.
      const nonce = /Nonce: (\w+)/.exec(body.message)?.[1];
      const row = nonce ? await nonceRow(nonce) : undefined;
      if (row) expect(row.usedAt).toBeNull();
    });

    it('replayed nonce: "Login message was already used"', async () => {
      const body = await loginBody(server, CAROL);
      expect((await postLogin(server, body)).status).toBe(200);
      const before = await rowCounts(database.db);
      const replay = await postLogin(server, body);
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ error: 'nonce_used', message: 'Login message was already used' });
      expect(await rowCounts(database.db)).toEqual(before);
    });
  });

  it('two logins racing with one nonce: exactly one wins', async () => {
    const body = await loginBody(server, ALICE);
    const before = await rowCounts(database.db);
    const statuses = (await Promise.all([postLogin(server, body), postLogin(server, body)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    expect((await rowCounts(database.db)).apiKeys).toBe(before.apiKeys + 1);
  });

  it('malformed input is a 400 and writes nothing', async () => {
    const before = await rowCounts(database.db);
    const valid = await loginBody(server, ALICE);
    const bad = [
      '{not json',
      { ...valid, signature: undefined },
      { ...valid, apiKey: { ...valid.apiKey, address: 'nope' } },
      { ...valid, apiKey: { ...valid.apiKey, expires: Date.now() - 1000 } },
    ];
    for (const body of bad) {
      const response = await postLogin(server, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^invalid_/), message: expect.any(String) });
    }
    expect(await rowCounts(database.db)).toEqual(before);
    // The nonce of the valid body was never spent, so it still logs in.
    expect((await postLogin(server, valid)).status).toBe(200);
  });
});
