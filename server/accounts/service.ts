// The accounts service: the login nonce, the SIWE sign-in that issues an API key, sign-out, the public profile, the
// ban status and the owner's profile edit. Errors are ApiErrors with the status and message the REST answer
// (./routes.ts) carries. The account of an address is read through ./store.ts; the other SQL is ./queries.ts.
import { artistSortKey } from '../../domain/artist.js';
import { checksumAddress } from '../../domain/checksumAddress.js';
import { createApiKey, grantedExpiry, revokeApiKey } from '../auth/apiKeys.js';
import { consumeLoginNonce, issueLoginNonce, type ConsumeResult } from '../auth/nonces.js';
import { sameValidAddress } from '../../domain/address.js';
import { verifyLoginMessage } from '../auth/siwe.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { mediaUrl } from '../graphql/people.js';
import { ApiError } from '../http/errors.js';
import { collectDropped } from '../media/collect.js';
import type { MediaStore } from '../media/store.js';
import type { RateLimiter } from '../security/rateLimit.js';
import type { ProfileUpdate } from './form.js';
import { findAccountById, insertAccountIfMissing, setArtistSortKey, updateProfile } from './queries.js';
import { findAccount, isBanned, type AccountRow } from './store.js';

/** A sign-in request: the signed SIWE message, and the API key asked for. */
export interface LoginInput {
  message: string;
  signature: string;
  apiKey: { address: string; alias?: string | null; expires: Date };
  accountId?: string | number | null;
}

const LOGIN_NONCE_ERRORS: Record<Exclude<ConsumeResult, 'ok'>, [string, string]> = {
  used: ['nonce_used', 'Login message was already used'],
  unknown: ['unknown_nonce', 'The login nonce is unknown. Request a new one.'],
  expired: ['nonce_expired', 'The login nonce has expired. Request a new one.'],
};

const noAccount = () => new ApiError(404, 'not_found', 'No account with this id.');

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
export async function findAccountByIdText(db: Pick<Db, 'select'>, id: string): Promise<AccountRow | null> {
  if (/^0x[0-9a-fA-F]{40}$/.test(id)) return findAccount(db, id);
  if (/^\d{1,15}$/.test(id)) return findAccountById(db, Number(id));
  throw new ApiError(400, 'invalid_id', 'The account id must be an address or a numeric id.');
}

export interface AccountsServiceOptions {
  db: Db;
  config: ServerConfig;
  limiter: RateLimiter;
  mediaStore: MediaStore;
}

export function accountsService({ db, config, limiter, mediaStore }: AccountsServiceOptions) {
  const ipfs = config.public.ipfs;
  const chainIds = config.public.evms.map((evm) => evm.chainId);

  return {
    /** A fresh login nonce (a row until it expires). */
    issueNonce: () => issueLoginNonce(db),

    /**
     * Verifies the signed login message, creates the account on its first sign-in and issues an API key, consuming
     * the message's nonce in the same transaction.
     */
    async login(input: LoginInput, now = new Date()) {
      if (input.apiKey.expires.getTime() <= now.getTime()) {
        throw new ApiError(400, 'invalid_input', 'apiKey.expires must be in the future.');
      }
      const login = await verifyLoginMessage({
        message: input.message,
        signature: input.signature as `0x${string}`,
        // Configured domains only: the request's Host header is the client's to choose.
        domains: config.security.appDomains,
        chainIds,
        now,
        issuedAtSkewMs: config.security.loginIssuedAtSkewMs,
      });
      if (!sameValidAddress(input.apiKey.address, login.address)) {
        throw new ApiError(401, 'address_mismatch', 'apiKey.address is not the address that signed the login message.');
      }
      // Counted after the signature is verified, so nobody can use up another address's sign-ins.
      await limiter.check('loginByAddress', login.address);
      const result = await db.transaction(async (tx) => {
        const consumed = await consumeLoginNonce(tx, login.nonce, login.address, now);
        if (consumed !== 'ok') throw new ApiError(401, ...LOGIN_NONCE_ERRORS[consumed]);
        await insertAccountIfMissing(tx, login.address, input.apiKey.alias || shortAddress(login.address));
        const account = await findAccount(tx, login.address);
        if (!account) throw new Error(`account ${login.address} vanished inside its own transaction`);
        const accountId = input.accountId == null ? null : String(input.accountId);
        if (accountId !== null && accountId !== String(account.id) && accountId.toLowerCase() !== account.address) {
          throw new ApiError(401, 'account_mismatch', 'accountId is not the account of the signing address.');
        }
        const apiKey = await createApiKey(tx, login.address, grantedExpiry(input.apiKey.expires, now, config.security.apiKeyMaxTtlMs));
        return { account, apiKey };
      });
      return {
        account: serializeAccount(result.account, ipfs, true),
        apiKey: { address: login.address, key: result.apiKey.key, expires: result.apiKey.expiresAt.getTime() },
      };
    },

    /** Sign-out: the API key is revoked; any later request with it is a 401. */
    signOut: (keyId: number) => revokeApiKey(db, keyId),

    /** Whether the account (by address or numeric id) is banned; an unknown account is not. */
    async banned(id: string): Promise<boolean> {
      if (/^0x[0-9a-fA-F]{40}$/.test(id)) return isBanned(db, id);
      return (await findAccountByIdText(db, id))?.isBanned ?? false;
    },

    /** The public account (by address or numeric id), with its email when the viewer is the account. */
    async profile(id: string, viewer: string | null) {
      const row = await findAccountByIdText(db, id);
      if (!row) throw noAccount();
      return serializeAccount(row, ipfs, viewer === row.address);
    },

    /** The account the viewer may edit: 404 when unknown, 403 when it is someone else's. Checked before the form is read. */
    async editable(viewer: string, id: string): Promise<AccountRow> {
      const target = await findAccountByIdText(db, id);
      if (!target) throw noAccount();
      if (target.address !== viewer) throw new ApiError(403, 'forbidden', 'You can only edit your own account.');
      return target;
    },

    /** Saves the profile form on the account (one transaction, the avatar's media row included). */
    async updateProfile(target: AccountRow, form: ProfileUpdate) {
      const updated = await db.transaction(async (tx) => {
        let avatar: string | null | undefined;
        if (form.avatar.kind === 'set') avatar = await mediaStore.within(tx).put(form.avatar.bytes, form.avatar.contentType);
        else if (form.avatar.kind === 'remove') avatar = null;
        const row = await updateProfile(tx, target.id, { alias: form.alias, email: form.email, avatar });
        if (!row) throw noAccount();
        // The catalogue's order follows the display name, which falls back to the alias without a first name.
        await setArtistSortKey(tx, row.id, artistSortKey({ firstName: row.firstName, lastName: row.lastName, alias: row.alias, address: row.address }));
        return row;
      });
      // A replaced or removed avatar is collected unless something else names it.
      if (updated.avatar !== target.avatar) await collectDropped(db, [target.avatar], config.security.storage.mediaGraceMs);
      return serializeAccount(updated, ipfs, true);
    },
  };
}
