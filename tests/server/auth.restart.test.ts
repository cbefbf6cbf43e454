import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/db/client.js';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { ALICE, login, type TestServer } from './authFixtures.js';
import { openTestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

async function replayAfterRestart(first: OpenedDatabase, reopen: () => Promise<OpenedDatabase>, closeFirst: boolean) {
  let server: TestServer = await buildTestServer(first.db);
  const alice = await login(server, ALICE);
  const headers = { Authorization: authorizationHeader(alice.apiKey), Nonce: requestNonce() };
  const path = `/api/v1/account/${alice.account.address}`;
  expect((await server.app.request(path, { headers })).status).toBe(200);
  if (closeFirst) await first.close();
  const second = await reopen();
  try {
    server = await buildTestServer(second.db);
    const replay = await server.app.request(path, { headers });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'reused_nonce' });
    // The API key itself survives too: a fresh nonce is accepted.
    const fresh = await server.app.request(path, { headers: { ...headers, Nonce: requestNonce() } });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ email: null });
  } finally {
    await second.close();
  }
}

describe('request nonces and API keys live in the database', () => {
  it('pglite: a nonce used before a restart is still refused after it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'artbazaar-auth-restart-'));
    const dataDir = join(root, 'data');
    try {
      await replayAfterRestart(await openDatabase({ dataDir }), () => openDatabase({ dataDir }), true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('postgres: another server process on the same database refuses the replay', async () => {
    const database = await openTestDatabase('postgres');
    try {
      await replayAfterRestart(database, () => openDatabase({ databaseUrl: database.location.databaseUrl! }), false);
    } finally {
      await database.close();
    }
  });
});
