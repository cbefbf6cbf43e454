// getPersonInfo(address) (the editorial pages: the artworks page's title for an address without an artist record, read through
// urql like every other read; the data GET /api/v1/account/{address} shows publicly), on the real server and
// database, PGlite and PostgreSQL: the account's name data by address in any case, null for no account, a malformed
// address refused as BAD_USER_INPUT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const TIDE = `0x${'7e'.repeat(20)}`;
const NOBODY = `0x${'0b'.repeat(20)}`;
const QUERY = 'query getPersonInfo($address: String!) { getPersonInfo(address: $address) { id address alias avatar firstName lastName } }';

interface Answer {
  data?: { getPersonInfo: Record<string, unknown> | null } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe.each(DATABASE_KINDS)('getPersonInfo on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let id: number;
  const query = async (address: unknown): Promise<Answer> => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: QUERY, variables: { address } }) });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    const [row] = await database.db.insert(accounts).values({ address: TIDE, alias: 'tidewatcher', avatar: 'bafkreiavatar' }).returning();
    id = row!.id;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('an account without an artist record: its public name data, by the address in any case', async () => {
    const expected = { id: String(id), address: TIDE, alias: 'tidewatcher', avatar: expect.stringContaining('bafkreiavatar'), firstName: null, lastName: null };
    expect(await query(TIDE)).toEqual({ data: { getPersonInfo: expected } });
    expect(await query(TIDE.toUpperCase().replace('0X', '0x'))).toEqual({ data: { getPersonInfo: expected } });
    const rest = (await (await server.app.request(`/api/v1/account/${TIDE}`)).json()) as Record<string, unknown>;
    expect(rest).toMatchObject({ address: TIDE, alias: 'tidewatcher', firstName: null, lastName: null });
  });

  it('no account at the address: null, not an error (REST: 404)', async () => {
    expect(await query(NOBODY)).toEqual({ data: { getPersonInfo: null } });
    expect((await server.app.request(`/api/v1/account/${NOBODY}`)).status).toBe(404);
  });

  it.each(['tidewatcher', '0x123', `${TIDE}00`, ''])('refuses the address %j as BAD_USER_INPUT', async (address) => {
    const answer = await query(address);
    expect(answer.data).toEqual({ getPersonInfo: null });
    expect(answer.errors).toEqual([expect.objectContaining({ message: 'Invalid address. address: must be a 0x-prefixed wallet address', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
  });
});
