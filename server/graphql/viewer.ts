// The GraphQL viewer: the account a read is made for, from `Authorization: Bearer <address>:<key>`.
// Reads need no Nonce (nothing changes and a replay shows the caller only what the key already shows).
import { checkApiKey } from '../auth/apiKeys.js';
import { parseAuthorization } from '../auth/requireAccount.js';
import type { Db } from '../db/client.js';

/**
 * A lazy, memoised lookup of the signed-in address (lower case), or null for an anonymous viewer. A missing or
 * malformed header, an unknown key, a key of another address or an expired key all answer as anonymous (null):
 * public data still loads, only the viewer's own fields (e.g. Comment.myVote) stay null, and the next signed
 * write gets the 401 that asks the wallet to sign in again.
 */
export function graphqlViewer(db: Db, request: Request): () => Promise<string | null> {
  let viewer: Promise<string | null> | undefined;
  return () => (viewer ??= resolveViewer(db, request.headers.get('Authorization')));
}

async function resolveViewer(db: Db, header: string | null): Promise<string | null> {
  if (!header) return null;
  const credentials = parseAuthorization(header);
  if (!credentials) return null;
  const key = await checkApiKey(db, credentials.address, credentials.key);
  return key.ok ? credentials.address : null;
}
