import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../server/db/schema.js';
import { authorizationHeader, type ApiKeyCredentials } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { ALICE, BOB, CAROL, login, rowCounts, signedRequest, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const png = async (width: number, height: number) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer());

function profileForm(fields: Record<string, string>, avatar?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (avatar) form.set('avatar', new File([avatar.bytes as Uint8Array<ArrayBuffer>], avatar.name, { type: avatar.type }));
  return form;
}

describe.each(DATABASE_KINDS)('account routes on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: LoginResponse;
  let bob: LoginResponse;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    alice = await login(server, ALICE);
    bob = await login(server, BOB);
  });
  afterAll(async () => {
    await database?.close();
  });

  const aliceRow = async () => (await database.db.select().from(accounts).where(eq(accounts.address, alice.account.address)))[0]!;
  const put = (form: FormData, key: ApiKeyCredentials = alice.apiKey, id = alice.account.address) =>
    signedRequest(server, `/account/${id}`, { method: 'PUT', body: form }, key);
  const errorOf = async (response: Response) => (await response.json()) as { error: string; message: string };

  it('the owner saves alias, email and a square PNG avatar; the avatar URL serves the image', async () => {
    const avatar = await png(64, 64);
    const response = await put(profileForm({ alias: ' Alice ', email: 'alice@example.org', avatarChanged: 'true' }, { bytes: avatar, name: 'me.png', type: 'image/png' }));
    expect(response.status).toBe(200);
    const account = (await response.json()) as LoginResponse['account'];
    expect(account).toMatchObject({ address: alice.account.address, alias: 'Alice', email: 'alice@example.org' });
    expect(account.avatar).toMatch(/^\/ipfs\/b[a-z2-7]+$/);
    const image = await server.app.request(account.avatar!);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(avatar);
    expect(await aliceRow()).toMatchObject({ alias: 'Alice', email: 'alice@example.org', avatar: account.avatar!.slice('/ipfs/'.length) });
  });

  it('avatarChanged false keeps the avatar; a non-square image is centre-cropped to a square', async () => {
    const kept = (await aliceRow()).avatar;
    const keep = await put(profileForm({ alias: 'Alice', email: 'alice@example.org', avatarChanged: 'false' }));
    expect(keep.status).toBe(200);
    expect((await aliceRow()).avatar).toBe(kept);

    const wide = await put(profileForm({ alias: 'Alice', email: 'alice@example.org', avatarChanged: 'true' }, { bytes: await png(90, 40), name: 'wide.png', type: 'image/png' }));
    expect(wide.status).toBe(200);
    const { avatar } = (await wide.json()) as { avatar: string };
    const stored = await server.app.request(avatar);
    const meta = await sharp(new Uint8Array(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 40]);
  });

  it('avatarChanged true without a file removes the avatar', async () => {
    const response = await put(profileForm({ alias: 'Alice', email: 'alice@example.org', avatarChanged: 'true' }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { avatar: unknown }).avatar).toBeNull();
    expect((await aliceRow()).avatar).toBeNull();
  });

  it('GET /account/:id shows the email only to the account itself', async () => {
    const own = await signedRequest(server, `/account/${alice.account.address}`, {}, alice.apiKey);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: alice.account.id, alias: 'Alice', email: 'alice@example.org', isCreator: false });

    for (const response of [
      await signedRequest(server, `/account/${alice.account.address}`, {}, bob.apiKey),
      await server.app.request(`/api/v1/account/${ALICE.address}`), // checksummed address, no key
      await server.app.request(`/api/v1/account/${alice.account.id}`), // numeric id
    ]) {
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ id: alice.account.id, address: alice.account.address, alias: 'Alice' });
      expect(Object.keys(body).sort()).toEqual(
        ['address', 'alias', 'avatar', 'bio', 'createdAt', 'firstName', 'id', 'instagram', 'isBanned', 'isCreator', 'lastName', 'twitter', 'web'],
      );
    }
    const unknown = await server.app.request(`/api/v1/account/0x${'ab'.repeat(20)}`);
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatchObject({ error: 'not_found' });
    const invalid = await server.app.request('/api/v1/account/bob');
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toMatchObject({ error: 'invalid_id' });
  });

  describe('refused edits write nothing', () => {
    const validFields = { alias: 'Mallory', email: 'mallory@example.org', avatarChanged: 'true' };
    let snapshot: Awaited<ReturnType<typeof aliceRow>>;
    let counts: Awaited<ReturnType<typeof rowCounts>>;

    const expectUnchanged = async () => {
      expect(await aliceRow()).toEqual(snapshot);
      expect(await rowCounts(database.db)).toEqual(counts);
    };
    const withAvatar = async () => profileForm(validFields, { bytes: await png(32, 32), name: 'x.png', type: 'image/png' });

    beforeAll(async () => {
      snapshot = await aliceRow();
      counts = await rowCounts(database.db);
    });

    it("another account's key: 403", async () => {
      const response = await put(await withAvatar(), bob.apiKey);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({ error: 'forbidden', message: 'You can only edit your own account.' });
      await expectUnchanged();
    });

    it('no key: 401', async () => {
      const response = await server.app.request(`/api/v1/account/${alice.account.address}`, { method: 'PUT', body: await withAvatar() });
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({ error: 'unauthorized' });
      await expectUnchanged();
    });

    it('a wrong or malformed key: 401', async () => {
      const wrong = await put(await withAvatar(), { address: alice.apiKey.address, key: bob.apiKey.key });
      expect(wrong.status).toBe(401);
      expect(await errorOf(wrong)).toMatchObject({ error: 'invalid_api_key' });
      const malformed = await server.app.request(`/api/v1/account/${alice.account.address}`, {
        method: 'PUT',
        body: await withAvatar(),
        headers: { Authorization: `Basic ${alice.apiKey.key}`, Nonce: requestNonce() },
      });
      expect(malformed.status).toBe(401);
      expect(await errorOf(malformed)).toMatchObject({ error: 'invalid_authorization' });
      await expectUnchanged();
    });

    it('an expired key: 401', async () => {
      const carol = await login(server, CAROL);
      await database.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where address = ${carol.apiKey.address}`);
      const response = await signedRequest(server, `/account/${carol.account.address}`, { method: 'PUT', body: await withAvatar() }, carol.apiKey);
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toEqual({ error: 'api_key_expired', message: 'The API key has expired. Sign in again.' });
      counts = await rowCounts(database.db); // Carol's login added an account and a key
      await expectUnchanged();
    });

    it('a reused request Nonce: 401', async () => {
      const headers = { Authorization: authorizationHeader(alice.apiKey), Nonce: requestNonce() };
      // A GET with the owner's key records its nonce; the same nonce on the PUT is a replay.
      expect((await server.app.request(`/api/v1/account/${alice.account.address}`, { headers })).status).toBe(200);
      const reused = await server.app.request(`/api/v1/account/${alice.account.address}`, { method: 'PUT', body: await withAvatar(), headers });
      expect(reused.status).toBe(401);
      expect(await errorOf(reused)).toEqual({ error: 'reused_nonce', message: 'The request nonce was already used.' });
      await expectUnchanged();
    });

    it.each([
      ['stale (6 minutes old)', () => `${Date.now() - 6 * 60_000}-0123456789abcdef`, 'stale_nonce'],
      ['from the future', () => `${Date.now() + 10 * 60_000}-0123456789abcdef`, 'invalid_nonce'],
      ['malformed', () => 'hello', 'invalid_nonce'],
      ['missing', () => '', 'missing_nonce'],
    ])('a %s request Nonce: 401', async (_name, nonce, code) => {
      const value = nonce();
      const response = await server.app.request(`/api/v1/account/${alice.account.address}`, {
        method: 'PUT',
        body: await withAvatar(),
        headers: { Authorization: authorizationHeader(alice.apiKey), ...(value ? { Nonce: value } : {}) },
      });
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({ error: code });
      await expectUnchanged();
    });
  });
});
