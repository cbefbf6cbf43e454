// Fuzz entries of the contact routes (the editorial pages): the Turnstile site key and the ALTCHA challenge (GET), and POST
// /api/v1/connect with random multipart bodies — the seed's categories and topics mixed with junk, markup, overlong
// and NUL-laden texts, and human-check tokens that are junk, the widget's test payload or well-formed forgeries.
// None carries a solved challenge, so every request must be refused (4xx) and store nothing.
import fc from 'fast-check';
import { CONTACT_TOPICS } from '../../../domain/contact.js';
import type { FuzzRoute } from './routes.js';

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const XSS = '<img src=x onerror=alert(1)><script>alert(1)</script>';
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
/** Shaped like the widget's payload, with a signature and key nobody signed. */
const forgedPayload = fc
  .record({ nonce: hex(32), salt: hex(32), signature: hex(64), derivedKey: hex(64), counter: fc.oneof(fc.nat(), fc.constantFrom(-1, 2 ** 32, 1.5)), expiresAt: fc.oneof(fc.constant(4_102_444_800), fc.constant(1), fc.double()) })
  .map(({ nonce, salt, signature, derivedKey, counter, expiresAt }) =>
    base64({
      challenge: { parameters: { algorithm: 'PBKDF2/SHA-256', nonce, salt, cost: 1, keyLength: 32, keyPrefix: derivedKey.slice(0, 32), keySignature: signature, expiresAt }, signature },
      solution: { counter, derivedKey, time: 1 },
    }),
  );

export function contactRoutes(): FuzzRoute[] {
  const categories = Object.keys(CONTACT_TOPICS);
  const topics = [...new Set(Object.values(CONTACT_TOPICS).flat())];
  return [
    { route: 'GET /api/v1/connect/turnstile-site-key', auth: 'none', weight: 0.3 },
    { route: 'GET /api/v1/connect/challenge', auth: 'none', weight: 0.3 },
    {
      route: 'POST /api/v1/connect',
      auth: 'none',
      weight: 3,
      body: () => ({
        fields: ['category', 'topic', 'name', 'email', 'message', 'turnstile'],
        form: true,
        json: false,
        valid: {
          category: pick([...categories, ` ${categories[0]} `]),
          topic: pick([...topics, 'A typed topic', XSS]),
          name: pick(['Ada Lovelace', '  Ada  ', XSS, 'Ōtomo']),
          email: pick(['ada@example.org', ' ada@example.org ']),
          message: pick(['Hello.', XSS, 'x'.repeat(5000)]),
          turnstile: fc.oneof(
            forgedPayload,
            pick([base64({ challenge: null, solution: null, test: true }), base64({ challenge: { parameters: {} }, solution: {} }), 'XXXX.DUMMY.TOKEN.XXXX', XSS]),
          ),
        },
        edge: {
          category: pick(['', 'other', 'Press', '__proto__', 'Other\u0000']),
          topic: pick(['', 'Add topic', 't'.repeat(101), 'a\u0000b', '\uD800']),
          name: pick(['', '   ', 'n'.repeat(101), 'a\u0000b']),
          email: pick(['', 'ada@localhost', 'a@b.c', `${'a'.repeat(250)}@example.org`, '<script>@x.org']),
          message: pick(['', 'm'.repeat(5001), 'a\u0000b', '\uD800']),
          turnstile: pick(['', '   ', 'x'.repeat(10_001), '%%%', base64('just a string'), base64([1, 2]), 'e30=']),
        },
      }),
    },
  ];
}
