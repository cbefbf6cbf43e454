import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p5VersionedPath, sandboxContentSecurityPolicy } from '../../server/http/sandbox.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const ORIGIN = 'http://127.0.0.1:8787';
const SKETCH = 'function setup() { createCanvas(10, 10); }\n';

describe.each(DATABASE_KINDS)('/sandbox on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let sketchCid: string;
  let imageCid: string;
  const get = (path: string, headers: Record<string, string> = {}) => server.app.request(`${ORIGIN}${path}`, { headers });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    sketchCid = await server.mediaStore.put(new TextEncoder().encode(SKETCH), 'text/javascript');
    imageCid = await server.mediaStore.put(new TextEncoder().encode('{"a":1}'), 'application/json');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('serves the frame page with its own sandboxing policy, frameable only by our pages', async () => {
    const res = await get('/sandbox/generative.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(sandboxContentSecurityPolicy(ORIGIN));
    // Opaque origin even when opened directly; no inline script; framed by same-origin pages only.
    expect(csp.split('; ')).toEqual(expect.arrayContaining([
      'sandbox allow-scripts',
      "default-src 'none'",
      `script-src 'self' ${ORIGIN}`,
      "frame-ancestors 'self'",
    ]));
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    // External scripts only, and p5 by its versioned, cacheable URL.
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(html).toContain('<script src="/sandbox/generative.js" defer></script>');
    expect(html).toContain(`data-library="${p5VersionedPath}"`);
    const etag = res.headers.get('etag')!;
    expect((await get('/sandbox/generative.html', { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves the frame script and style with the same policy', async () => {
    const js = await get('/sandbox/generative.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe(await readFile(new URL('../../public/sandbox/generative.js', import.meta.url), 'utf8'));
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

  it('keeps the app pages unframeable', async () => {
    const res = await get('/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
