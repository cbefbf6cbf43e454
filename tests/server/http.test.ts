import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { io as connectSocket } from 'socket.io-client';
import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadServerConfig } from '../../server/config.js';
import { ApiError, handleError, parseInput } from '../../server/http/errors.js';
import { MediaError } from '../../server/media/mediaError.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, FACTORY, makeDeploymentsFile, MARKETPLACE } from './fixtures.js';

describe('loadServerConfig', () => {
  it('defaults: port 8787 on 127.0.0.1, .data, local RPC; contracts null without a deployments file', () => {
    const config = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent/31337.json' });
    expect(config).toMatchObject({ port: 8787, host: '127.0.0.1', dataDir: '.data', databaseUrl: undefined, chainRpcUrl: 'http://127.0.0.1:8545', deployments: null });
    expect(config.public.evms[0]!.contracts).toEqual({ marketplace: null, collectionFactory: null });
    expect(config.public.isLocalDemoChain).toBe(true);
  });

  it('reads the deployments file and the environment', async () => {
    const config = loadServerConfig({
      DEPLOYMENTS_FILE: await makeDeploymentsFile(),
      PORT: '9000',
      CHAIN_RPC_URL: 'https://rpc.example.org/v1',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '',
    });
    expect(config).toMatchObject({ port: 9000, databaseUrl: 'postgres://u@h/db', dataDir: '.data' });
    expect(config.public.evms).toEqual([
      { chainId: 31337, name: 'Hardhat', providerURL: 'https://rpc.example.org/v1', symbol: 'ETH', blockExplorerUrl: null, contracts: { marketplace: MARKETPLACE, collectionFactory: FACTORY }, tokenCurrencies: [] },
    ]);
  });

  it('serves the deployment\'s allow-listed token currency (the demo\'s WETH) on its chain', async () => {
    const file = await makeDeploymentsFile();
    const weth = { address: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', symbol: 'WETH', decimals: 18 };
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), tokenCurrency: weth }));
    expect(loadServerConfig({ DEPLOYMENTS_FILE: file }).public.evms[0]!.tokenCurrencies).toEqual([weth]);
  });

  it('a non-local chain is not a demo chain', async () => {
    const config = loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(11155111), CHAIN_ID: '11155111' });
    expect(config.public.evms[0]).toMatchObject({ chainId: 11155111, name: 'Sepolia', blockExplorerUrl: 'https://sepolia.etherscan.io' });
    expect(config.public.isLocalDemoChain).toBe(false);
  });

  it("the served chain's name and native symbol are the seed's known chains': Polygon pays in matic, BSC in bnb", async () => {
    expect(loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(137), CHAIN_ID: '137' }).public.evms[0]).toMatchObject({ chainId: 137, name: 'Polygon', symbol: 'matic' });
    expect(loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(56), CHAIN_ID: '56' }).public.evms[0]).toMatchObject({ name: 'Binance Smart Chain', symbol: 'bnb' });
    expect(loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(31337) }).public.evms[0]).toMatchObject({ name: 'Hardhat', symbol: 'ETH' });
  });

  it('block explorers: known per chain id, none on the local chain, BLOCK_EXPLORER_URL sets the served chain\'s', async () => {
    expect(loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(1), CHAIN_ID: '1' }).public.evms[0]!.blockExplorerUrl).toBe('https://etherscan.io');
    expect(loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(8453), CHAIN_ID: '8453' }).public.evms[0]!.blockExplorerUrl).toBe('https://basescan.org');
    expect(loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent/31337.json' }).public.evms[0]!.blockExplorerUrl).toBeNull();
    const local = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent/31337.json', BLOCK_EXPLORER_URL: 'http://127.0.0.1:9000/explorer/' });
    expect(local.public.evms[0]!.blockExplorerUrl).toBe('http://127.0.0.1:9000/explorer');
    const replaced = loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(1), CHAIN_ID: '1', BLOCK_EXPLORER_URL: 'https://explorer.example.org' });
    expect(replaced.public.evms[0]!.blockExplorerUrl).toBe('https://explorer.example.org');
    expect(() => loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent/31337.json', BLOCK_EXPLORER_URL: 'javascript:alert(1)' })).toThrow(/BLOCK_EXPLORER_URL/);
  });

  it('the artist application form URL comes from ARTIST_APPLICATION_URL (an http(s) URL)', () => {
    const config = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent/31337.json', ARTIST_APPLICATION_URL: 'https://forms.example.org/artists' });
    expect(config.public.artistApplicationUrl).toBe('https://forms.example.org/artists');
    expect(() => loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent/31337.json', ARTIST_APPLICATION_URL: 'javascript:alert(1)' })).toThrow(/ARTIST_APPLICATION_URL/);
  });

  it('the content origin: PORT + 1000 by default, CONTENT_PORT / CONTENT_ORIGIN set it, never one of the app\'s origins', () => {
    const none = { DEPLOYMENTS_FILE: '/nonexistent/31337.json' };
    const standard = loadServerConfig(none);
    expect(standard).toMatchObject({ contentPort: 9787, contentOrigin: 'http://127.0.0.1:9787' });
    expect(standard.public.contentOrigin).toBe('http://127.0.0.1:9787');
    expect(loadServerConfig({ ...none, PORT: '8792' })).toMatchObject({ contentPort: 9792, contentOrigin: 'http://127.0.0.1:9792' });
    expect(loadServerConfig({ ...none, PORT: '0' })).toMatchObject({ contentPort: 0 });
    expect(loadServerConfig({ ...none, CONTENT_PORT: '8900' })).toMatchObject({ contentPort: 8900, contentOrigin: 'http://127.0.0.1:8900' });
    const proxied = loadServerConfig({ ...none, APP_DOMAIN: 'art.example.org', CONTENT_ORIGIN: 'https://content.art.example.org/' });
    expect(proxied.contentOrigin).toBe('https://content.art.example.org');
    expect(proxied.public.contentOrigin).toBe('https://content.art.example.org');
    expect(() => loadServerConfig({ ...none, CONTENT_ORIGIN: 'https://content.example.org/sandbox' })).toThrow(/CONTENT_ORIGIN/);
    expect(() => loadServerConfig({ ...none, CONTENT_ORIGIN: 'javascript:alert(1)' })).toThrow(/CONTENT_ORIGIN/);
    // The app's own origin would make creator scripts same-origin again.
    expect(() => loadServerConfig({ ...none, CONTENT_ORIGIN: 'http://127.0.0.1:8787' })).toThrow(/CONTENT_ORIGIN: http:\/\/127\.0\.0\.1:8787 is one of the app's origins/);
    expect(() => loadServerConfig({ ...none, CONTENT_PORT: '8787' })).toThrow(/CONTENT_PORT: must differ from PORT/);
    expect(() => loadServerConfig({ ...none, PORT: '65000' })).toThrow(/CONTENT_PORT/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'must start with postgres://'],
    [{ CHAIN_RPC_URL: 'not a url' }, 'CHAIN_RPC_URL'],
  ])('rejects %j with a readable message', (env, message) => {
    expect(() => loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json', ...env })).toThrow(message);
  });
});

describe.each(DATABASE_KINDS)('HTTP surface on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('GET /api/v1/config returns the public config', async () => {
    const response = await server.app.request('/api/v1/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      evms: [{ chainId: 31337, name: 'Hardhat', providerURL: 'http://127.0.0.1:8545', symbol: 'ETH', blockExplorerUrl: null, contracts: { marketplace: MARKETPLACE, collectionFactory: FACTORY }, tokenCurrencies: [] }],
      ipfs: { urlPrefix: '/ipfs/', thumbnailUrlPrefix: '/ipfs/thumbnail/' },
      maxFileSize: 10485760,
      maxVideoSize: 104857600,
      suggestedRoyalty: 500,
      isLocalDemoChain: true,
      artistApplicationUrl: 'https://artbazaar.example/apply',
      contentOrigin: 'http://127.0.0.1:9787',
      humanCheck: { provider: 'altcha' },
    });
  });

  it('GET /api/v1/health queries the database', async () => {
    const response = await server.app.request('/api/v1/health');
    expect(await response.json()).toEqual({ ok: true });
  });

  it.each(['/api/v1/nothing', '/api/v2/config', '/ipfs', '/socket.io/x', '/graphql/x'])('unknown API path %s is a 404 JSON error', async (path) => {
    const response = await server.app.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
  });

  it('POST to an unknown API path is a 404 JSON error too', async () => {
    const response = await server.app.request('/api/v1/nothing', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('GET /graphql is refused with 405 JSON', async () => {
    const response = await server.app.request('/graphql?query={__typename}');
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('a malformed GraphQL body is a 400, not a 500', async () => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(response.status).toBe(400);
  });

  it('an oversized GraphQL body is refused with 413 JSON before parsing', async () => {
    const query = `{ getMarketplaceTokens { totalCount } } # ${'x'.repeat(70_000)}`;
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too_large' });
  });

  it('GraphQL does not accept multipart uploads', async () => {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ getMarketplaceTokens { totalCount } }' }));
    form.set('map', '{}');
    const response = await server.app.request('/graphql', { method: 'POST', body: form });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it('HEAD works for app routes and assets without a body', async () => {
    for (const path of ['/explore', '/assets/index-abc123.js']) {
      const response = await server.app.request(path, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).not.toBeNull();
      expect(await response.text()).toBe('');
    }
  });

  it('security headers on every kind of response', async () => {
    for (const path of ['/', '/api/v1/config', '/api/v1/nothing', '/assets/index-abc123.js']) {
      const response = await server.app.request(path, { headers: { host: '127.0.0.1:8787' } });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      // The generative sandbox is framed from the content origin; no script comes from it or from blob: URLs.
      expect(csp).toContain("frame-src 'self' blob: http://127.0.0.1:9787 ");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://challenges.cloudflare.com;");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toMatch(/img-src 'self' data: blob:/);
      expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:8787 http:\/\/127\.0\.0\.1:8545 ws:\/\/127\.0\.0\.1:8545/);
      expect(csp).not.toContain("'unsafe-eval'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('serves the SPA: client routes get index.html, no-cache; hashed assets are immutable', async () => {
    for (const path of ['/', '/explore', '/token/12', '/collection/0xabc/31337', '/index.html']) {
      const response = await server.app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
    const asset = await server.app.request('/assets/index-abc123.js');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log(1);');
    const sw = await server.app.request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const icon = await server.app.request('/icon.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('text assets are compressed (br preferred, gzip otherwise, none when refused); tiny files are sent as they are', async () => {
    const plain = await server.app.request('/assets/app-big123.js');
    const original = new Uint8Array(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(original.byteLength).toBeGreaterThan(1024);

    const br = await server.app.request('/assets/app-big123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = new Uint8Array(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
    expect(brBytes.byteLength).toBeLessThan(original.byteLength / 3);
    expect(new Uint8Array(brotliDecompressSync(brBytes))).toEqual(original);

    const gz = await server.app.request('/assets/app-big123.js', { headers: { 'Accept-Encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(original);

    const refused = await server.app.request('/assets/app-big123.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();

    const tiny = await server.app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1);');
  });

  it('a missing file is a 404, not index.html; path traversal stays inside dist', async () => {
    const missing = await server.app.request('/assets/missing-123.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found' });
    const traversal = await server.app.request('/..%2f..%2fetc/passwd');
    expect(traversal.status).toBe(404);
    expect(await traversal.text()).not.toContain('root:');
  });

  it('socket.io answers on the same http server and acknowledges ready', async () => {
    const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => httpServer.once('listening', resolve));
    const io = server.attach(httpServer as Parameters<typeof server.attach>[0]);
    const { port } = httpServer.address() as AddressInfo;
    const client = connectSocket(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'] });
    try {
      const ack = await client.timeout(5000).emitWithAck('ready', { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' });
      // An address without its key is an anonymous socket (tests/server/security.socket.test.ts covers the room).
      expect(ack).toEqual({ ok: true, signedIn: false });
      const received = new Promise((resolve) => client.once('Sold', resolve));
      io.emit('Sold', { token_id: '1', buyer: '0xb' });
      expect(await received).toEqual({ token_id: '1', buyer: '0xb' });
      // Plain HTTP still reaches Hono on the same port.
      const config = await fetch(`http://127.0.0.1:${port}/api/v1/config`);
      expect(config.status).toBe(200);
    } finally {
      client.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    }
  });
});

describe('REST error mapping', () => {
  const app = new Hono();
  app.onError(handleError);
  app.get('/api-error', () => {
    throw new ApiError(409, 'conflict', 'Already liked.');
  });
  app.get('/media-error', () => {
    throw new MediaError('too_large', 413, 'The file is larger than the 10 MB limit.');
  });
  // A feature's own refusal the HTTP layer knows nothing of: a status and a code are enough.
  app.get('/coded-error', () => {
    throw Object.assign(new Error('That canvas is being published.'), { status: 423, code: 'canvas_locked' });
  });
  // A database error's code is a SQLSTATE, with no status: not an answer of its own.
  app.get('/sqlstate-error', () => {
    throw Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
  });
  // A status outside 4xx is never passed through.
  app.get('/coded-5xx', () => {
    throw Object.assign(new Error('upstream detail'), { status: 502, code: 'bad_gateway' });
  });
  app.get('/zod-error', (c) => c.json(parseInput(z.object({ id: z.string().regex(/^\d+$/) }), { id: 'x' })));
  app.post('/json', async (c) => c.json(await c.req.json()));
  app.get('/crash', () => {
    throw new Error('secret detail at /srv/file.ts:12');
  });

  it.each([
    ['/api-error', 409, { error: 'conflict', message: 'Already liked.' }],
    ['/media-error', 413, { error: 'too_large', message: 'The file is larger than the 10 MB limit.' }],
    ['/coded-error', 423, { error: 'canvas_locked', message: 'That canvas is being published.' }],
    ['/zod-error', 400, { error: 'invalid_input', message: expect.stringContaining('id') }],
  ])('%s → %i JSON', async (path, status, body) => {
    const response = await app.request(path);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(body);
  });

  it('a malformed JSON body is a 400, not a 500', async () => {
    const response = await app.request('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it.each(['/crash', '/sqlstate-error', '/coded-5xx'])('an unexpected error (%s) is a generic 500 without details or stack', async (path) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await app.request(path);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'internal_error', message: 'Something went wrong on the server.' });
    expect(text).not.toMatch(/secret|relation|upstream/);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
