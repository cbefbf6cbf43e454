// The sign-in wire (GET /api/v1/account/nonce, POST /api/v1/account) and sign-out (DELETE /api/v1/account/session).
import * as z from 'zod/mini';

export const nonceAnswer = z.object({ nonce: z.string(), expiresAt: z.string() });
export type NonceAnswer = z.infer<typeof nonceAnswer>;

/** An account address on the wire: 0x and 40 hex digits, any case; read lowercased. */
const wireAddress = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')),
  z.transform((value: string) => value.toLowerCase()),
);

/**
 * apiKey.expires: epoch milliseconds (what the client stores) or an ISO date; read as a Date. A number past the last
 * date a Date can hold (8.64e15 ms) is an Invalid Date, refused here rather than handed to the database.
 */
const wireExpires = z
  .pipe(z.union([z.number().check(z.int(), z.positive()), z.iso.datetime({ offset: true })]), z.transform((value: number | string) => new Date(value)))
  .check(z.refine((date: Date) => !Number.isNaN(date.getTime()), 'must be a date: epoch milliseconds up to 8.64e15 or an ISO date'));

/** POST /api/v1/account: the signed SIWE message and the API key asked for. */
export const loginRequest = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(4096)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/, 'must be a 0x-prefixed hex signature'), z.maxLength(4096)),
  apiKey: z.object({
    address: wireAddress,
    alias: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64)))),
    expires: wireExpires,
  }),
  accountId: z.optional(z.nullable(z.union([z.string(), z.number()]))),
});
/** What a client sends; the server reads the address lowercased and `expires` as a Date. */
export type LoginRequest = z.input<typeof loginRequest>;

/** The account as the account routes answer it. */
export const accountAnswer = z.object({
  id: z.string(),
  address: z.string(),
  alias: z.nullable(z.string()),
  isCreator: z.optional(z.boolean()),
  isBanned: z.optional(z.boolean()),
  email: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
});
export type AccountAnswer = z.infer<typeof accountAnswer>;

export const loginAnswer = z.object({
  account: accountAnswer,
  apiKey: z.object({ address: z.string(), key: z.string(), expires: z.union([z.number(), z.string()]) }),
});

export type LoginAnswer = z.infer<typeof loginAnswer>;

export const revokedAnswer = z.object({ revoked: z.literal(true) });
export type RevokedAnswer = z.infer<typeof revokedAnswer>;
