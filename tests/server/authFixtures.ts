// Real SIWE logins for the server tests: Hardhat test keys sign viem createSiweMessage messages.
import { count } from 'drizzle-orm';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import type { Db } from '../../server/db/client.js';
import { accounts, apiKeys, media } from '../../server/db/schema.js';
import { authFetch, type ApiKeyCredentials } from '../../src/services/authFetch.js';
import type { buildTestServer } from './fixtures.js';

export type TestServer = Awaited<ReturnType<typeof buildTestServer>>;

// Hardhat's well-known test accounts #1..#3 (public keys, never used outside local chains).
export const ALICE = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
export const BOB = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
export const CAROL = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');

/** app.request resolves relative paths against http://localhost, so the request host is "localhost". */
export const DOMAIN = 'localhost';
export const CHAIN_ID = 31337;
const HOUR = 3_600_000;

export async function getNonce(server: TestServer): Promise<{ nonce: string; expiresAt: string }> {
  const response = await server.app.request('/api/v1/account/nonce');
  if (response.status !== 200) throw new Error(`nonce request failed: ${response.status}`);
  return (await response.json()) as { nonce: string; expiresAt: string };
}

export interface LoginOptions {
  nonce?: string;
  message?: Partial<SiweMessage>;
  /** Signs with this account instead of the message's address (wrong signer). */
  signer?: PrivateKeyAccount;
  signature?: `0x${string}`;
  apiKey?: Partial<{ address: string; alias: string; expires: number | string }>;
  accountId?: string;
}

/** Builds a signed POST /account body; fetches a fresh server nonce unless one is given. */
export async function loginBody(server: TestServer, account: PrivateKeyAccount, options: LoginOptions = {}) {
  const nonce = options.nonce ?? (await getNonce(server)).nonce;
  const now = Date.now();
  const message = createSiweMessage({
    domain: DOMAIN,
    address: account.address,
    uri: `http://${DOMAIN}`,
    version: '1',
    chainId: CHAIN_ID,
    nonce,
    issuedAt: new Date(now),
    expirationTime: new Date(now + HOUR),
    statement: 'Sign in to the marketplace.',
    ...options.message,
  });
  const signature = options.signature ?? (await (options.signer ?? account).signMessage({ message }));
  return {
    message,
    signature,
    apiKey: { address: account.address, alias: '', expires: now + 24 * HOUR, ...options.apiKey },
    ...(options.accountId !== undefined ? { accountId: options.accountId } : {}),
  };
}

export function postLogin(server: TestServer, body: unknown): Promise<Response> {
  return Promise.resolve(
    server.app.request('/api/v1/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

export interface LoginResponse {
  account: Record<string, unknown> & { id: string; address: string; alias: string | null; email?: string | null; avatar: string | null };
  apiKey: ApiKeyCredentials & { expires: number };
}

export async function login(server: TestServer, account: PrivateKeyAccount, options: LoginOptions = {}): Promise<LoginResponse> {
  const response = await postLogin(server, await loginBody(server, account, options));
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as LoginResponse;
}

/** authFetch (the real client helper) against the in-process server. */
export function signedRequest(server: TestServer, path: string, init: RequestInit, apiKey: ApiKeyCredentials): Promise<Response> {
  return authFetch(path, init, apiKey, { fetch: async (input, requestInit) => server.app.request(input, requestInit) });
}

export async function rowCounts(db: Db) {
  const [a] = await db.select({ n: count() }).from(accounts);
  const [k] = await db.select({ n: count() }).from(apiKeys);
  const [m] = await db.select({ n: count() }).from(media);
  return { accounts: a!.n, apiKeys: k!.n, media: m!.n };
}
