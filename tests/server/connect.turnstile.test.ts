// The editorial pages contact write with Cloudflare Turnstile (production mode: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY
// set), against a local fake of siteverify on an ephemeral port (TURNSTILE_VERIFY_URL): what the server sends it,
// and what each of its answers does. Real server and database, PGlite and PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAnswer } from '../../domain/contracts/answers.js';
import { contactMessages } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { VALID_FIELDS, contactForm, startFakeSiteverify } from './connectFixtures.js';

const SITE_KEY = '1x00000000000000000000AA';
const SECRET = '1x0000000000000000000000000000000AA';

describe.each(DATABASE_KINDS)('POST /api/v1/connect with Turnstile on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
  const post = (fields: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
    server.app.request('/api/v1/connect', { method: 'POST', body: contactForm(fields), headers });
  const answer = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });
  const stored = () => database.db.select().from(contactMessages).orderBy(contactMessages.id);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    siteverify = await startFakeSiteverify();
    server = await buildTestServer(database.db, {
      TURNSTILE_SITE_KEY: SITE_KEY, TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: siteverify.url, TRUST_PROXY: '1', RATE_LIMIT_CONTACT_BY_CLIENT: '1000/3600',
    });
  }, 120_000);
  beforeEach(() => {
    siteverify.received.length = 0;
    siteverify.answer('success');
  });
  afterAll(async () => {
    await siteverify?.close();
    await database?.close();
  });

  it('serves the contract: provider turnstile in the config, the site key, no ALTCHA challenge (404)', async () => {
    const config = (await (await server.app.request('/api/v1/config')).json()) as { humanCheck: unknown };
    expect(config.humanCheck).toEqual({ provider: 'turnstile' });
    const siteKey = await answer(await server.app.request('/api/v1/connect/turnstile-site-key'));
    expect(siteKey).toEqual({ status: 200, body: { siteKey: SITE_KEY } });
    expect(parseAnswer('turnstileSiteKey', siteKey.body)).toEqual({ ok: true, answer: { siteKey: SITE_KEY } });
    expect(await answer(await server.app.request('/api/v1/connect/challenge'))).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'This server checks contact messages with Turnstile: it serves no challenge.' },
    });
    // The secret never leaves the server.
    expect(JSON.stringify(config)).not.toContain(SECRET);
  });

  it('verifies the token with siteverify (secret, response, the client\'s address) and stores the trimmed message', async () => {
    const response = await post({ ...VALID_FIELDS, name: '  Ada  ', turnstile: ' XXXX.DUMMY.TOKEN.XXXX ' }, { 'X-Forwarded-For': '198.51.100.66, 203.0.113.9' });
    expect(await answer(response)).toEqual({ status: 200, body: { success: true } });
    expect(siteverify.received).toEqual([
      { method: 'POST', contentType: 'application/x-www-form-urlencoded;charset=UTF-8', secret: SECRET, response: 'XXXX.DUMMY.TOKEN.XXXX', remoteip: '203.0.113.9' },
    ]);
    expect((await stored()).at(-1)).toMatchObject({ ...VALID_FIELDS, name: 'Ada' });
  });

  it('refuses the message with 403 when siteverify says success false, storing nothing', async () => {
    siteverify.answer('failure');
    const before = await stored();
    expect(await answer(await post({ ...VALID_FIELDS, turnstile: 'forged-token' }))).toEqual({
      status: 403, body: { error: 'human_check_failed', message: 'The human check could not be verified. Complete it again.' },
    });
    expect(siteverify.received.map((body) => body.response)).toEqual(['forged-token']);
    expect(await stored()).toEqual(before);
  });

  it('answers 503 and stores nothing when siteverify fails (500)', async () => {
    siteverify.answer('error');
    const before = await stored();
    expect(await answer(await post({ ...VALID_FIELDS, turnstile: 'some-token' }))).toEqual({
      status: 503, body: { error: 'human_check_unavailable', message: 'The human check cannot be verified right now. Please try again later.' },
    });
    expect(siteverify.received).toHaveLength(1);
    expect(await stored()).toEqual(before);
  });

  it('answers 503 and stores nothing when siteverify cannot be reached', async () => {
    const unreachable = await buildTestServer(database.db, {
      TURNSTILE_SITE_KEY: SITE_KEY, TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify', RATE_LIMIT_CONTACT_BY_CLIENT: '1000/3600',
    });
    const before = await stored();
    const response = await unreachable.app.request('/api/v1/connect', { method: 'POST', body: contactForm({ ...VALID_FIELDS, turnstile: 'some-token' }) });
    expect(response.status).toBe(503);
    expect(await stored()).toEqual(before);
  });

  it('a missing token is refused with 403 before siteverify is asked; a bad field with 400', async () => {
    const before = await stored();
    expect(await answer(await post({ ...VALID_FIELDS }))).toEqual({ status: 403, body: { error: 'human_check_failed', message: 'Complete the human check' } });
    expect(await answer(await post({ ...VALID_FIELDS, email: 'nope', turnstile: 'token' }))).toEqual({ status: 400, body: { error: 'invalid_input', message: 'Enter a valid email address' } });
    expect(siteverify.received).toEqual([]);
    expect(await stored()).toEqual(before);
  });

  it('only one of the two keys set leaves the server on ALTCHA', async () => {
    const half = await buildTestServer(database.db, { TURNSTILE_SITE_KEY: SITE_KEY });
    expect(((await (await half.app.request('/api/v1/config')).json()) as { humanCheck: unknown }).humanCheck).toEqual({ provider: 'altcha' });
    expect((await half.app.request('/api/v1/connect/turnstile-site-key')).status).toBe(404);
  });
});
