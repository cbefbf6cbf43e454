import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkRouteBudgets, firstLoadJs, firstLoadJsOfModules, routeModules } from '../../scripts/bundle-size';
import { pwaManifest, precacheGlobIgnores } from '../../src/app/pwaManifest';

const root = path.resolve(import.meta.dirname, '..', '..');

async function routeFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? entry.name.startsWith('-') ? [] : routeFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : /\.tsx?$/.test(entry.name) ? [`${prefix}${entry.name.replace(/\.tsx?$/, '')}`] : [],
    ),
  );
  return nested.flat();
}

describe('generated route tree', () => {
  it('behavior: src/routeTree.gen.ts imports exactly the files in src/routes (regenerate with `npx vite build`)', async () => {
    const generated = await readFile(path.join(root, 'src', 'routeTree.gen.ts'), 'utf8');
    const imported = [...generated.matchAll(/from '\.\/routes\/([^']+)'/g)].map((m) => m[1]!).sort();
    expect(imported).toEqual((await routeFiles(path.join(root, 'src', 'routes'))).sort());
  });
});

describe('PWA manifest and precache', () => {
  it('default: name, standalone display, scope and the three icons', () => {
    expect(pwaManifest).toMatchObject({ name: 'Art Bazaar', display: 'standalone', start_url: '/', scope: '/' });
    expect(pwaManifest.icons?.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('behavior: every chunk is precached (wallet, WalletConnect, media viewers): only the build metadata is ignored', () => {
    // path.matchesGlob follows the same glob semantics workbox-build uses for globIgnores.
    const ignored = (file: string) => precacheGlobIgnores.some((pattern) => path.matchesGlob(file, pattern));
    for (const file of ['assets/walletSession-a1.js', 'assets/WalletModal-b2.js', 'assets/walletconnect-c3.js', 'assets/ImageViewer-d4.js', 'index.html', 'assets/index-a1.js', 'assets/explore-b2.js', 'assets/index-c3.css', 'favicon.svg']) {
      expect(ignored(file), file).toBe(false);
    }
    expect(ignored('.vite/manifest.json')).toBe(true);
  });
});

describe('firstLoadJs', () => {
  it('default: sums the entry, its static imports, classic scripts and the route chunks — not other routes or dynamic imports', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'bundle-size-'));
    await mkdir(path.join(dist, '.vite'));
    await mkdir(path.join(dist, 'assets'));
    const files: Record<string, string> = {
      'theme-init.js': 'document.documentElement.dataset.theme="light";',
      'assets/index-1.js': 'import "./react-2.js";'.repeat(50),
      'assets/react-2.js': 'export const react = 1;'.repeat(80),
      'assets/home-3.js': 'export const home = 1;'.repeat(20),
      'assets/explore-4.js': 'export const explore = 1;'.repeat(30),
      'assets/wallet-5.js': 'export const wallet = 1;'.repeat(500),
    };
    for (const [file, content] of Object.entries(files)) await writeFile(path.join(dist, file), content);
    await writeFile(
      path.join(dist, 'index.html'),
      '<script src="/theme-init.js"></script><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-2.js">',
    );
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react'], dynamicImports: ['src/routes/index.tsx?tsr-split=component', 'src/routes/explore.tsx?tsr-split=component', 'wallet'] },
        _react: { file: 'assets/react-2.js' },
        'src/routes/index.tsx?tsr-split=component': { file: 'assets/home-3.js', imports: ['index.html'] },
        'src/routes/explore.tsx?tsr-split=component': { file: 'assets/explore-4.js', imports: ['index.html', '_react'] },
        wallet: { file: 'assets/wallet-5.js' },
      }),
    );

    const home = await firstLoadJs(dist, '/');
    expect(home.files).toEqual(['assets/home-3.js', 'assets/index-1.js', 'assets/react-2.js', 'theme-init.js']);
    const expected = home.files.map((file) => Buffer.from(files[file]!));
    expect(home.bytes).toBe(expected.reduce((sum, b) => sum + b.byteLength, 0));
    expect(home.gzipBytes).toBe(expected.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).byteLength, 0));

    const explore = await firstLoadJs(dist, '/explore');
    expect(explore.files).toEqual(['assets/explore-4.js', 'assets/index-1.js', 'assets/react-2.js', 'theme-init.js']);
    await expect(firstLoadJs(dist, '/no-such-route')).rejects.toThrow(/No split chunks found/);
  });
});

describe('route budgets', () => {
  it('behavior: every route file (with its layout route, the root excluded) is counted with the eagerly imported GraphQL client and what restoring a stored session imports; a route over its budget is named', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'route-budgets-'));
    const routes = path.join(repo, 'src', 'routes');
    await mkdir(path.join(routes, '_auth'), { recursive: true });
    for (const file of ['__root.tsx', 'index.tsx', 'redirect.tsx', '_auth.tsx', '_auth/profile.tsx']) await writeFile(path.join(routes, file), '');
    expect(await routeModules(repo)).toEqual([
      { route: '_auth/profile', modules: ['src/routes/_auth/profile.tsx', 'src/routes/_auth.tsx'] },
      { route: 'index', modules: ['src/routes/index.tsx'] },
      { route: 'redirect', modules: ['src/routes/redirect.tsx'] },
    ]);

    const dist = path.join(repo, 'dist');
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await mkdir(path.join(dist, 'assets'));
    // Incompressible bytes, so the gzip sizes are close to the raw ones: entry 20 KB, client 5 KB, profile 60 KB.
    const noise = (kb: number) => randomBytes(kb * 1024);
    const files: Record<string, Buffer> = {
      'assets/index-1.js': noise(20),
      'assets/client-2.js': noise(5),
      'assets/home-3.js': noise(1),
      'assets/auth-4.js': noise(1),
      'assets/profile-5.js': noise(60),
      'assets/keys-6.js': noise(1),
    };
    for (const [file, content] of Object.entries(files)) await writeFile(path.join(dist, file), content);
    await writeFile(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-1.js"></script>');
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/services/graphqlClient.ts': { file: 'assets/client-2.js' },
        'src/routes/index.tsx?tsr-split=component': { file: 'assets/home-3.js' },
        'src/routes/_auth.tsx?tsr-split=component': { file: 'assets/auth-4.js' },
        'src/routes/_auth/profile.tsx?tsr-split=component': { file: 'assets/profile-5.js' },
        'src/services/wallet/apiKeyStore.ts': { file: 'assets/keys-6.js' },
      }),
    );
    const results = await checkRouteBudgets(dist, repo, 60, 'src/routes', {});
    const byRoute = Object.fromEntries(results.map((result) => [result.route, result]));
    expect(byRoute.index!.files).toEqual(['assets/client-2.js', 'assets/home-3.js', 'assets/index-1.js', 'assets/keys-6.js']);
    expect(byRoute.redirect!.files).toEqual(['assets/client-2.js', 'assets/index-1.js', 'assets/keys-6.js']);
    expect(byRoute['_auth/profile']!.files).toEqual(['assets/auth-4.js', 'assets/client-2.js', 'assets/index-1.js', 'assets/keys-6.js', 'assets/profile-5.js']);
    expect(results.filter((result) => result.over).map((result) => result.route)).toEqual(['_auth/profile']);
    // A route's own budget (one not yet at the target) replaces the common one.
    const allowed = await checkRouteBudgets(dist, repo, 60, 'src/routes', { '_auth/profile': 100 });
    expect(allowed.filter((result) => result.over)).toEqual([]);
    // A restore that imports more (the phone-performance work: the wallet stack, about 26 KB) is counted with every route once listed.
    await expect(checkRouteBudgets(dist, repo, 60, 'src/routes', {}, {}, {}, ['src/services/wallet/walletStack.ts'])).rejects.toThrow(/walletStack\.ts is not in the build's manifest/);
    const withoutSession = await checkRouteBudgets(dist, repo, 60, 'src/routes', {}, {}, {}, []);
    expect(withoutSession.find((result) => result.route === 'index')!.files).toEqual(['assets/client-2.js', 'assets/home-3.js', 'assets/index-1.js']);
  });
});

describe('start chunks', () => {
  it('behavior: a route counts the chunks it imports as its first screen renders: every `all` module, and the `oneOf` module adding the most; a route budget below the common one tightens it', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'start-chunks-'));
    const routes = path.join(repo, 'src', 'routes');
    await mkdir(routes, { recursive: true });
    for (const file of ['__root.tsx', 'token.$id.tsx']) await writeFile(path.join(routes, file), '');
    const dist = path.join(repo, 'dist');
    await mkdir(path.join(dist, '.vite'), { recursive: true });
    await mkdir(path.join(dist, 'assets'));
    const noise = (kb: number) => randomBytes(kb * 1024);
    const files: Record<string, Buffer> = {
      'assets/index-1.js': noise(20),
      'assets/token-2.js': noise(5),
      'assets/toggle-3.js': noise(1),
      'assets/image-4.js': noise(1),
      'assets/sound-5.js': noise(2),
      'assets/icon-6.js': noise(2),
      'assets/shared-7.js': noise(3),
      'assets/client-8.js': noise(1),
    };
    for (const [file, content] of Object.entries(files)) await writeFile(path.join(dist, file), content);
    await writeFile(path.join(dist, 'index.html'), '<script type="module" src="/assets/index-1.js"></script>');
    await writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/services/graphqlClient.ts': { file: 'assets/client-8.js' },
        'src/routes/token.$id.tsx?tsr-split=component': { file: 'assets/token-2.js', imports: ['_shared'] },
        _shared: { file: 'assets/shared-7.js' },
        toggle: { file: 'assets/toggle-3.js' },
        // The image viewer's own chunk is small but it imports the shared chunk, already counted with the route.
        image: { file: 'assets/image-4.js', imports: ['_shared'] },
        sound: { file: 'assets/sound-5.js', imports: ['_icon'] },
        _icon: { file: 'assets/icon-6.js' },
      }),
    );
    const size = await firstLoadJsOfModules(dist, 'token.$id', ['src/routes/token.$id.tsx'], undefined, [], { all: ['toggle'], oneOf: ['image', 'sound'] });
    expect(size.largestOf).toBe('sound');
    expect(size.files).toEqual(['assets/icon-6.js', 'assets/index-1.js', 'assets/shared-7.js', 'assets/sound-5.js', 'assets/toggle-3.js', 'assets/token-2.js']);
    await expect(firstLoadJsOfModules(dist, 'token.$id', ['src/routes/token.$id.tsx'], undefined, [], { oneOf: ['video'] })).rejects.toThrow(/video is not in the build's manifest/);

    const start = { 'token.$id': { all: ['toggle'], oneOf: ['image', 'sound'] } };
    // 20 + 1 + 5 + 3 + 1 + 2 + 2 KB of incompressible bytes (with the GraphQL client): over a 32 KB budget of its own,
    // within the common 60.
    const [tight] = await checkRouteBudgets(dist, repo, 60, 'src/routes', {}, { 'token.$id': 32 }, start, []);
    expect(tight).toMatchObject({ route: 'token.$id', budgetKB: 32, over: true });
    const [common] = await checkRouteBudgets(dist, repo, 60, 'src/routes', {}, {}, start, []);
    expect(common).toMatchObject({ budgetKB: 60, over: false });
    // Without its start chunks the route is the entry, its chunk and what that imports.
    const [bare] = await checkRouteBudgets(dist, repo, 60, 'src/routes', {}, {}, {}, []);
    expect(bare!.files).toEqual(['assets/client-8.js', 'assets/index-1.js', 'assets/shared-7.js', 'assets/token-2.js']);
  });
});
