// Comments REST: authorisation, validation, reply depth, soft delete and votes, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE } from '../../machines/comments/rules.js';
import { accounts, commentVotes, comments } from '../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { ALICE, BOB, CAROL, login, signedRequest, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, seedMarketplace } from './fixtures.js';

interface CommentBody {
  id: string;
  text: string;
  level: number;
  parent_id: string | null;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  votes: number;
  myVote: number | null;
  userInfo: { address: string };
}

describe.each(DATABASE_KINDS)('comments REST on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: LoginResponse;
  let bob: LoginResponse;
  let tokenId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    const { tokens } = await seedMarketplace(database.db);
    tokenId = String(tokens[0]!.id);
    alice = await login(server, ALICE);
    bob = await login(server, BOB);
  });
  afterAll(async () => {
    await database?.close();
  });

  const send = (method: string, path: string, body: unknown, key: ApiKeyCredentials) =>
    signedRequest(server, `/comments${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }, key);
  const post = (body: Record<string, unknown>, key = alice.apiKey) => send('POST', '', { token_id: tokenId, ...body }, key);
  const created = async (body: Record<string, unknown>, key = alice.apiKey) => {
    const response = await post(body, key);
    expect(response.status).toBe(201);
    return (await response.json()) as CommentBody;
  };
  const errorOf = async (response: Response) => (await response.json()) as { error: string; message: string };

  it('posts a trimmed top-level comment as the signed-in account', async () => {
    const comment = await created({ text: '  Lovely colours  ' });
    expect(comment).toMatchObject({ text: 'Lovely colours', level: 0, parent_id: null, deleted: false, votes: 0, myVote: null });
    expect(comment.userInfo.address).toBe(ALICE.address.toLowerCase());
    expect(comment.createdAt).toBe(comment.updatedAt);
  });

  it('requires a signed request: no key → 401, banned account → 403', async () => {
    const anonymous = await server.app.request('/api/v1/comments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token_id: tokenId, text: 'hi' }),
    });
    expect(anonymous.status).toBe(401);
    const carol = await login(server, CAROL);
    await database.db.update(accounts).set({ isBanned: true }).where(eq(accounts.address, carol.account.address));
    const banned = await post({ text: 'hi' }, carol.apiKey);
    expect(banned.status).toBe(403);
    expect((await errorOf(banned)).message).toBe('This account is banned');
  });

  it('rejects empty, whitespace-only and too long texts with the seed messages; nothing is written', async () => {
    const before = await database.db.select().from(comments);
    const empty = await post({ text: '   ' });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe('Comment cannot be empty');
    const parent = before[0]!;
    const emptyReply = await post({ text: '\n', parent_id: String(parent.id) });
    expect((await errorOf(emptyReply)).message).toBe('Reply cannot be empty');
    const long = await post({ text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe(COMMENT_TOO_LONG_MESSAGE);
    const unknownToken = await send('POST', '', { token_id: '999999', text: 'hi' }, alice.apiKey);
    expect(unknownToken.status).toBe(404);
    expect(await database.db.select().from(comments)).toHaveLength(before.length);
  });

  it('stores markup as plain text, unchanged', async () => {
    const comment = await created({ text: '<img src=x onerror=alert(1)> & <b>bold</b>' });
    expect(comment.text).toBe('<img src=x onerror=alert(1)> & <b>bold</b>');
  });

  it('levels count from 0: replies reach level 4 (five levels); a reply to a level-4 comment is refused', async () => {
    const top = await created({ text: 'level 0' });
    const one = await created({ text: 'level 1', parent_id: top.id }, bob.apiKey);
    const two = await created({ text: 'level 2', parent_id: one.id });
    const three = await created({ text: 'level 3', parent_id: two.id }, bob.apiKey);
    const four = await created({ text: 'level 4', parent_id: three.id });
    expect([top.level, one.level, two.level, three.level, four.level]).toEqual([0, 1, 2, 3, 4]);
    expect(four.parent_id).toBe(three.id);
    const before = await database.db.select().from(comments);
    const five = await post({ text: 'level 5', parent_id: four.id }, bob.apiKey);
    expect(five.status).toBe(400);
    expect(await errorOf(five)).toMatchObject({ error: 'reply_too_deep', message: 'Replies are allowed only on comments below level 4' });
    expect(await database.db.select().from(comments)).toHaveLength(before.length);
    const otherToken = await send('POST', '', { token_id: String(Number(tokenId) + 1), parent_id: top.id, text: 'elsewhere' }, alice.apiKey);
    expect(otherToken.status).toBe(404);
  });

  it('only the author edits; the edit trims, marks updatedAt and keeps createdAt', async () => {
    const comment = await created({ text: 'first draft' });
    const foreign = await send('PUT', `/${comment.id}`, { text: 'hijacked' }, bob.apiKey);
    expect(foreign.status).toBe(403);
    const empty = await send('PUT', `/${comment.id}`, { text: ' ' }, alice.apiKey);
    expect((await errorOf(empty)).message).toBe('Comment cannot be empty');
    const response = await send('PUT', `/${comment.id}`, { text: ' second draft ' }, alice.apiKey);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { text: string; updatedAt: string };
    expect(body.text).toBe('second draft');
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(comment.createdAt));
    const [row] = await database.db.select().from(comments).where(eq(comments.id, Number(comment.id)));
    expect(row).toMatchObject({ text: 'second draft', deleted: false });
    expect(row!.createdAt.toISOString()).toBe(comment.createdAt);
  });

  it('only the author deletes (soft: text cleared, replies kept); a deleted comment cannot be edited, deleted, replied to or voted', async () => {
    const comment = await created({ text: 'to be removed' });
    const reply = await created({ text: 'a reply', parent_id: comment.id }, bob.apiKey);
    expect((await send('DELETE', `/${comment.id}`, undefined, bob.apiKey)).status).toBe(403);
    const removed = await send('DELETE', `/${comment.id}`, undefined, alice.apiKey);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ id: comment.id, deleted: true, text: '' });
    const [row] = await database.db.select().from(comments).where(eq(comments.id, Number(comment.id)));
    expect(row).toMatchObject({ deleted: true, text: '' });
    const [kept] = await database.db.select().from(comments).where(eq(comments.id, Number(reply.id)));
    expect(kept).toMatchObject({ deleted: false, text: 'a reply' });
    expect((await send('PUT', `/${comment.id}`, { text: 'back' }, alice.apiKey)).status).toBe(409);
    expect((await send('DELETE', `/${comment.id}`, undefined, alice.apiKey)).status).toBe(409);
    expect((await post({ text: 'reply to nothing', parent_id: comment.id })).status).toBe(409);
    expect((await send('POST', `/${comment.id}/vote`, { value: 1 }, bob.apiKey)).status).toBe(409);
    expect((await send('PUT', '/999999', { text: 'x' }, alice.apiKey)).status).toBe(404);
    expect((await send('PUT', '/abc', { text: 'x' }, alice.apiKey)).status).toBe(400);
  });

  it('one vote per account: a second vote replaces the first; the value must be 1 or -1', async () => {
    const comment = await created({ text: 'vote on me' });
    const vote = async (value: unknown, key: ApiKeyCredentials) => send('POST', `/${comment.id}/vote`, { value }, key);
    const first = await vote(1, alice.apiKey);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ message: 'vote registered', votes: 1, myVote: 1 });
    expect(await (await vote(1, bob.apiKey)).json()).toMatchObject({ votes: 2, myVote: 1 });
    expect(await (await vote(-1, bob.apiKey)).json()).toMatchObject({ votes: 0, myVote: -1 });
    expect(await (await vote(-1, bob.apiKey)).json()).toMatchObject({ votes: 0, myVote: -1 });
    expect((await vote(2, bob.apiKey)).status).toBe(400);
    expect((await vote('up', bob.apiKey)).status).toBe(400);
    const rows = await database.db.select().from(commentVotes).where(eq(commentVotes.commentId, Number(comment.id)));
    expect(rows.map((row) => row.value).sort()).toEqual([-1, 1]);
  });
});
