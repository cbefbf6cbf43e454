import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentServer } from '../../server/http/content.js';
import { p5VersionedPath, sandboxContentSecurityPolicy, sandboxVersion } from '../../server/http/sandbox.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

// The content origin for creators' scripts: the sandbox, p5 and creator scripts are served by the content origin (its own listener, the
// default PORT + 1000), never by the app's; the app's pages (APP_DOMAIN localhost here) are the only ones that frame it.
const ORIGIN = 'http://127.0.0.1:9787';
const APP_ORIGINS = ['http://localhost', 'https://localhost'];
const SKETCH = 'function setup() { createCanvas(10, 10); }\n';
const ARTICLE = '<!doctype html><p>An article body</p>';

describe.each(DATABASE_KINDS)('the content origin (/sandbox, creator scripts) on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let content: ReturnType<typeof createContentServer>;
  let sketchCid: string;
  let imageCid: string;
  let articleCid: string;
  const get = (path: string, headers: Record<string, string> = {}) => content.request(`${ORIGIN}${path}`, { headers });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    content = createContentServer({ config: server.config, mediaStore: server.mediaStore });
    sketchCid = await server.mediaStore.put(new TextEncoder().encode(SKETCH), 'text/javascript');
    imageCid = await server.mediaStore.put(new TextEncoder().encode('{"a":1}'), 'application/json');
    articleCid = await server.mediaStore.put(new TextEncoder().encode(ARTICLE), 'text/html');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('serves the frame page with its own sandboxing policy, frameable only by the app\'s pages', async () => {
    const res = await get('/sandbox/generative.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(sandboxContentSecurityPolicy(ORIGIN, APP_ORIGINS));
    // Opaque origin even when opened directly; no inline script; framed by the app's origins only.
    expect(csp.split('; ')).toEqual(expect.arrayContaining([
      'sandbox allow-scripts',
      "default-src 'none'",
      `script-src 'self' ${ORIGIN}`,
      'frame-ancestors http://localhost https://localhost',
    ]));
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // X-Frame-Options cannot name the app's origin: frame-ancestors alone decides.
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    // External scripts only, and p5 by its versioned, cacheable URL.
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).toContain(`<script src="/sandbox/generative.js?v=${sandboxVersion}" defer></script>`);
    expect(html).toContain(`href="/sandbox/generative.css?v=${sandboxVersion}"`);
    expect(html).toContain(`data-library="${p5VersionedPath}"`);
    const etag = res.headers.get('etag')!;
    expect((await get('/sandbox/generative.html', { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves the page, its script and style as immutable under the current version only (they play offline once seen)', async () => {
    expect(sandboxVersion).toMatch(/^[A-Za-z0-9_-]{16}$/);
    for (const file of ['generative.html', 'generative.js', 'generative.css']) {
      const current = await get(`/sandbox/${file}?v=${sandboxVersion}`);
      expect(current.status).toBe(200);
      expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // An old version (an app built before the page changed) gets the current page, revalidated.
      const old = await get(`/sandbox/${file}?v=0000000000000000`);
      expect(old.status).toBe(200);
      expect(old.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves the frame script and style with the same policy', async () => {
    const js = await get('/sandbox/generative.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe(await readFile(new URL('../../server/sandbox/generative.js', import.meta.url), 'utf8'));
    const css = await get('/sandbox/generative.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves the installed p5 build under its versioned path with a long cache, and nothing else under lib/', async () => {
    const res = await get(p5VersionedPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // Loaded by an opaque-origin frame: must be allowed cross-origin.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body).toEqual(new Uint8Array(await readFile(new URL('../../node_modules/p5/lib/p5.min.js', import.meta.url))));
    expect((await get('/sandbox/lib/p5@0.0.1.min.js')).status).toBe(404);
    expect((await get('/sandbox/lib/other.js')).status).toBe(404);
  });

  it('serves JavaScript sketches from the media store, and refuses other media and bad CIDs', async () => {
    const res = await get(`/sandbox/sketch/${sketchCid}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(SKETCH);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const image = await get(`/sandbox/sketch/${imageCid}`);
    expect(image.status).toBe(415);
    expect(await image.json()).toMatchObject({ error: 'not_a_script' });
    expect((await get('/sandbox/sketch/not-a-cid')).status).toBe(400);
    expect((await get(`/sandbox/sketch/${sketchCid.slice(0, -2)}aa`)).status).toBeGreaterThanOrEqual(400);
  });

  it('answers unknown sandbox files with 404 JSON', async () => {
    const res = await get('/sandbox/index.html');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found' });
  });

  it('serves a creator\'s scripts and HTML at /ipfs/{cid} as they are, sandboxed; other media only on the app\'s origin', async () => {
    const script = await get(`/ipfs/${sketchCid}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-disposition')).toBeNull();
    expect(script.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts;/);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe(SKETCH);
    const page = await get(`/ipfs/${articleCid}`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts;/);
    expect(await page.text()).toBe(ARTICLE);
    const json = await get(`/ipfs/${imageCid}`);
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining("app's origin") });
    expect((await get('/ipfs/not-a-cid')).status).toBe(400);
  });

  it.each(['/', '/explore', '/api/v1/config', '/api/v1/health', '/graphql', '/socket.io/?EIO=4&transport=polling', `/ipfs/thumbnail/${'x'.repeat(10)}`])(
    'answers nothing of the app or its API: GET %s is a 404 JSON error that runs nothing',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('content origin') });
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('refuses writes: POST /graphql and POST /api/v1/account are 404 there', async () => {
    for (const path of ['/graphql', '/api/v1/account']) {
      const res = await content.request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(404);
    }
  });

  it('the app\'s origin serves no sandbox, frames only the content origin, and keeps its pages unframeable', async () => {
    const sandbox = await server.app.request('/sandbox/generative.html');
    expect(sandbox.status).toBe(404);
    expect(await sandbox.json()).toMatchObject({ error: 'not_found', message: `The sandbox is served from the content origin, ${ORIGIN}.` });
    expect((await server.app.request(p5VersionedPath)).status).toBe(404);
    expect((await server.app.request(`/sandbox/sketch/${sketchCid}`)).status).toBe(404);
    const res = await server.app.request('/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    const directive = (name: string) => csp.split('; ').find((entry) => entry.startsWith(`${name} `))!.split(' ');
    expect(directive('frame-src')).toContain(ORIGIN);
    expect(directive('script-src')).not.toContain(ORIGIN);
    expect(directive('script-src')).not.toContain('blob:');
  });
});
