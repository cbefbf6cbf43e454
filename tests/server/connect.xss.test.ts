// The editorial pages XSS, the contact form: markup in every text field of POST /api/v1/connect is stored as plain text,
// byte for byte (trimmed), and never echoed: the answer is the JSON { success: true }, refusals name the rule and
// not the input. The server renders contact messages nowhere. Real server and database, PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { VALID_FIELDS, contactForm, solvedToken } from './connectFixtures.js';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(document.cookie)>',
  "javascript:alert('x')",
  '&lt;b&gt;&amp;&#x3C;script&#x3E;',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '{{constructor.constructor(\'alert(1)\')()}}',
];

describe.each(DATABASE_KINDS)('the contact form keeps markup as text on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  const post = (fields: Record<string, string>) => server.app.request('/api/v1/connect', { method: 'POST', body: contactForm(fields) });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db, { ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '60', RATE_LIMIT_CONTACT_BY_CLIENT: '1000/3600' });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it.each(PAYLOADS)('stores %s in the name, typed topic and message as plain text; the answer is JSON with no markup', async (payload) => {
    const response = await post({ ...VALID_FIELDS, category: 'Other', topic: payload, name: payload, message: `Hello ${payload}`, turnstile: await solvedToken(server.app) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('{"success":true}');
    const rows = await database.db.select().from(contactMessages).orderBy(contactMessages.id);
    expect(rows.at(-1)).toMatchObject({ category: 'Other', topic: payload, name: payload, message: `Hello ${payload}` });
  });

  it('a refused field is named by its rule, never echoed back', async () => {
    const before = await database.db.select().from(contactMessages);
    for (const fields of [{ email: '<script>alert(1)</script>@x.org' }, { category: '<img src=x onerror=alert(1)>' }, { topic: '<svg onload=alert(1)>' }]) {
      const response = await post({ ...VALID_FIELDS, ...fields, turnstile: 'x' });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const text = await response.text();
      expect(text).not.toMatch(/<|script|onerror|onload/i);
      expect(JSON.parse(text)).toMatchObject({ error: 'invalid_input' });
    }
    // A forged token full of markup is refused without being echoed either.
    const forged = await post({ ...VALID_FIELDS, turnstile: '<script>alert(1)</script>' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toMatch(/<|script/i);
    expect(await database.db.select().from(contactMessages)).toEqual(before);
  });
});
