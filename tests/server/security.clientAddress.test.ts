// The forwarded-address rule: behind TRUST_PROXY=N proxies the client is the entry the farthest trusted proxy
// added to X-Forwarded-For (the Nth from the right), never one the client wrote itself; IPv6 clients are limited
// by their /64; IPv4-mapped IPv6 is IPv4. The same function keys the REST limits and the live socket's count.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Server as SocketServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf, clientLimitKey, normalizeAddress } from '../../server/security/clientAddress.js';
import { envNameOf, loadSecurityConfig } from '../../server/security/config.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

describe('clientAddressOf (unit)', () => {
  const PEER = '10.0.0.9';

  it('without trusted proxies the peer, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(PEER, '198.51.100.1', 0)).toBe(PEER);
    expect(clientAddressOf(undefined, '198.51.100.1', 0)).toBe('local');
  });

  it('one proxy: the rightmost entry (the one the proxy appended), not the leftmost the client wrote', () => {
    expect(clientAddressOf(PEER, '198.51.100.1', 1)).toBe('198.51.100.1');
    expect(clientAddressOf(PEER, '1.2.3.4, 5.6.7.8, 198.51.100.1', 1)).toBe('198.51.100.1');
    expect(clientAddressOf(PEER, ['1.2.3.4, 5.6.7.8', '198.51.100.1'], 1)).toBe('198.51.100.1');
  });

  it('N proxies: the Nth entry from the right; the leftmost when there are fewer entries', () => {
    expect(clientAddressOf(PEER, 'spoofed, 198.51.100.1, 10.0.0.2', 2)).toBe('198.51.100.1');
    expect(clientAddressOf(PEER, '1.1.1.1, 198.51.100.1, 10.0.0.3, 10.0.0.2', 3)).toBe('198.51.100.1');
    expect(clientAddressOf(PEER, '198.51.100.1', 2)).toBe('198.51.100.1');
  });

  it('no header, an empty one, or an entry that is not an address: the peer', () => {
    expect(clientAddressOf(PEER, undefined, 1)).toBe(PEER);
    expect(clientAddressOf(PEER, ' , ', 1)).toBe(PEER);
    expect(clientAddressOf(PEER, '198.51.100.1, not-an-ip', 1)).toBe(PEER);
    expect(clientAddressOf(PEER, '198.51.100.1, 300.1.1.1', 1)).toBe(PEER);
  });

  it('normalises: IPv4-mapped IPv6 as IPv4, IPv6 compressed and lower case, ports, brackets and zones dropped', () => {
    expect(normalizeAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeAddress('::FFFF:7f00:1')).toBe('127.0.0.1');
    expect(normalizeAddress('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(normalizeAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('198.51.100.7:51234')).toBe('198.51.100.7');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(normalizeAddress('::1')).toBe('::1');
    expect(normalizeAddress('unknown')).toBeNull();
    expect(clientAddressOf(PEER, '::ffff:198.51.100.1', 1)).toBe('198.51.100.1');
  });

  it('limit keys: IPv4 itself, IPv6 by its /64', () => {
    expect(clientLimitKey('198.51.100.1')).toBe('198.51.100.1');
    expect(clientLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientLimitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientLimitKey('::1')).toBe('::/64');
    expect(clientLimitKey('local')).toBe('local');
  });

  it('TRUST_PROXY is a number of proxies; 1/true/yes mean one, 0/false/no none; anything else is refused', () => {
    const hops = (value?: string) => loadSecurityConfig(value === undefined ? {} : { TRUST_PROXY: value }, 8787).trustProxy;
    expect([hops(), hops('0'), hops('1'), hops('2'), hops('true'), hops('yes'), hops('false'), hops('no')]).toEqual([0, 0, 1, 2, 1, 1, 0, 0]);
    expect(() => hops('-1')).toThrow(/TRUST_PROXY/);
    expect(() => hops('several')).toThrow(/TRUST_PROXY/);
  });
});

// PGlite only: the counting is the rate limiter's (its suite runs on both databases); this is about the key.
describe('the forwarded-address rule on a listening server (TRUST_PROXY=1)', () => {
  let database: TestDatabase;
  let http: ServerType;
  let io: SocketServer;
  let origin: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const server = await buildTestServer(database.db, { TRUST_PROXY: '1', [envNameOf('nonceByClient')]: '3/60', SOCKET_MAX_CONNECTIONS_PER_CLIENT: '2' });
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    io = server.attach(http as Parameters<typeof server.attach>[0]);
    origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (io) await new Promise<void>((resolve) => io.close(() => resolve()));
    if (http) await new Promise<void>((resolve) => http.close(() => resolve()));
    await database?.close();
  });

  /** A request as the proxy forwards it: whatever the client wrote, then the address the proxy saw. */
  const nonce = (forwardedFor: string) => fetch(`${origin}/api/v1/account/nonce`, { headers: { 'X-Forwarded-For': forwardedFor } }).then((r) => r.status);

  it('rotating the leftmost X-Forwarded-For entry does not escape the per-client limit; another client is not limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await nonce(`198.51.100.${i}, 203.0.113.5`));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await nonce('198.51.100.0, 203.0.113.6')).toBe(200);
  });

  it('an IPv6 client rotating through its /64 is one client; the next /64 is another', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) statuses.push(await nonce(`2001:db8:5:6::${i.toString(16)}`));
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await nonce('2001:db8:5:7::1')).toBe(200);
  });

  it('the live socket counts connections by the same rule: a rotated leftmost entry is the same client', async () => {
    const open = (forwardedFor: string) =>
      new Promise<string>((resolve) => {
        const socket = connectSocket(origin, { path: '/socket.io', transports: ['polling'], reconnection: false, extraHeaders: { 'X-Forwarded-For': forwardedFor } });
        sockets.push(socket);
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(`refused: ${(error as Error & { context?: { responseText?: string } }).context?.responseText ?? error.message}`));
      });
    expect(await open('1.1.1.1, 203.0.113.20')).toBe('connected');
    expect(await open('2.2.2.2, 203.0.113.20')).toBe('connected');
    expect(await open('3.3.3.3, 203.0.113.20')).toContain('Too many connections');
    expect(await open('3.3.3.3, 203.0.113.21')).toBe('connected');
  });
});
