// The sign-in wire (GET /api/v1/account/nonce, POST /api/v1/account) and sign-out (DELETE /api/v1/account/session).
import * as z from 'zod/mini';

export const nonceAnswer = z.object({ nonce: z.string(), expiresAt: z.string() });
export type NonceAnswer = z.infer<typeof nonceAnswer>;

/** POST /api/v1/account: the signed SIWE message and the API key asked for (`expires`: epoch ms or an ISO date). */
export const loginRequest = z.object({
  message: z.string(),
  signature: z.string(),
  apiKey: z.object({ address: z.string(), alias: z.optional(z.nullable(z.string())), expires: z.union([z.number(), z.string()]) }),
  accountId: z.optional(z.nullable(z.union([z.string(), z.number()]))),
});
export type LoginRequest = z.infer<typeof loginRequest>;

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
