// The server as `npm start` runs it: server/main.ts and what it imports bundled by esbuild into one folder of ES
// modules (`dist-server/<hash>/main.mjs`, minified, with source maps), so a start loads a few files instead of
// resolving and transforming some two thousand through tsx's loader (on the 100,000-token database the cold start went
// from 4.2 s under tsx to about 1.5 s). `npm run server` and the tests still run server/main.ts through tsx.
//
// - Packages that read their own files at run time, load native code or must be one copy with what loads them
//   elsewhere stay outside the bundle, resolved from node_modules as before: `EXTERNAL`.
// - The server's own modules find files beside them with `new URL('…', import.meta.url)` (the migrations, the sandbox
//   page, p5, the deployments file): in the bundle each module's import.meta.url is its source file's, written as a
//   path relative to the bundle so the repository can move.
// - The folder is named by a hash of what was built, written to a temporary folder and renamed into place, so demo
//   stacks started at once (the e2e suite's two) build the same folder without reading each other's half-written files.
//   The newest KEEP folders stay; a running server's lazy chunks (the indexer) are in its own.
//
// CLI: `npm run build:server` prints the entry's path.
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
export const serverBuildDir = join(root, 'dist-server');
const KEEP = 5;

/**
 * - graphql: graphql-yoga and server/graphql/limits.ts (through createRequire) must share its CommonJS copy.
 * - PGlite reads its wasm and data files beside its modules; sharp and rabin-wasm load native code and wasm the same way.
 * - viem loads only with the first signature check and the indexer; kept out, it stays a lazy import.
 * - pg-native, bufferutil and utf-8-validate are optional packages pg and ws try to load.
 */
export const EXTERNAL = [
  'graphql',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'sharp',
  'rabin-wasm',
  'viem',
  'viem/*',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/** Replaces `import.meta.url` in the repository's own sources with its source file's URL, relative to the bundle. */
function sourceFileUrls(outdir: string): Plugin {
  return {
    name: 'source-file-urls',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outdir, args.path).split(sep).join('/');
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** Bundles the server when what it is built from changed; returns the entry's path. */
export async function buildServer(): Promise<string> {
  // Every build's folder is one level below dist-server/, so the relative source paths are the same in all of them.
  const placeholder = join(serverBuildDir, 'build');
  const result = await build({
    entryPoints: [join(root, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    outdir: placeholder,
    outExtension: { '.js': '.mjs' },
    external: EXTERNAL,
    // CommonJS packages inside an ES module bundle call require() for Node's built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    minify: true,
    keepNames: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [sourceFileUrls(placeholder)],
  });
  const hash = createHash('sha256');
  for (const file of [...result.outputFiles].sort((a, b) => a.path.localeCompare(b.path))) {
    hash.update(relative(placeholder, file.path));
    hash.update(file.contents);
  }
  const folder = join(serverBuildDir, hash.digest('hex').slice(0, 16));
  const entry = join(folder, 'main.mjs');
  if (!existsSync(entry)) {
    const temporary = `${folder}.tmp-${process.pid}-${Date.now()}`;
    for (const file of result.outputFiles) {
      const path = join(temporary, relative(placeholder, file.path));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.contents);
    }
    try {
      renameSync(temporary, folder);
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      // Another start built the same folder first.
      if (!existsSync(entry)) throw error;
    }
  } else {
    const now = new Date();
    utimesSync(folder, now, now); // the newest used stays among those kept
  }
  prune(folder);
  return entry;
}

/** Removes all but the KEEP most recently built or used folders (and temporary folders a crashed build left). */
function prune(current: string) {
  const folders = readdirSync(serverBuildDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(serverBuildDir, entry.name))
    .filter((path) => path !== current)
    .map((path) => ({ path, mtime: statSync(path).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const hour = 60 * 60 * 1000;
  folders.forEach(({ path, mtime }, index) => {
    const temporary = path.includes('.tmp-');
    if (temporary ? Date.now() - mtime > hour : index >= KEEP - 1) rmSync(path, { recursive: true, force: true });
  });
}

/** The command that runs the built server: Node with source maps, so stack traces name the source files. */
export function serverCommand(entry: string): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--enable-source-maps', entry] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await buildServer());
}
