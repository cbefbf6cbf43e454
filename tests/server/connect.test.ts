// The editorial pages contact write: POST /api/v1/connect with the self-hosted ALTCHA human check (the demo's), on the real
// server and database, PGlite and PostgreSQL. The tokens are solved as a browser solves them: altcha-lib's solver,
// and once the altcha v3 widget's own worker script at the default difficulty.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseAnswer } from '../../domain/contracts/answers.js';
import { contactMessages } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { VALID_FIELDS, contactForm, fetchChallenge, solveWithLib, solveWithWidgetWorker, solvedToken, widgetPayload } from './connectFixtures.js';

// Quick challenges for the tests (the defaults are timed for a browser); a fixed secret so two servers share it.
const FAST_ALTCHA = { ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '60', ALTCHA_HMAC_SECRET: 'contact-tests-secret-0123456789', RATE_LIMIT_CONTACT_BY_CLIENT: '1000/3600' };

type Server = Awaited<ReturnType<typeof buildTestServer>>;

describe.each(DATABASE_KINDS)('POST /api/v1/connect with ALTCHA on %s', (kind) => {
  let database: TestDatabase;
  let server: Server;
  const post = (fields: Record<string, string | undefined>, app = server.app, headers: Record<string, string> = {}) =>
    app.request('/api/v1/connect', { method: 'POST', body: contactForm(fields), headers });
  const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });
  const stored = () => database.db.select().from(contactMessages).orderBy(contactMessages.id);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db, FAST_ALTCHA);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('serves the contract: provider altcha in the config, no Turnstile site key (404), a signed challenge (no-store)', async () => {
    const config = (await (await server.app.request('/api/v1/config')).json()) as { humanCheck: unknown };
    expect(config.humanCheck).toEqual({ provider: 'altcha' });
    expect(await answer(await server.app.request('/api/v1/connect/turnstile-site-key'))).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'This server checks contact messages with its own challenge: it has no Turnstile site key.' },
    });
    const before = Date.now() / 1000;
    const challenge = await fetchChallenge(server.app);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1, keyLength: 32, nonce: expect.stringMatching(/^[0-9a-f]{32}$/), salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // Ten minutes to solve and send.
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(Math.floor(before) + 600);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetchChallenge(server.app)).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('stores exactly the trimmed fields after a solved challenge: 200 { success: true }, one row', async () => {
    const before = (await stored()).length;
    const response = await post({
      category: '  Artist Support ', topic: ' Exhibitions', name: '  Grace Hopper  ', email: ' grace@example.org ', message: '\n  I would like to show a series.  \n', turnstile: ` ${await solvedToken(server.app)} `,
    });
    const sent = await answer(response);
    expect(sent).toEqual({ status: 200, body: { success: true } });
    expect(parseAnswer('contactSent', sent.body)).toEqual({ ok: true, answer: { success: true } });
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ category: 'Artist Support', topic: 'Exhibitions', name: 'Grace Hopper', email: 'grace@example.org', message: 'I would like to show a series.' });
    expect(rows.at(-1)!.createdAt).toBeInstanceOf(Date);
  });

  it('the altcha v3 widget\'s own worker solves a challenge at the default difficulty, and the server accepts it', { timeout: 60_000 }, async () => {
    const defaults = await buildTestServer(database.db, { RATE_LIMIT_CONTACT_BY_CLIENT: '1000/3600' });
    const challenge = await fetchChallenge(defaults.app);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000 });
    const started = performance.now();
    const solution = await solveWithWidgetWorker(challenge);
    console.info(`default ALTCHA challenge solved by one widget worker in ${Math.round(performance.now() - started)} ms (counter ${solution.counter})`);
    expect(solution.counter).toBeGreaterThanOrEqual(1000);
    expect(solution.counter).toBeLessThanOrEqual(2000);
    expect(await answer(await post({ ...VALID_FIELDS, turnstile: widgetPayload(challenge, solution) }, defaults.app))).toEqual({ status: 200, body: { success: true } });
  });

  it.each([
    ['no category', { category: undefined }, 'Choose a category'],
    ['an unknown category', { category: 'Press' }, 'Choose a category'],
    ['no topic', { topic: '  ' }, 'Choose a topic'],
    ['a topic of another category', { topic: 'Suggest a Feature' }, 'Choose a topic'],
    ['"Add topic" under Other, not a typed topic', { category: 'Other', topic: 'Add topic' }, 'Choose a topic'],
    ['a typed topic over 100 characters', { category: 'Other', topic: 't'.repeat(101) }, 'Maximum 100 characters'],
    ['an empty name', { name: '   ' }, 'Required Field'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'Maximum 100 characters'],
    ['no email', { email: '' }, 'Required Field'],
    ['an email that is not one', { email: 'ada@localhost' }, 'Enter a valid email address'],
    ['an empty message', { message: ' \n ' }, 'Required Field'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, 'Maximum 5000 characters'],
  ])('refuses %s with 400 and the domain\'s message, storing nothing (the token stays usable)', async (_, change, message) => {
    const token = await solvedToken(server.app);
    const before = await stored();
    expect(await answer(await post({ ...VALID_FIELDS, ...change, turnstile: token }))).toEqual({ status: 400, body: { error: 'invalid_input', message } });
    expect(await stored()).toEqual(before);
    expect((await post({ ...VALID_FIELDS, turnstile: token })).status).toBe(200);
  });

  it('a text the database cannot store (a NUL character) is a 400 that stores nothing and leaves the token usable', async () => {
    const token = await solvedToken(server.app);
    const before = await stored();
    expect(await answer(await post({ ...VALID_FIELDS, message: 'a\u0000b', turnstile: token }))).toEqual({
      status: 400, body: { error: 'invalid_input', message: 'A value in the request cannot be stored or compared: text with a NUL character, or a number out of range.' },
    });
    expect(await stored()).toEqual(before);
    expect((await post({ ...VALID_FIELDS, turnstile: token })).status).toBe(200);
  });

  it('accepts "Other" with a typed topic, stored as typed (trimmed)', async () => {
    expect((await post({ ...VALID_FIELDS, category: 'Other', topic: '  Press enquiry  ', turnstile: await solvedToken(server.app) })).status).toBe(200);
    expect((await stored()).at(-1)).toMatchObject({ category: 'Other', topic: 'Press enquiry' });
  });

  it('refuses a missing, empty, forged or tampered token with 403 human_check_failed, storing nothing', async () => {
    const challenge = await fetchChallenge(server.app);
    const good = JSON.parse(Buffer.from(await solveWithLib(challenge), 'base64').toString()) as { challenge: { parameters: Record<string, unknown>; signature: string }; solution: { counter: number; derivedKey: string } };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const failed = { error: 'human_check_failed', message: 'The human check could not be verified. Complete it again.' };
    const cases: Array<[string | undefined, object]> = [
      [undefined, { error: 'human_check_failed', message: 'Complete the human check' }],
      ['   ', { error: 'human_check_failed', message: 'Complete the human check' }],
      ['x'.repeat(10_001), { error: 'human_check_failed', message: 'Complete the human check' }],
      ['not base64 at all!', failed],
      [encode({ challenge: null, solution: null, test: true }), failed], // the widget's test mode
      [encode({ ...good, solution: { ...good.solution, derivedKey: 'ab'.repeat(32) } }), failed],
      [encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } } }), failed],
      [encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, expiresAt: 4_102_444_800 } } }), failed],
      [encode({ ...good, challenge: { ...good.challenge, signature: 'ff'.repeat(32) } }), failed],
      [encode({ challenge: { parameters: good.challenge.parameters }, solution: good.solution }), failed],
    ];
    const before = await stored();
    for (const [turnstile, body] of cases) expect(await answer(await post({ ...VALID_FIELDS, turnstile }))).toEqual({ status: 403, body });
    expect(await stored()).toEqual(before);
  });

  it('refuses a challenge signed by another server (a random secret per process when ALTCHA_HMAC_SECRET is unset)', async () => {
    const other = await buildTestServer(database.db, { ...FAST_ALTCHA, ALTCHA_HMAC_SECRET: '' });
    const before = await stored();
    expect(await answer(await post({ ...VALID_FIELDS, turnstile: await solvedToken(other.app) }))).toEqual({
      status: 403, body: { error: 'human_check_failed', message: 'The human check could not be verified. Complete it again.' },
    });
    expect(await stored()).toEqual(before);
  });

  it('accepts a solved challenge once: a replay is refused, also by another server process on the same database', async () => {
    const token = await solvedToken(server.app);
    const twin = await buildTestServer(database.db, FAST_ALTCHA);
    expect((await post({ ...VALID_FIELDS, turnstile: token })).status).toBe(200);
    const before = await stored();
    const used = { status: 403, body: { error: 'human_check_failed', message: 'This human check was already used. Complete it again.' } };
    expect(await answer(await post({ ...VALID_FIELDS, message: 'Again', turnstile: token }))).toEqual(used);
    expect(await answer(await post({ ...VALID_FIELDS, message: 'Again', turnstile: token }, twin.app))).toEqual(used);
    expect(await stored()).toEqual(before);
    // Sent twice at once: one stored.
    const racing = await solvedToken(server.app);
    const statuses = (await Promise.all([post({ ...VALID_FIELDS, turnstile: racing }), post({ ...VALID_FIELDS, turnstile: racing }, twin.app)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 403]);
    expect(await stored()).toHaveLength(before.length + 1);
  });

  it('refuses a challenge solved after its ten minutes with 403, storing nothing', async () => {
    const token = await solvedToken(server.app);
    const before = await stored();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 601_000);
      expect(await answer(await post({ ...VALID_FIELDS, turnstile: token }))).toEqual({
        status: 403, body: { error: 'human_check_failed', message: 'The human check has expired. Complete it again.' },
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await stored()).toEqual(before);
  });

  it('limits messages per client (429 with Retry-After, nothing stored), other clients unaffected', async () => {
    const limited = await buildTestServer(database.db, { ...FAST_ALTCHA, RATE_LIMIT_CONTACT_BY_CLIENT: '2/3600', TRUST_PROXY: '1' });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    for (let i = 0; i < 2; i += 1) expect((await post({ ...VALID_FIELDS, turnstile: await solvedToken(limited.app) }, limited.app, from('203.0.113.7'))).status).toBe(200);
    const before = await stored();
    const token = await solvedToken(limited.app);
    const refused = await post({ ...VALID_FIELDS, turnstile: token }, limited.app, from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
    expect(await stored()).toEqual(before);
    // The refused request did not use the token up: another client may still send with it.
    expect((await post({ ...VALID_FIELDS, turnstile: token }, limited.app, from('198.51.100.2'))).status).toBe(200);
  });

  it('takes multipart only (415) and bodies up to 64 KB (413), storing nothing', async () => {
    const before = await stored();
    const json = await server.app.request('/api/v1/connect', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(VALID_FIELDS) });
    expect(json.status).toBe(415);
    const big = await post({ ...VALID_FIELDS, message: 'm'.repeat(70_000), turnstile: 'x' });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'too_large' });
    expect(await stored()).toEqual(before);
  });
});
