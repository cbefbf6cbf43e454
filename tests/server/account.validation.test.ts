import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBanned } from '../../server/auth/requireAccount.js';
import { accounts } from '../../server/db/schema.js';
import { profileEmail } from '../../machines/forms/validators.js';
import { prepareAvatar } from '../../server/accounts/form.js';
import { ALICE, BOB, login, rowCounts, signedRequest, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: 30 } } })
    .toFormat(format)
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

async function animatedGif(width: number, height: number) {
  const frame = (r: number) => sharp({ create: { width, height, channels: 3, background: { r, g: 0, b: 0 } } }).png().toBuffer();
  return new Uint8Array(await sharp([await frame(255), await frame(0)], { join: { animated: true } }).gif().toBuffer());
}

const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes as Uint8Array<ArrayBuffer>], name, { type });

function form(fields: Record<string, string>, ...avatars: File[]) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  for (const avatar of avatars) data.append('avatar', avatar);
  return data;
}

const VALID = { alias: 'Alice', email: 'alice@example.org', avatarChanged: 'true' };

describe('prepareAvatar', () => {
  it('refuses a file over the configured limit before decoding it', async () => {
    const bytes = await image(16, 16, 'png');
    await expect(prepareAvatar(bytes, bytes.byteLength - 1)).rejects.toMatchObject({ status: 413, code: 'too_large' });
    await expect(prepareAvatar(bytes, bytes.byteLength)).resolves.toEqual({ bytes, contentType: 'image/png' });
  });

  it('takes the content type from the bytes and keeps square images byte for byte', async () => {
    for (const format of ['jpeg', 'webp', 'gif'] as const) {
      const bytes = await image(24, 24, format);
      expect(await prepareAvatar(bytes, 1e7)).toEqual({ bytes, contentType: `image/${format}` });
    }
    const square = await animatedGif(20, 20);
    expect(await prepareAvatar(square, 1e7)).toEqual({ bytes: square, contentType: 'image/gif' });
  });

  it('crops a tall still image to its centre square, in the same format', async () => {
    const { bytes, contentType } = await prepareAvatar(await image(30, 70, 'jpeg'), 1e7);
    expect(contentType).toBe('image/jpeg');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 30, 30]);
  });
});

describe.each(DATABASE_KINDS)('PUT /account validation and bans on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: LoginResponse;
  let snapshot: typeof accounts.$inferSelect;
  let counts: Awaited<ReturnType<typeof rowCounts>>;

  const aliceRow = async () => (await database.db.select().from(accounts).where(eq(accounts.address, alice.account.address)))[0]!;
  const put = (body: FormData | string, headers: Record<string, string> = {}) =>
    signedRequest(server, `/account/${alice.account.address}`, { method: 'PUT', body, headers }, alice.apiKey);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    alice = await login(server, ALICE);
    snapshot = await aliceRow();
    counts = await rowCounts(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const png = () => image(32, 32, 'png');
  const cases: [name: string, body: () => Promise<FormData>, status: number, error: string, message: string | RegExp][] = [
    ['invalid email', async () => form({ ...VALID, email: 'alice@' }), 400, 'invalid_input', 'Invalid email'],
    ['email with a space', async () => form({ ...VALID, email: 'alice example.org' }), 400, 'invalid_input', 'Invalid email'],
    ['missing alias', async () => form({ email: VALID.email, avatarChanged: 'false' }), 400, 'invalid_input', 'Required Field'],
    ['blank alias', async () => form({ ...VALID, alias: '   ' }), 400, 'invalid_input', 'Required Field'],
    ['blank email', async () => form({ ...VALID, email: ' ' }), 400, 'invalid_input', 'Required Field'],
    // The first failing field, as the form shows it under the alias.
    ['missing email and alias', async () => form({ avatarChanged: 'false' }), 400, 'invalid_input', 'Required Field'],
    ['alias fine, email a@b.c', async () => form({ ...VALID, email: 'a@b.c' }), 400, 'invalid_input', 'Invalid email'],
    ['alias too long', async () => form({ ...VALID, alias: 'a'.repeat(65) }), 400, 'invalid_input', 'Alias must be at most 64 characters'],
    ['bad avatarChanged', async () => form({ ...VALID, avatarChanged: 'yes' }), 400, 'invalid_input', "avatarChanged must be 'true' or 'false'"],
    ['two avatars', async () => form(VALID, file(await png(), 'a.png', 'image/png'), file(await png(), 'b.png', 'image/png')), 400, 'invalid_input', 'Send one avatar image.'],
    ['text called .png', async () => form(VALID, file(new TextEncoder().encode('not an image'), 'a.png', 'image/png')), 415, 'invalid_image', /must be a PNG, JPEG, WebP or GIF image/],
    [
      'an SVG',
      async () => form(VALID, file(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'), 'a.svg', 'image/svg+xml')),
      415,
      'invalid_image',
      /must be a PNG, JPEG, WebP or GIF image/,
    ],
    ['a truncated PNG', async () => form(VALID, file((await png()).slice(0, 120), 'a.png', 'image/png')), 415, 'invalid_image', /must be a PNG/],
    ['an empty file', async () => form(VALID, file(new Uint8Array(0), 'a.png', 'image/png')), 400, 'empty_file', 'The avatar file is empty.'],
    ['a non-square animation', async () => form(VALID, file(await animatedGif(30, 20), 'a.gif', 'image/gif')), 400, 'not_square', 'An animated avatar must be square.'],
    ['an avatar over 10 MB', async () => form(VALID, file(new Uint8Array(10_485_761), 'big.png', 'image/png')), 413, 'too_large', 'The avatar is larger than the 10 MB limit.'],
    ['a request body far over 10 MB', async () => form(VALID, file(new Uint8Array(11_000_000), 'big.png', 'image/png')), 413, 'too_large', 'The request is larger than the 10 MB limit.'],
  ];

  it.each(cases)('%s is refused and nothing is written', async (_name, body, status, error, message) => {
    const response = await put(await body());
    expect(response.status).toBe(status);
    const json = (await response.json()) as { error: string; message: string };
    expect(json.error).toBe(error);
    if (typeof message === 'string') expect(json.message).toBe(message);
    else expect(json.message).toMatch(message);
    expect(await aliceRow()).toEqual(snapshot);
    expect(await rowCounts(database.db)).toEqual(counts);
  });

  it('a JSON body instead of multipart: 415', async () => {
    const response = await put(JSON.stringify({ alias: 'A', email: 'a@b.co' }), { 'Content-Type': 'application/json' });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'unsupported_media_type' });
    expect(await aliceRow()).toEqual(snapshot);
  });

  it('unknown account: 404, and the id must be an address or number', async () => {
    const missing = await signedRequest(server, '/account/999999', { method: 'PUT', body: form(VALID) }, alice.apiKey);
    expect(missing.status).toBe(404);
    const invalid = await signedRequest(server, '/account/alice', { method: 'PUT', body: form(VALID) }, alice.apiKey);
    expect(invalid.status).toBe(400);
  });

  // One rule (domain/profile.ts) on both sides: the route answers every email exactly as the form's validator does.
  it('email: the route accepts and refuses the same addresses as the profile form, with its message', async () => {
    const emails = [
      'a@b.c', 'a@b.co', 'ada@example', 'ada@localhost', 'ada@[127.0.0.1]', 'josé@example.com', 'a da@example.com',
      'a..b@example.com', '.ada@example.com', 'ada@exa_mple.com', 'ada@@example.com', '', '   ',
      'ada@example.com', ' ada.lovelace+art@example.co.uk ', "o'brien@example.ie", `${'a'.repeat(242)}@example.com`, `${'a'.repeat(243)}@example.com`,
    ];
    for (const email of emails) {
      const expected = profileEmail(email, {});
      const response = await put(form({ alias: 'Alice', email, avatarChanged: 'false' }));
      const answer = response.status === 200 ? null : ((await response.json()) as { message: string }).message;
      expect({ email, status: response.status, answer }).toEqual({ email, status: expected === null ? 200 : 400, answer: expected });
      if (expected === null) expect((await aliceRow()).email).toBe(email.trim());
    }
    expect(profileEmail('a@b.c', {})).toBe('Invalid email');
  });

  it('GET /account/banned/:id and isBanned follow the is_banned column; a banned account cannot edit', async () => {
    const banned = async (id: string) => {
      const response = await server.app.request(`/api/v1/account/banned/${id}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { banned: boolean }).banned;
    };
    expect(await banned(ALICE.address)).toBe(false);
    expect(await banned(BOB.address)).toBe(false); // never logged in: no account, not banned
    expect(await isBanned(database.db, ALICE.address)).toBe(false);

    await database.db.update(accounts).set({ isBanned: true }).where(eq(accounts.address, alice.account.address));
    expect(await banned(ALICE.address)).toBe(true);
    expect(await banned(alice.account.id)).toBe(true);
    expect(await isBanned(database.db, ALICE.address)).toBe(true);
    const account = await server.app.request(`/api/v1/account/${alice.account.address}`);
    expect(await account.json()).toMatchObject({ isBanned: true });

    const before = await aliceRow();
    const response = await put(form({ alias: 'Changed', email: 'c@example.org', avatarChanged: 'false' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'banned', message: 'This account is banned' });
    expect(await aliceRow()).toEqual(before);

    const invalid = await server.app.request('/api/v1/account/banned/nope');
    expect(invalid.status).toBe(400);
  });
});
