import { describe, expect, it } from 'vitest';
import { answerNavigation } from '../../src/offline/navigation';

// The service worker's answer to a navigation (src/offline/navigation.ts): the server's page, else the precached shell.
const request = new Request('http://127.0.0.1/explore', { mode: 'same-origin' });
const shellPage = () => Promise.resolve(new Response('shell', { status: 200 }));

describe('answerNavigation', () => {
  it('online: the server\'s page, its own headers kept (a 404 page too)', async () => {
    const page = new Response('server', { status: 200, headers: { Link: '</assets/a.js>; rel=modulepreload' } });
    const answer = await answerNavigation(request, { fetch: () => Promise.resolve(page), shell: shellPage });
    expect(await answer.text()).toBe('server');
    expect(answer.headers.get('Link')).toBe('</assets/a.js>; rel=modulepreload');
    const missing = await answerNavigation(request, { fetch: () => Promise.resolve(new Response('not found', { status: 404 })), shell: shellPage });
    expect(missing.status).toBe(404);
  });

  it('offline, or the server erring: the precached shell', async () => {
    const offline = await answerNavigation(request, { fetch: () => Promise.reject(new TypeError('Failed to fetch')), shell: shellPage });
    expect(await offline.text()).toBe('shell');
    const erring = await answerNavigation(request, { fetch: () => Promise.resolve(new Response('busy', { status: 503 })), shell: shellPage });
    expect(await erring.text()).toBe('shell');
  });

  it('a server that does not answer in time: the request is aborted and the shell answers', async () => {
    let signal: AbortSignal | undefined;
    const answer = await answerNavigation(request, {
      fetch: (_request, init) => {
        signal = init.signal;
        return new Promise<Response>(() => {});
      },
      shell: shellPage,
      timeoutMs: 20,
    });
    expect(await answer.text()).toBe('shell');
    expect(signal?.aborted).toBe(true);
  });
});
