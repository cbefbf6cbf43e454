// First-load JavaScript of a route in a built app: the entry with its static imports plus the route's split chunks.
// Usage: `npx tsx scripts/bundle-size.ts [distDir] [route...]` (needs `build.manifest`, see vite.config.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FirstLoadJs {
  route: string;
  /** Files fetched to render the route on a cold load, relative to distDir. */
  files: string[];
  bytes: number;
  gzipBytes: number;
}

/** Route path → the file-route module names the router plugin may have used for it. */
function routeFileCandidates(route: string): string[] {
  const trimmed = route.replace(/^\/+|\/+$/g, '');
  if (!trimmed) return ['src/routes/index.tsx'];
  const dotted = trimmed.replace(/\//g, '.');
  return [`src/routes/${trimmed}.tsx`, `src/routes/${trimmed}/index.tsx`, `src/routes/${dotted}.tsx`, `src/routes/${dotted}.index.tsx`];
}

function collectStatic(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) collectStatic(manifest, imported, into);
}

export async function firstLoadJs(distDir: string, route: string): Promise<FirstLoadJs> {
  const manifest = JSON.parse(await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();

  // What index.html loads up front: its scripts (entry module, pre-paint theme script) and modulepreloads.
  for (const match of html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g)) files.add(match[1]!);
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collectStatic(manifest, key, files);

  // The lazily split chunks of the route (component, loader, ...) are fetched right after the entry runs.
  const candidates = routeFileCandidates(route);
  const routeKeys = Object.keys(manifest).filter((key) => candidates.includes(key.split('?')[0]!) && key.includes('tsr-split'));
  if (route !== '__entry__' && routeKeys.length === 0) throw new Error(`No split chunks found for route ${route} (looked for ${candidates.join(', ')})`);
  for (const key of routeKeys) collectStatic(manifest, key, files);

  let bytes = 0;
  let gzipBytes = 0;
  const jsFiles = [...files].filter((file) => file.endsWith('.js')).sort();
  for (const file of jsFiles) {
    const content = await readFile(path.join(distDir, file));
    bytes += content.byteLength;
    gzipBytes += gzipSync(content, { level: 9 }).byteLength;
  }
  return { route, files: jsFiles, bytes, gzipBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [distArg, ...routes] = process.argv.slice(2);
  const distDir = path.resolve(distArg ?? 'dist');
  for (const route of routes.length ? routes : ['/', '/explore']) {
    const result = await firstLoadJs(distDir, route);
    console.log(`${route.padEnd(12)} ${(result.bytes / 1024).toFixed(1).padStart(7)} KB  ${(result.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip  (${result.files.length} files)`);
  }
}
