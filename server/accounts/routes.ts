// Account REST under /api/v1/account: login nonce, SIWE login issuing an API key, public profile, ban status, edit.
// The handlers read the request and answer; what each does is the accounts service's (./service.ts).
import { loginRequest, type LoginAnswer, type NonceAnswer, type RevokedAnswer } from '../../domain/contracts/account.js';
import { Hono } from 'hono';
import { optionalAccount, requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { parseInput } from '../http/errors.js';
import { readFormOnly, readJson } from '../http/body.js';
import { limitByClient, type RateLimiter } from '../security/rateLimit.js';
import type { MediaStore } from '../media/store.js';
import { parseProfileForm } from './form.js';
import { accountsService } from './service.js';

export interface AccountRoutesOptions {
  db: Db;
  config: ServerConfig;
  limiter: RateLimiter;
  mediaStore: MediaStore;
}

export function accountRoutes(options: AccountRoutesOptions) {
  const { db, config, limiter } = options;
  const api = new Hono<AuthEnv>();
  const service = accountsService(options);
  const { trustProxy } = config.security;

  // Every nonce is a row until it expires: an anonymous client gets a bounded number of them.
  api.get('/nonce', limitByClient(limiter, 'nonceByClient', trustProxy), async (c) => {
    const { nonce, expiresAt } = await service.issueNonce();
    c.header('Cache-Control', 'no-store');
    return c.json({ nonce, expiresAt: expiresAt.toISOString() } satisfies NonceAnswer);
  });

  api.post('/', limitByClient(limiter, 'loginByClient', trustProxy), async (c) => {
    const signedIn = await service.login(parseInput(loginRequest, await readJson(c)));
    c.header('Cache-Control', 'no-store');
    return c.json(signedIn satisfies LoginAnswer);
  });

  // Sign-out: the key that signs this request is revoked; any later request with it is a 401.
  api.delete('/session', requireAccount(db), async (c) => {
    await service.signOut(signedInAccount(c).keyId);
    c.header('Cache-Control', 'no-store');
    return c.json({ revoked: true } satisfies RevokedAnswer);
  });

  api.get('/banned/:id', async (c) => c.json({ banned: await service.banned(c.req.param('id')) }));

  api.get('/:id', optionalAccount(db), async (c) => {
    const account = await service.profile(c.req.param('id'), c.get('auth')?.address ?? null);
    c.header('Cache-Control', 'no-cache');
    return c.json(account);
  });

  api.put('/:id', requireAccount(db, { rejectBanned: true, limiter }), async (c) => {
    // Refused before the body is read: unknown account (404), someone else's (403).
    const target = await service.editable(signedInAccount(c).address, c.req.param('id'));
    const form = await parseProfileForm(await readFormOnly(c, 'Send the profile as multipart/form-data.'), config.public.maxFileSize);
    return c.json(await service.updateProfile(target, form));
  });

  return api;
}
