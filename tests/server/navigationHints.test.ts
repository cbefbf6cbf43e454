import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesInHtml, hintFor, routeHints, routePathOfFile } from '../../server/http/navigationHints';
import { serveApp } from '../../server/http/static';

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/runtime-R.js"><link rel="stylesheet" crossorigin href="/assets/index-A.css"></head>
<body><div id="root"></div></body></html>`;

// A build's manifest, as Vite writes it for the router's split route chunks (the shape of dist/.vite/manifest.json).
const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_runtime-R.js'], css: ['assets/index-A.css'] },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  '_shared-S.js': { file: 'assets/shared-S.js', imports: ['index.html'] },
  'src/services/graphqlClient.ts': { file: 'assets/graphqlClient-G.js', imports: ['index.html'] },
  // A layout route's chunk listed before the home route's, as Vite may list them.
  'src/routes/_studio.tsx?tsr-split=component': { file: 'assets/_studio-V.js', imports: ['index.html'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-H.js', imports: ['index.html'], css: ['assets/routes-H.css'] },
  'src/routes/token.$id.tsx?tsr-split=component': { file: 'assets/token._id-T.js', imports: ['index.html', '_shared-S.js'], css: ['assets/token-T.css'] },
  'src/routes/token.$id.tsx?tsr-split=loader': { file: 'assets/token._id-L.js' },
  'src/routes/artists.index.tsx?tsr-split=component': { file: 'assets/artists-I.js', imports: ['index.html'] },
  'src/routes/artists.apply.tsx?tsr-split=component': { file: 'assets/artists.apply-P.js', imports: ['index.html'] },
  'src/routes/artist.$artistId.artworks.tsx?tsr-split=component': { file: 'assets/artworks-W.js', imports: ['_shared-S.js'] },
  'src/routes/_auth.tsx?tsr-split=component': { file: 'assets/_auth-U.js', imports: ['index.html'] },
  'src/routes/_auth/account.dashboard.index.tsx?tsr-split=component': { file: 'assets/dashboard-D.js', imports: ['_shared-S.js'] },
  'src/routes/404.tsx?tsr-split=component': { file: 'assets/404-N.js' },
  'src/routes/__root.tsx': { file: 'assets/root-X.js' },
};

describe('route paths from route files', () => {
  it.each([
    ['src/routes/index.tsx', '/'],
    ['src/routes/token.$id.tsx', '/token/$id'],
    ['src/routes/artists.index.tsx', '/artists'],
    ['src/routes/artist.$artistId.artworks.tsx', '/artist/$artistId/artworks'],
    ['src/routes/_auth/account.dashboard.index.tsx', '/account/dashboard'],
    ['src/routes/_studio/studio.edit.$containerId.tsx', '/studio/edit/$containerId'],
    ['src/routes/404.tsx', null],
    ['src/routes/_auth.tsx', null],
    ['src/routes/__root.tsx', null],
    ['src/services/graphqlClient.ts', null],
  ])('%s → %s', (file, path) => expect(routePathOfFile(file)).toBe(path));
});

describe('a route\'s hints', () => {
  const hints = routeHints(MANIFEST, filesInHtml(INDEX));
  const of = (path: string) => hintFor(hints, path);

  it('name its split chunk, its static imports, the GraphQL client and its styles, not what index.html loads', () => {
    expect(of('/token/42')).toMatchObject({
      path: '/token/$id',
      scripts: ['assets/graphqlClient-G.js', 'assets/token._id-T.js', 'assets/shared-S.js'],
      styles: ['assets/token-T.css'],
    });
    expect(of('/')).toMatchObject({ path: '/', scripts: ['assets/graphqlClient-G.js', 'assets/routes-H.js'], styles: ['assets/routes-H.css'] });
  });

  it('a route in a pathless layout names the layout\'s chunk too', () => {
    expect(of('/account/dashboard')?.scripts).toEqual(['assets/graphqlClient-G.js', 'assets/_auth-U.js', 'assets/dashboard-D.js', 'assets/shared-S.js']);
  });

  it('matches whole paths (a trailing slash too), static segments before parameters; an unknown path has none', () => {
    expect(of('/artists/apply')?.path).toBe('/artists/apply');
    expect(of('/artists/')?.path).toBe('/artists');
    expect(of('/artist/0xabc/artworks')?.path).toBe('/artist/$artistId/artworks');
    expect(of('/token/42/more')).toBeNull();
    expect(of('/token')).toBeNull();
    expect(of('/nowhere')).toBeNull();
  });
});

describe('the server answers a navigation with its route\'s hints', () => {
  let dir: string;
  let app: Hono;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hints-'));
    await mkdir(join(dir, '.vite'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    app = new Hono();
    app.get('*', serveApp(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a token page preloads the config and its chunks; the 404 page only the config; /index.html is the file itself', async () => {
    const token = await app.request('/token/7');
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBe('no-cache');
    const html = await token.text();
    expect(html).toContain('<link rel="preload" href="/api/v1/config" as="fetch" crossorigin="anonymous">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/token._id-T.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-S.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/token-T.css">');
    expect(html.indexOf('token._id-T.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('token._id-L.js');

    const unknown = await (await app.request('/nowhere')).text();
    expect(unknown).toContain('href="/api/v1/config"');
    expect(unknown).not.toContain('rel="modulepreload" crossorigin href="/assets/graphqlClient');
    expect(await (await app.request('/index.html')).text()).toBe(INDEX);
  });

  it('compressed when asked, validated by an ETag of the build and route, read again after a rebuild', async () => {
    const gzip = await app.request('/token/7', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toContain('token._id-T.js');
    const etag = gzip.headers.get('etag')!;
    expect((await app.request('/token/8', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await app.request('/', { headers: { 'If-None-Match': etag } })).status).toBe(200);

    await writeFile(join(dir, 'index.html'), INDEX.replace('index-A.js', 'index-B.js'));
    await utimes(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const rebuilt = await app.request('/token/7', { headers: { 'If-None-Match': etag } });
    expect(rebuilt.status).toBe(200);
    expect(await rebuilt.text()).toContain('index-B.js');
  });

  it('a build without a manifest serves index.html as it is', async () => {
    await rm(join(dir, '.vite'), { recursive: true });
    await utimes(join(dir, 'index.html'), new Date(), new Date(Date.now() + 10_000));
    expect(await (await app.request('/token/7')).text()).not.toContain('rel="preload"');
  });
});
