// REST under /api/v1/collection (marketplace browsing): featured and trending collections, and the creator's edit of
// description and cover (multipart). The handlers read the request (the form: ./form.ts) and answer; the rules and
// the write are the collections service's (./service.ts).
import { Hono } from 'hono';
import { collectionIdParam, type CollectionSavedAnswer } from '../../domain/contracts/collections.js';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { parseInput } from '../http/errors.js';
import { readFormOnly } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { parseCollectionForm } from './form.js';
import { collectionsService } from './service.js';

export function collectionRoutes({ db, config, limiter, mediaStore }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const service = collectionsService({ db, config, mediaStore });

  api.get('/featured', async (c) => {
    const answer = await service.featured();
    c.header('Cache-Control', 'no-cache');
    return c.json({ collections: answer });
  });

  api.get('/trending', async (c) => {
    const answer = await service.trending();
    c.header('Cache-Control', 'no-cache');
    return c.json({ collections: answer });
  });

  api.put('/:id', requireAccount(db, { rejectBanned: true, limiter }), async (c) => {
    const id = parseInput(collectionIdParam, c.req.param('id'));
    const target = await service.editable(signedInAccount(c).address, id);
    const form = await parseCollectionForm(await readFormOnly(c, 'Send the collection as multipart/form-data.'), config.public.maxFileSize);
    return c.json((await service.update(target, form)) satisfies CollectionSavedAnswer);
  });

  return api;
}
