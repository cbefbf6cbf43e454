import { afterEach, describe, expect, it } from 'vitest';
import { signedJson, type ApiKeyCredentials } from '../../src/services/authFetch';
import { HttpError, NetworkError } from '../../src/services/errors';
import { STORED_ANSWER_HEADER } from '../../src/offline/protocol';
import { onAnswer, onReadFailure, type AnswerReport } from '../../src/services/offline/answerSource';
import { ACCOUNT_LIKES_READ_KEY } from '../../src/services/offline/connectivity';
import { fetchAccountLikes } from '../../src/services/likes';

// Signed reads (GET through signedJson: the likes of the account, a studio canvas) report where their answer came
// from like apiRequest and graphqlRequest do (offline-first): a private read shown from the worker's stored copy has its
// age on screen and keeps trading disabled. Writes report nothing.
const credentials: ApiKeyCredentials = { address: '0x00000000000000000000000000000000000000aa', key: 'k1' };
const answer = (status: number, body: unknown, stored?: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...(stored ? { [STORED_ANSWER_HEADER]: String(stored) } : {}) } });

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function listen() {
  const reports: AnswerReport[] = [];
  let failures = 0;
  stops.push(onAnswer((report) => reports.push(report)), onReadFailure(() => (failures += 1)));
  return { reports, failures: () => failures };
}

describe('signedJson answer reports', () => {
  it('a GET answered from the stored copy is reported with its fetch time; a network answer with null', async () => {
    const bus = listen();
    const stored = async () => answer(200, { likes: [] }, 1700000000000);
    await expect(signedJson('/likes/account', {}, credentials, 'accountLikes', { fetch: stored })).resolves.toEqual({ likes: [] });
    const fresh = async () => answer(200, { likes: [{ _id: '4', token_id: '1' }] });
    await expect(signedJson('/likes/account', { method: 'GET' }, credentials, 'accountLikes', { fetch: fresh })).resolves.toEqual({ likes: [{ _id: '4', token_id: '1' }] });
    expect(bus.reports).toEqual([
      { key: '/api/v1/likes/account', storedAt: 1700000000000 },
      { key: '/api/v1/likes/account', storedAt: null },
    ]);
  });

  it('the key carries the base the call used', async () => {
    const bus = listen();
    await signedJson('/likes/account', { method: 'GET' }, credentials, 'accountLikes', { base: '/api/v2', fetch: async () => answer(200, { likes: [] }) });
    expect(bus.reports).toEqual([{ key: '/api/v2/likes/account', storedAt: null }]);
  });

  it('writes and failed answers report no answer; a GET with no answer at all reports a read failure, a write does not', async () => {
    const bus = listen();
    await signedJson('/likes/', { method: 'POST' }, credentials, 'like', { fetch: async () => answer(200, { _id: '4', token_id: '1', account_id: credentials.address, likesCount: 1 }, 1700000000000) });
    await signedJson('/comments/1', { method: 'DELETE' }, credentials, 'commentDeleted', { fetch: async () => answer(200, { id: '1', deleted: true, text: '', updatedAt: 'x' }) });
    await expect(signedJson('/likes/account', {}, credentials, 'accountLikes', { fetch: async () => answer(401, { error: 'unauthorized', message: 'Sign in again' }) })).rejects.toBeInstanceOf(HttpError);
    expect(bus.reports).toEqual([]);
    expect(bus.failures()).toBe(0);

    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(signedJson('/likes/', { method: 'POST' }, credentials, 'like', { fetch: offline })).rejects.toBeInstanceOf(NetworkError);
    expect(bus.failures()).toBe(0);
    await expect(signedJson('/likes/account', {}, credentials, 'accountLikes', { fetch: offline })).rejects.toBeInstanceOf(NetworkError);
    expect(bus.failures()).toBe(1);
  });

  it('an aborted GET is neither an answer nor a failure', async () => {
    const bus = listen();
    const controller = new AbortController();
    controller.abort();
    const aborting = async (_input: string, init?: RequestInit) => {
      init?.signal?.throwIfAborted();
      return answer(200, {});
    };
    const error = await signedJson('/likes/account', { signal: controller.signal }, credentials, 'accountLikes', { fetch: aborting }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(bus.reports).toEqual([]);
    expect(bus.failures()).toBe(0);
  });
});

describe('the account likes read and its refresh', () => {
  it('fetchAccountLikes reports under the key the connectivity binding refreshes it by', async () => {
    const bus = listen();
    await fetchAccountLikes(credentials, undefined, { fetch: async () => answer(200, { likes: [] }, 1700000000000) });
    expect(bus.reports).toEqual([{ key: ACCOUNT_LIKES_READ_KEY, storedAt: 1700000000000 }]);
  });
});
