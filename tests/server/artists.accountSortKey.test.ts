// The artists' pages: the catalogue's stored sort key (artists.sort_key, domain artistSortKey) follows the account's alias when
// it changes through PUT /api/v1/account/{id} — in the same transaction, so a refused edit changes neither. Real
// server and database, PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, artists } from '../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';

const CATALOGUE = /* GraphQL */ `query { getAllArtists(pagination: { perPage: 50 }) { edges { node { id displayName } } } }`;

describe.each(DATABASE_KINDS)('the artist sort key follows account edits on %s', (kind) => {
  let w: CanvasWorld;

  const putAccount = (key: ApiKeyCredentials, address: string, fields: Record<string, string>) =>
    w.request(key, `/account/${address}`, { method: 'PUT', body: w.form({ avatarChanged: 'false', ...fields }) });
  const sortKeyOf = async (address: string) => {
    const [row] = await w.db.select({ sortKey: artists.sortKey }).from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId)).where(eq(accounts.address, address));
    return row?.sortKey;
  };
  const catalogue = async () => {
    const response = await w.server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: CATALOGUE }) });
    const body = (await response.json()) as { data: { getAllArtists: { edges: { node: { id: string; displayName: string } }[] } } };
    return body.data.getAllArtists.edges.map((edge) => edge.node.displayName);
  };

  beforeAll(async () => {
    w = await canvasWorld(kind);
    // Alice has a first name (it wins over the alias); Bob's record has none, so his alias names him.
    for (const [address, firstName, lastName] of [[ALICE_ADDRESS, 'Alice', 'Liddell'], [BOB_ADDRESS, null, null]] as const) {
      const [account] = await w.db.update(accounts).set({ firstName, lastName }).where(eq(accounts.address, address)).returning();
      await w.db.insert(artists).values({ accountId: account!.id, sortKey: firstName ? `${firstName} ${lastName}`.toLowerCase() : account!.alias!.toLowerCase() });
    }
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('an alias change re-keys an artist named by the alias: the catalogue order changes with it', async () => {
    expect(await catalogue()).toEqual(['Alice Liddell', 'bob']);
    const response = await putAccount(w.keys.bob, BOB_ADDRESS, { alias: 'Aaron Bob', email: 'bob@example.com' });
    expect(response.status).toBe(200);
    expect(await sortKeyOf(BOB_ADDRESS)).toBe('aaron bob');
    expect(await catalogue()).toEqual(['Aaron Bob', 'Alice Liddell']);
  });

  it('an alias change keeps the key of an artist named by the first name', async () => {
    expect((await putAccount(w.keys.alice, ALICE_ADDRESS, { alias: 'Zed', email: 'alice@example.com' })).status).toBe(200);
    expect(await sortKeyOf(ALICE_ADDRESS)).toBe('alice liddell');
    expect(await catalogue()).toEqual(['Aaron Bob', 'Alice Liddell']);
  });

  it('a refused edit changes neither the alias nor the sort key', async () => {
    const before = await w.snapshot();
    expect(await errorOf(await putAccount(w.keys.bob, BOB_ADDRESS, { alias: 'Abe', email: 'not an email' }))).toEqual({
      status: 400, error: 'invalid_input', message: 'Invalid email',
    });
    expect(await errorOf(await putAccount(w.keys.alice, BOB_ADDRESS, { alias: 'Abe', email: 'bob@example.com' }))).toMatchObject({ status: 403 });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    expect(await sortKeyOf(BOB_ADDRESS)).toBe('aaron bob');
  });

  it('an account without an artist record is edited as before (no artist row appears)', async () => {
    const before = await w.db.select({ id: artists.id }).from(artists);
    expect((await putAccount(w.keys.carol, w.keys.carol.address, { alias: 'Carol', email: 'carol@example.com' })).status).toBe(200);
    expect(await w.db.select({ id: artists.id }).from(artists)).toEqual(before);
  });
});
