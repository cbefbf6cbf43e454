// Helpers of the contact route tests (tests/server/connect*.test.ts): the form, ALTCHA solved the way the widget
// solves it (altcha-lib's solver, and the altcha v3 widget's own PBKDF2 worker script), and a local fake of
// Cloudflare's siteverify on an ephemeral port.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Hono } from 'hono';
import { expect } from 'vitest';

export const VALID_FIELDS = {
  category: 'Collector Support',
  topic: 'Buying Art',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  message: 'How do I make an offer on a listed artwork?',
};

export function contactForm(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

export async function fetchChallenge(app: Hono): Promise<Challenge> {
  const response = await app.request('/api/v1/connect/challenge');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as Challenge;
}

/** What the widget submits: base64 of { challenge: { parameters, signature }, solution }. */
export const widgetPayload = (challenge: Challenge, solution: Solution) =>
  Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');

/** Solves with altcha-lib's own solver (Node's PBKDF2). */
export async function solveWithLib(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  expect(solution).not.toBeNull();
  return widgetPayload(challenge, solution!);
}

/** A fresh challenge from the server, solved: the token a browser would send. */
export async function solvedToken(app: Hono): Promise<string> {
  return solveWithLib(await fetchChallenge(app));
}

/** The worker the widget (altcha 3, `altcha/workers/pbkdf2`) starts for PBKDF2 challenges. */
const WIDGET_PBKDF2_WORKER = readFileSync(fileURLToPath(new URL('../../node_modules/altcha/dist/workers/pbkdf2.js', import.meta.url)), 'utf8');

/**
 * Solves with the altcha v3 widget's PBKDF2 worker script (node_modules/altcha/dist/workers/pbkdf2.js, WebCrypto),
 * run as the widget runs it: a "work" message in, the solution posted back. Proves the widget and altcha-lib agree
 * on the challenge and the solution.
 */
export function solveWithWidgetWorker(challenge: Challenge): Promise<Solution> {
  return new Promise((resolve, reject) => {
    const self: { onmessage?: (message: { data: unknown }) => void; postMessage: (data: unknown) => void } = {
      postMessage: (data) => ((data as { error?: unknown } | null)?.error ? reject((data as { error: unknown }).error) : data ? resolve(data as Solution) : reject(new Error('no solution'))),
    };
    runInNewContext(WIDGET_PBKDF2_WORKER, { self, crypto: globalThis.crypto, performance, setTimeout, TextEncoder, Uint8Array, ArrayBuffer, DataView, AbortController });
    self.onmessage!({ data: { type: 'work', challenge, counterMode: 'uint32', counterStart: 0, counterStep: 1, timeout: 60_000 } });
  });
}

export type SiteverifyAnswer = 'success' | 'failure' | 'error';

/** A local stand-in for https://challenges.cloudflare.com/turnstile/v0/siteverify: records what it receives. */
export async function startFakeSiteverify() {
  const received: Record<string, string>[] = [];
  let answer: SiteverifyAnswer = 'success';
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({ method: request.method ?? '', contentType: request.headers['content-type'] ?? '', ...Object.fromEntries(new URLSearchParams(body)) });
    if (answer === 'error') {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end('internal error');
      return;
    }
    const outcome = answer === 'success' ? { success: true, 'error-codes': [] } : { success: false, 'error-codes': ['invalid-input-response'] };
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(outcome));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    received,
    answer(next: SiteverifyAnswer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
