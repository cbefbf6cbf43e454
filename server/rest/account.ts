// Account REST under /api/v1/account: login nonce, SIWE login issuing an API key, public profile, ban status, edit.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { sameValidAddress } from '../../domain/address.js';
import { checksumAddress } from '../../domain/checksumAddress.js';
import { z } from 'zod';
import { accountAddressIs, findAccount } from '../accounts/store.js';
import { createApiKey, grantedExpiry, revokeApiKey } from '../auth/apiKeys.js';
import { consumeLoginNonce, issueLoginNonce, type ConsumeResult } from '../auth/nonces.js';
import { isBanned, optionalAccount, requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { verifyLoginMessage } from '../auth/siwe.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { artistSortKey } from '../../domain/artist.js';
import { accounts, artists } from '../db/schema.js';
import { mediaUrl } from '../graphql/people.js';
import { ApiError, errorResponse, parseInput } from '../http/errors.js';
import { readFormOnly, readJson } from '../http/body.js';
import { limitByClient, type RateLimiter } from '../security/rateLimit.js';
import { collectDropped } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import { parseProfileForm } from './accountForm.js';

type AccountRow = typeof accounts.$inferSelect;

export interface AccountRoutesOptions {
  db: Db;
  config: ServerConfig;
  limiter: RateLimiter;
  mediaStore: MediaStore;
}

const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .transform((value) => value.toLowerCase());

// apiKey.expires: epoch milliseconds (what the client stores) or an ISO date. A number past the last date a Date
// can hold (8.64e15 ms) is an Invalid Date, which must be refused here, not handed to the database.
const expiresSchema = z
  .union([z.number().int().positive(), z.iso.datetime({ offset: true })])
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'must be a date: epoch milliseconds up to 8.64e15 or an ISO date');

const loginSchema = z.object({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/, 'must be a 0x-prefixed hex signature').max(4096),
  apiKey: z.object({
    address: addressSchema,
    alias: z.string().trim().max(64).nullish(),
    expires: expiresSchema,
  }),
  accountId: z.union([z.string(), z.number()]).nullish(),
});

const LOGIN_NONCE_ERRORS: Record<Exclude<ConsumeResult, 'ok'>, [string, string]> = {
  used: ['nonce_used', 'Login message was already used'],
  unknown: ['unknown_nonce', 'The login nonce is unknown. Request a new one.'],
  expired: ['nonce_expired', 'The login nonce has expired. Request a new one.'],
};

/** The seed's short form of an address: first 4 and last 4 characters with an ellipsis, of the checksummed
 * (EIP-55) address, as the app shows addresses. */
export const shortAddress = (address: string) => {
  const shown = checksumAddress(address);
  return `${shown.slice(0, 4)}...${shown.slice(-4)}`;
};

/** The public account; `email` only when the viewer is the account itself. */
export function serializeAccount(row: AccountRow, ipfs: ServerConfig['public']['ipfs'], includeEmail: boolean) {
  return {
    id: String(row.id),
    address: row.address,
    alias: row.alias,
    avatar: mediaUrl(ipfs, row.avatar),
    firstName: row.firstName,
    lastName: row.lastName,
    isCreator: row.isCreator,
    isBanned: row.isBanned,
    bio: row.bio,
    twitter: row.twitter,
    instagram: row.instagram,
    web: row.web,
    createdAt: row.createdAt.toISOString(),
    ...(includeEmail ? { email: row.email } : {}),
  };
}

/** Finds an account by address (case-insensitive) or numeric id; 400 for anything else. */
async function findAccountByIdText(db: Pick<Db, 'select'>, id: string): Promise<AccountRow | undefined> {
  let where;
  if (/^0x[0-9a-fA-F]{40}$/.test(id)) where = accountAddressIs(id);
  else if (/^\d{1,15}$/.test(id)) where = eq(accounts.id, Number(id));
  else throw new ApiError(400, 'invalid_id', 'The account id must be an address or a numeric id.');
  const [row] = await db.select().from(accounts).where(where);
  return row;
}

export function accountRoutes({ db, config, limiter, mediaStore }: AccountRoutesOptions) {
  const api = new Hono<AuthEnv>();
  const ipfs = config.public.ipfs;
  const chainIds = config.public.evms.map((evm) => evm.chainId);
  const { trustProxy } = config.security;

  // Every nonce is a row until it expires: an anonymous client gets a bounded number of them.
  api.get('/nonce', limitByClient(limiter, 'nonceByClient', trustProxy), async (c) => {
    const { nonce, expiresAt } = await issueLoginNonce(db);
    c.header('Cache-Control', 'no-store');
    return c.json({ nonce, expiresAt: expiresAt.toISOString() });
  });

  api.post('/', limitByClient(limiter, 'loginByClient', trustProxy), async (c) => {
    const body = parseInput(loginSchema, await readJson(c));
    const now = new Date();
    if (body.apiKey.expires.getTime() <= now.getTime()) {
      throw new ApiError(400, 'invalid_input', 'apiKey.expires must be in the future.');
    }
    const login = await verifyLoginMessage({
      message: body.message,
      signature: body.signature as `0x${string}`,
      // Configured domains only: the request's Host header is the client's to choose.
      domains: config.security.appDomains,
      chainIds,
      now,
      issuedAtSkewMs: config.security.loginIssuedAtSkewMs,
    });
    if (!sameValidAddress(body.apiKey.address, login.address)) {
      throw new ApiError(401, 'address_mismatch', 'apiKey.address is not the address that signed the login message.');
    }
    // Counted after the signature is verified, so nobody can use up another address's sign-ins.
    await limiter.check('loginByAddress', login.address);
    const result = await db.transaction(async (tx) => {
      const consumed = await consumeLoginNonce(tx, login.nonce, login.address, now);
      if (consumed !== 'ok') throw new ApiError(401, ...LOGIN_NONCE_ERRORS[consumed]);
      await tx
        .insert(accounts)
        .values({ address: login.address, alias: body.apiKey.alias || shortAddress(login.address) })
        .onConflictDoNothing({ target: accounts.address });
      const account = await findAccount(tx, login.address);
      if (!account) throw new Error(`account ${login.address} vanished inside its own transaction`);
      const accountId = body.accountId == null ? null : String(body.accountId);
      if (accountId !== null && accountId !== String(account.id) && accountId.toLowerCase() !== account.address) {
        throw new ApiError(401, 'account_mismatch', 'accountId is not the account of the signing address.');
      }
      const apiKey = await createApiKey(tx, login.address, grantedExpiry(body.apiKey.expires, now, config.security.apiKeyMaxTtlMs));
      return { account, apiKey };
    });
    c.header('Cache-Control', 'no-store');
    return c.json({
      account: serializeAccount(result.account, ipfs, true),
      apiKey: { address: login.address, key: result.apiKey.key, expires: result.apiKey.expiresAt.getTime() },
    });
  });

  // Sign-out: the key that signs this request is revoked; any later request with it is a 401.
  api.delete('/session', requireAccount(db), async (c) => {
    const auth = signedInAccount(c);
    await revokeApiKey(db, auth.keyId);
    c.header('Cache-Control', 'no-store');
    return c.json({ revoked: true });
  });

  api.get('/banned/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^0x[0-9a-fA-F]{40}$/.test(id)) {
      const row = await findAccountByIdText(db, id);
      return c.json({ banned: row?.isBanned ?? false });
    }
    return c.json({ banned: await isBanned(db, id) });
  });

  api.get('/:id', optionalAccount(db), async (c) => {
    const row = await findAccountByIdText(db, c.req.param('id'));
    if (!row) return errorResponse(c, 404, 'not_found', 'No account with this id.');
    const auth = c.get('auth');
    c.header('Cache-Control', 'no-cache');
    return c.json(serializeAccount(row, ipfs, auth?.address === row.address));
  });

  api.put(
    '/:id',
    requireAccount(db, { rejectBanned: true, limiter }),
    async (c) => {
      const auth = signedInAccount(c);
      const target = await findAccountByIdText(db, c.req.param('id'));
      if (!target) return errorResponse(c, 404, 'not_found', 'No account with this id.');
      if (target.address !== auth.address) {
        throw new ApiError(403, 'forbidden', 'You can only edit your own account.');
      }
      const form = await parseProfileForm(await readFormOnly(c, 'Send the profile as multipart/form-data.'), config.public.maxFileSize);
      const updated = await db.transaction(async (tx) => {
        let avatar: string | null | undefined;
        if (form.avatar.kind === 'set') avatar = await mediaStore.within(tx).put(form.avatar.bytes, form.avatar.contentType);
        else if (form.avatar.kind === 'remove') avatar = null;
        const [row] = await tx
          .update(accounts)
          .set({ alias: form.alias, email: form.email, updatedAt: new Date(), ...(avatar !== undefined ? { avatar } : {}) })
          .where(eq(accounts.id, target.id))
          .returning();
        if (!row) throw new ApiError(404, 'not_found', 'No account with this id.');
        // The catalogue's order follows the display name, which falls back to the alias without a first name.
        await tx
          .update(artists)
          .set({ sortKey: artistSortKey({ firstName: row.firstName, lastName: row.lastName, alias: row.alias, address: row.address }) })
          .where(eq(artists.accountId, row.id));
        return row;
      });
      // A replaced or removed avatar is collected unless something else names it.
      if (updated.avatar !== target.avatar) await collectDropped(db, [target.avatar], config.security.storage.mediaGraceMs);
      return c.json(serializeAccount(updated, ipfs, true));
    },
  );

  return api;
}

