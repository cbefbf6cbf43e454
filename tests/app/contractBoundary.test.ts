import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_FAILURE_MESSAGE } from '../../domain/messages';
import { apiRequest, checkConfig } from '../../src/services/api';
import { signedJson, type ApiKeyCredentials } from '../../src/services/authFetch';
import { MalformedAnswerError } from '../../src/services/answerCheck';
import { HttpError, ServiceError } from '../../src/services/errors';
import { getCanvas } from '../../src/services/studio/api';
import { voteComment } from '../../src/services/comments';

// REST answers are parsed with their contracts at the boundary (domain/contracts): an answer that is not its
// contract's is a MalformedAnswerError, an HttpError with the server's own text for a failure, never a cast value
// that breaks later in a machine or a view.
const credentials: ApiKeyCredentials = { address: '0x00000000000000000000000000000000000000aa', key: 'k1' };
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('answers parsed with their contracts', () => {
  it('signedJson: a malformed answer is a MalformedAnswerError shown as a server failure', async () => {
    const error = await signedJson('/likes/account', {}, credentials, 'accountLikes', { fetch: async () => answer({ likes: [{ _id: 4 }] }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedAnswerError);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(SERVER_FAILURE_MESSAGE);
    expect((error as HttpError).status).toBe(502);
    expect((error as MalformedAnswerError).issues).toMatch(/^likes\.0\._id: /);
  });

  it('signedJson: a 2xx answer that is not JSON is malformed too; a service call rejects with it', async () => {
    await expect(signedJson('/comments/1/vote', { method: 'POST' }, credentials, 'commentVoted', { fetch: async () => new Response('<html>', { status: 200 }) })).rejects.toBeInstanceOf(MalformedAnswerError);
    await expect(voteComment(credentials, '1', 1, undefined, { fetch: async () => answer({ id: '1', votes: 'many', myVote: 1 }) })).rejects.toBeInstanceOf(MalformedAnswerError);
    await expect(getCanvas(credentials, '7', { fetch: async () => answer({ id: '7', name: 'x' }) })).rejects.toBeInstanceOf(MalformedAnswerError);
  });

  it('signedJson: a well-formed answer is what the caller gets (unknown fields dropped)', async () => {
    await expect(signedJson('/comments/1/vote', { method: 'POST' }, credentials, 'commentVoted', { fetch: async () => answer({ message: 'vote registered', id: '1', votes: 2, myVote: 1 }) })).resolves.toEqual({ id: '1', votes: 2, myVote: 1 });
  });

  it('apiRequest: a malformed answer is a MalformedAnswerError; a well-formed one is returned', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ nonce: 12 })));
    await expect(apiRequest('/account/nonce', { method: 'POST' }, 'nonce')).rejects.toBeInstanceOf(MalformedAnswerError);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ nonce: 'n1', expiresAt: '2026-12-05T10:00:00.000Z' })));
    await expect(apiRequest('/account/nonce', { method: 'POST' }, 'nonce')).resolves.toEqual({ nonce: 'n1', expiresAt: '2026-12-05T10:00:00.000Z' });
  });

  it('checkConfig: after the first load, a config that is not its contract\'s rejects as a failed config load does', async () => {
    const firstLoad = vi.fn(async () => {});
    const error = await checkConfig({ evms: [] }, firstLoad).catch((e: unknown) => e);
    expect(firstLoad).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ kind: 'general', message: 'Could not load the configuration.' });
    expect((error as ServiceError).cause).toBeInstanceOf(MalformedAnswerError);
  });
});
