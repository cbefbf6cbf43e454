import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLAKY_PLAN, flakyDecisions, seededRandom, startFlakyProxy, type FlakyProxy } from '../e2e/support/flakyProxy.js';

// The flaky-network proxy of the offline e2e spec (tests/e2e/support/flakyProxy.ts): its decisions are seeded, so a
// flaky run is the same run every time, and it relays what it does not abort.

const take = (seed: number, count: number) => {
  const next = flakyDecisions(seed);
  return Array.from({ length: count }, () => next());
};

describe('flaky proxy decisions', () => {
  it('the same seed gives the same sequence; another seed another one', () => {
    expect(take(27, 200)).toEqual(take(27, 200));
    expect(take(28, 200)).not.toEqual(take(27, 200));
    const random = seededRandom(1);
    const values = Array.from({ length: 1000 }, () => random());
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('30% of requests are aborted or delayed, about half each; delays stay within the plan', () => {
    const decisions = take(27, 10_000);
    const count = (kind: string) => decisions.filter(({ decision }) => decision === kind).length;
    expect((count('abort') + count('delay')) / decisions.length).toBeCloseTo(0.3, 1);
    expect(count('abort') / decisions.length).toBeCloseTo(0.15, 1);
    expect(count('delay') / decisions.length).toBeCloseTo(0.15, 1);
    const [min, max] = DEFAULT_FLAKY_PLAN.delayMs;
    for (const { decision, delayMs } of decisions) {
      if (decision === 'delay') {
        expect(delayMs).toBeGreaterThanOrEqual(min);
        expect(delayMs).toBeLessThanOrEqual(max);
      } else {
        expect(delayMs).toBe(0);
      }
    }
  });
});

describe('flaky proxy in front of a server', () => {
  let target: Server;
  let received: string[];
  let proxy: FlakyProxy;

  beforeAll(async () => {
    received = [];
    target = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'text/plain', 'x-target': 'yes' });
        res.end(`${req.method} ${req.url} ${body}`);
      });
    });
    // An echo "protocol" behind an upgrade, standing in for the live socket's WebSocket.
    target.on('upgrade', (_req, socket) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
      socket.on('data', (data: Buffer) => socket.write(data));
      socket.on('end', () => socket.end());
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    proxy = await startFlakyProxy({ targetPort: (target.address() as AddressInfo).port, port: 0, seed: 27, plan: { rate: 0.3, delayMs: [5, 20] } });
  });
  afterAll(async () => {
    await proxy?.close();
    target?.closeAllConnections();
    await new Promise((resolve) => target?.close(resolve));
  });

  const send = (path: string, method = 'GET', body?: string) =>
    new Promise<{ status: number; body: string; header?: string } | 'network error'>((resolve) => {
      const req = request(`${proxy.origin}${path}`, { method, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, header: res.headers['x-target'] as string | undefined }));
        res.on('error', () => resolve('network error'));
      });
      req.on('error', () => resolve('network error'));
      req.end(body);
    });

  it('aborts exactly the seeded requests (the server never sees them), relays the rest with method, path and body', async () => {
    const expected = take(27, 40);
    const outcomes = [];
    for (let i = 0; i < 40; i += 1) outcomes.push(await send(`/item/${i}?q=${i}`, i % 2 ? 'POST' : 'GET', i % 2 ? `body${i}` : undefined));
    outcomes.forEach((outcome, i) => {
      if (expected[i]!.decision === 'abort') {
        expect(outcome, `request ${i}`).toBe('network error');
      } else {
        const method = i % 2 ? 'POST' : 'GET';
        expect(outcome, `request ${i}`).toEqual({ status: 200, body: `${method} /item/${i}?q=${i} ${i % 2 ? `body${i}` : ''}`, header: 'yes' });
      }
    });
    const aborted = expected.filter(({ decision }) => decision === 'abort').length;
    const delayed = expected.filter(({ decision }) => decision === 'delay').length;
    expect(aborted).toBeGreaterThan(0);
    expect(delayed).toBeGreaterThan(0);
    expect(proxy.stats()).toMatchObject({ aborted, delayed, passed: 40 - aborted - delayed });
    expect(received).toHaveLength(40 - aborted);
    expect(proxy.stats().abortedRequests).toEqual(expected.flatMap((d, i) => (d.decision === 'abort' ? [`${i % 2 ? 'POST' : 'GET'} /item/${i}?q=${i}`] : [])));
  });

  it('off: everything is relayed and no decision is used up', async () => {
    const before = proxy.stats();
    proxy.setFlaky(false);
    for (let i = 0; i < 10; i += 1) expect(await send(`/steady/${i}`)).toMatchObject({ status: 200 });
    proxy.setFlaky(true);
    expect(proxy.stats()).toMatchObject({ aborted: before.aborted, delayed: before.delayed, passed: before.passed + 10 });
  });

  it('passes a WebSocket-style upgrade through untouched, both ways', async () => {
    const socket = connect(Number(new URL(proxy.origin).port), '127.0.0.1');
    const chunks: string[] = [];
    socket.on('data', (data: Buffer) => chunks.push(data.toString()));
    socket.write('GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
    await expect.poll(() => chunks.join('')).toContain('101 Switching Protocols');
    socket.write('ping-27');
    await expect.poll(() => chunks.join('')).toContain('ping-27');
    socket.destroy();
    expect(proxy.stats().upgrades).toBe(1);
  });
});
