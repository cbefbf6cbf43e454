import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { accounts, likes, tokens } from '../../server/db/schema.js';
import { ALICE, BOB, CAROL, login, signedRequest } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, seedMarketplace } from './fixtures.js';

const form = (tokenId: string | number) => {
  const body = new FormData();
  body.set('token_id', String(tokenId));
  return body;
};

describe.each(DATABASE_KINDS)('likes REST on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let seeded: Awaited<ReturnType<typeof seedMarketplace>>;
  let alice: ApiKeyCredentials;
  let bob: ApiKeyCredentials;
  let carol: ApiKeyCredentials;
  const events: [string, unknown][] = [];

  const like = (key: ApiKeyCredentials, tokenId: string | number) =>
    signedRequest(server, '/likes/', { method: 'POST', body: form(tokenId) }, key);
  const unlike = (key: ApiKeyCredentials, id: string) => signedRequest(server, `/likes/${id}`, { method: 'DELETE' }, key);
  const countOf = async (tokenId: number) =>
    (await database.db.select({ n: tokens.likesCount }).from(tokens).where(eq(tokens.id, tokenId)))[0]!.n;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seeded = await seedMarketplace(database.db);
    server = await buildTestServer(database.db);
    // The routes call live.emit at broadcast time, so replacing it observes every event.
    server.live.emit = (event: string, ...args: unknown[]) => void events.push([event, args[0]]);
    alice = (await login(server, ALICE)).apiKey;
    bob = (await login(server, BOB)).apiKey;
    carol = (await login(server, CAROL)).apiKey;
    await database.db.update(accounts).set({ isBanned: true }).where(eq(accounts.address, CAROL.address.toLowerCase()));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('needs a signed request (401) and refuses banned accounts (403)', async () => {
    const anonymous = await server.app.request('/api/v1/likes/', { method: 'POST', body: form(seeded.tokens[0]!.id) });
    expect(anonymous.status).toBe(401);
    expect((await server.app.request('/api/v1/likes/account')).status).toBe(401);
    const banned = await like(carol, seeded.tokens[0]!.id);
    expect(banned.status).toBe(403);
    expect(await banned.json()).toMatchObject({ message: 'This account is banned' });
    expect(await database.db.select().from(likes)).toEqual([]);
  });

  it('like and unlike keep likes_count in step and broadcast TokenLiked/TokenUnliked/TokenUpdated after commit', async () => {
    const token = seeded.tokens[4]!;
    const before = await countOf(token.id);
    events.length = 0;
    const first = await like(alice, token.id);
    expect(first.status).toBe(201);
    const liked = (await first.json()) as { _id: string; token_id: string; account_id: string; likesCount: number };
    expect(liked).toMatchObject({ token_id: String(token.id), account_id: ALICE.address.toLowerCase(), likesCount: before + 1 });
    const update = { token_id: String(token.id), account_id: ALICE.address.toLowerCase(), updatedFields: { likesCount: before + 1 } };
    expect(events).toEqual([['TokenLiked', { _id: liked._id, ...update }], ['TokenUpdated', { _id: liked._id, ...update }]]);

    // Liking twice is idempotent: 200, same like, same count, no event.
    events.length = 0;
    const again = await like(alice, token.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ _id: liked._id, likesCount: before + 1 });
    expect(events).toEqual([]);

    const second = await like(bob, token.id);
    expect(((await second.json()) as { likesCount: number }).likesCount).toBe(before + 2);
    expect(await countOf(token.id)).toBe(before + 2);

    const mine = await signedRequest(server, '/likes/account', { method: 'GET' }, alice);
    expect(await mine.json()).toEqual({ likes: [{ _id: liked._id, token_id: String(token.id) }] });

    // Bob cannot remove Alice's like by its id.
    expect((await unlike(bob, liked._id)).status).toBe(404);
    events.length = 0;
    const removed = await unlike(alice, liked._id);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ token_id: String(token.id), likesCount: before + 1 });
    expect(events.map(([name]) => name)).toEqual(['TokenUnliked', 'TokenUpdated']);
    expect(events[0]![1]).toMatchObject({ token_id: String(token.id), updatedFields: { likesCount: before + 1 } });

    // By token: Bob's like goes; a second unlike is a no-op with the same count.
    expect(await (await unlike(bob, `token/${token.id}`)).json()).toEqual({ token_id: String(token.id), likesCount: before });
    expect(await (await unlike(bob, `token/${token.id}`)).json()).toEqual({ token_id: String(token.id), likesCount: before });
    expect(await countOf(token.id)).toBe(before);
  });

  it('an unknown token is 404 and a bad token_id 400, with nothing written', async () => {
    const unknown = await like(alice, 987654);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await like(alice, 'abc')).status).toBe(400);
    expect((await unlike(alice, 'token/987654')).status).toBe(404);
    expect((await unlike(alice, 'xyz')).status).toBe(400);
    expect(await database.db.select().from(likes)).toEqual([]);
  });

  it('concurrent likes of many accounts end with the exact count', async () => {
    const token = seeded.tokens[6]!;
    const before = await countOf(token.id);
    const responses = await Promise.all([like(alice, token.id), like(bob, token.id), like(alice, token.id)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201, 201]);
    expect(await countOf(token.id)).toBe(before + 2);
  });
});
