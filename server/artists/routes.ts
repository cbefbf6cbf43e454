// REST under /api/v1/artist (the artists' pages, docs/requirements.md#artists "POST /artist (multipart); PUT /artist/{id} (multipart)"): a
// creator's own artist profile. POST creates the signed-in creator's record, PUT /artist/{address} updates it. The
// handlers read the request (the form: ./form.ts) and answer; the rules and the writes are the artists service's
// (./service.ts).
import { Hono, type Context } from 'hono';
import { artistAddressParam, type ArtistSavedAnswer } from '../../domain/contracts/artists.js';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { parseInput } from '../http/errors.js';
import { readFormOnly } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { parseArtistForm } from './form.js';
import { artistsService, type CreatorProfile } from './service.js';

export function artistRoutes({ db, config, limiter, mediaStore }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const service = artistsService({ db, config, mediaStore });

  // The form is read once the service has said the profile may be written: its values default to the stored ones.
  const readForm = async (c: Context<AuthEnv>, stored: CreatorProfile) =>
    parseArtistForm(await readFormOnly(c, 'Send the artist profile as multipart/form-data.'), stored, config.public.maxFileSize);

  api.post('/', requireAccount(db, { rejectBanned: true, limiter }), async (c) => {
    const stored = await service.creatable(signedInAccount(c).address);
    return c.json((await service.save(stored, await readForm(c, stored))) satisfies ArtistSavedAnswer, 201);
  });

  api.put('/:address', requireAccount(db, { rejectBanned: true, limiter }), async (c) => {
    const address = parseInput(artistAddressParam, c.req.param('address'));
    const stored = await service.updatable(signedInAccount(c).address, address);
    return c.json((await service.save(stored, await readForm(c, stored))) satisfies ArtistSavedAnswer);
  });

  return api;
}
