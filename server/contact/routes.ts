// REST under /api/v1/connect (the editorial pages, docs/requirements.md#contact "GET /connect/turnstile-site-key; POST /connect (multipart)"):
// the contact form, and the human check's site key or challenge. The handlers read the request and answer; the
// checks and the stored message are the contact service's (./service.ts).
import { Hono } from 'hono';
import type { ContactSentAnswer, TurnstileSiteKeyAnswer } from '../../domain/contracts/contact.js';
import { readFormOnly } from '../http/body.js';
import { clientAddress } from '../security/clientAddress.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { contactService } from './service.js';

export function connectRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono();
  const service = contactService({ db, config, limiter });

  api.get('/turnstile-site-key', (c) => {
    const siteKey = service.siteKey();
    c.header('Cache-Control', 'no-cache');
    return c.json({ siteKey } satisfies TurnstileSiteKeyAnswer);
  });

  api.get('/challenge', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await service.challenge());
  });

  api.post('/', async (c) => {
    const form = await readFormOnly(c, 'Send the contact message as multipart/form-data.');
    await service.send(form, clientAddress(c, config.security.trustProxy));
    return c.json({ success: true } satisfies ContactSentAnswer);
  });

  return api;
}
