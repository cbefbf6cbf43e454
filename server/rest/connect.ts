// REST under /api/v1/connect (issue 16, seed 001 §7 "GET /connect/turnstile-site-key; POST /connect (multipart)"):
// the contact form. The human check is Turnstile when the server has its keys, else the self-hosted ALTCHA proof of
// work (GET /connect/challenge). POST checks, in order: the fields against the shared rule (400 with the domain's
// message), the per-client limit (429), the human check (403, or 503 when Turnstile cannot be reached); then one
// transaction marks the check used and stores the trimmed message. A refused message stores nothing.
import { Hono } from 'hono';
import { contactMessageSchema } from '../../domain/contact.js';
import { contactMessages } from '../db/schema.js';
import { readFormOnly } from '../http/body.js';
import { ApiError, errorResponse } from '../http/errors.js';
import type { Db } from '../db/client.js';
import { createHumanCheck, humanCheckFailed } from '../security/humanCheck.js';
import { clientAddress, clientLimitKey, LOCAL_CLIENT } from '../security/clientAddress.js';
import type { RestRouteOptions } from './routeOptions.js';

export const NO_TURNSTILE_MESSAGE = 'This server checks contact messages with its own challenge: it has no Turnstile site key.';
export const NO_CHALLENGE_MESSAGE = 'This server checks contact messages with Turnstile: it serves no challenge.';

const TEXT_FIELDS = ['category', 'topic', 'name', 'email', 'message'] as const;
/** Stands in for the token while the fields are checked: the token is the human check's to judge (403, not 400). */
const TOKEN_PENDING = 'pending';

export function connectRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono();
  const humanCheck = createHumanCheck(config.humanCheck);

  api.get('/turnstile-site-key', (c) => {
    if (humanCheck.provider !== 'turnstile') return errorResponse(c, 404, 'not_found', NO_TURNSTILE_MESSAGE);
    c.header('Cache-Control', 'no-cache');
    return c.json({ siteKey: humanCheck.siteKey });
  });

  api.get('/challenge', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (humanCheck.provider !== 'altcha') return errorResponse(c, 404, 'not_found', NO_CHALLENGE_MESSAGE);
    return c.json(await humanCheck.createChallenge());
  });

  api.post('/', async (c) => {
    const form = await readFormOnly(c, 'Send the contact message as multipart/form-data.');
    const fields = Object.fromEntries(TEXT_FIELDS.map((name) => [name, form[name]]));
    const parsed = contactMessageSchema.safeParse({ ...fields, turnstile: TOKEN_PENDING });
    if (!parsed.success) throw new ApiError(400, 'invalid_input', parsed.error.issues[0]!.message);
    const token = contactMessageSchema.shape.turnstile.safeParse(form.turnstile);
    if (!token.success) throw humanCheckFailed(token.error.issues[0]!.message);

    const client = clientAddress(c, config.security.trustProxy);
    await limiter.check('contactByClient', clientLimitKey(client));
    const claim = await humanCheck.verify(token.data, client === LOCAL_CLIENT ? null : client);

    const { category, topic, name, email, message } = parsed.data;
    await db.transaction(async (tx) => {
      await claim(tx as unknown as Db);
      await tx.insert(contactMessages).values({ category, topic, name, email, message });
    });
    return c.json({ success: true });
  });

  return api;
}
