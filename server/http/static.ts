// The built PWA: files from dist/ with cache rules, and index.html for client-side routes (SPA fallback).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { errorResponse } from './errors.js';
import { navigationPages } from './navigationHints.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
};

// Must always be revalidated, or clients would miss a new deployment.
const NO_CACHE_FILES = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);
// Vite emits content-hashed file names under /assets/.
const HASHED_PREFIX = '/assets/';

export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE_FILES.has(urlPath) || urlPath.startsWith('/workbox-')) return 'no-cache';
  if (urlPath.startsWith(HASHED_PREFIX)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Paths the SPA fallback never answers with index.html. */
export function isApiPath(path: string): boolean {
  return /^\/(api|graphql|socket\.io|ipfs)(\/|$)/.test(path);
}

// Text assets are sent compressed: the first-load bundle is ~3x smaller on the wire (what a phone waits for).
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1024;
const MAX_COMPRESS_BYTES = 8 * 1024 * 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Built files never change in place (a rebuild changes mtime and size), so each encoding is computed once.
const compressedCache = new Map<string, Promise<Uint8Array>>();

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q=0 refuses one), or null. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name!, q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const q = accepted.get(encoding) ?? (accepted.has('*') ? accepted.get('*')! : 0);
    if (q > 0) return encoding;
  }
  return null;
}

function compressedFile(filePath: string, size: number, mtimeMs: number, encoding: Encoding): Promise<Uint8Array> {
  const key = `${encoding}:${filePath}:${size}:${mtimeMs}`;
  let entry = compressedCache.get(key);
  if (!entry) {
    entry = readFile(filePath).then((bytes) =>
      encoding === 'br'
        ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
        : gzipAsync(bytes, { level: 9 }),
    );
    entry.catch(() => compressedCache.delete(key));
    compressedCache.set(key, entry);
  }
  return entry;
}

async function fileResponse(c: Context, filePath: string, urlPath: string): Promise<Response | null> {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) return null;
  const contentType = CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
  const headers = new Headers({
    'Content-Type': contentType,
    'Content-Length': String(info.size),
    'Cache-Control': cacheControlFor(urlPath),
    'Last-Modified': info.mtime.toUTCString(),
  });
  const compressible = COMPRESSIBLE.test(contentType) && info.size >= MIN_COMPRESS_BYTES && info.size <= MAX_COMPRESS_BYTES;
  if (compressible) headers.set('Vary', 'Accept-Encoding');
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const encoding = compressible ? negotiateEncoding(c.req.header('accept-encoding')) : null;
  if (encoding) {
    const bytes = await compressedFile(filePath, info.size, info.mtimeMs, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(bytes.byteLength));
    return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }
  const body = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

// A navigation's page (index.html with its route's hints) compressed once per build, route and encoding.
const pageCache = new Map<string, Promise<Uint8Array>>();

/**
 * The page with its route's first answers (http/firstAnswers.ts) in its head: made for this request, so it has no
 * validator (no-cache, not no-store, which would keep the page out of the back/forward cache) and is compressed at a
 * quick level (a few kilobytes, about a millisecond).
 */
async function answeredNavigationResponse(c: Context, page: { html: string }, answers: string): Promise<Response> {
  const at = page.html.indexOf('</head>');
  const bytes = Buffer.from(at < 0 ? page.html : `${page.html.slice(0, at)}${answers}${page.html.slice(at)}`, 'utf8');
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES['.html']!,
    'Cache-Control': cacheControlFor('/index.html'),
    Vary: 'Accept-Encoding',
  });
  const encoding = negotiateEncoding(c.req.header('accept-encoding'));
  let body: Uint8Array = bytes;
  if (encoding) {
    body = await (encoding === 'br' ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(bytes, { level: 6 }));
    headers.set('Content-Encoding', encoding);
  }
  headers.set('Content-Length', String(body.byteLength));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

async function navigationResponse(c: Context, page: { html: string; etag: string; lastModified: Date }): Promise<Response> {
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES['.html']!,
    'Cache-Control': cacheControlFor('/index.html'),
    'Last-Modified': page.lastModified.toUTCString(),
    ETag: page.etag,
    Vary: 'Accept-Encoding',
  });
  if (c.req.header('if-none-match') === page.etag) return new Response(null, { status: 304, headers });
  const bytes = Buffer.from(page.html, 'utf8');
  const encoding = negotiateEncoding(c.req.header('accept-encoding'));
  let body: Uint8Array = bytes;
  if (encoding) {
    const key = `${encoding}:${page.etag}`;
    let entry = pageCache.get(key);
    if (!entry) {
      if (pageCache.size > 200) pageCache.clear();
      entry = encoding === 'br' ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipAsync(bytes, { level: 9 });
      entry.catch(() => pageCache.delete(key));
      pageCache.set(key, entry);
    }
    body = await entry;
    headers.set('Content-Encoding', encoding);
  }
  headers.set('Content-Length', String(body.byteLength));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** The head elements of a navigation's first answers ('' for none), see http/firstAnswers.ts. */
export type FirstAnswersFor = (c: Context, urlPath: string) => Promise<string>;

export function serveApp(staticDir: string, firstAnswers?: FirstAnswersFor) {
  const root = normalize(staticDir);
  const pages = navigationPages(root);
  return async (c: Context) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      return errorResponse(c, 400, 'bad_request', 'Malformed URL path.');
    }
    const filePath = normalize(join(root, urlPath));
    if (filePath !== root && !filePath.startsWith(root + sep)) {
      return errorResponse(c, 404, 'not_found', 'Not found.');
    }
    const file = urlPath.endsWith('/') ? null : await fileResponse(c, filePath, urlPath);
    if (file) return file;
    // A path with a file extension is a missing asset, not a client route.
    const lastSegment = urlPath.split('/').pop() ?? '';
    const looksLikeFile = lastSegment.includes('.') && !urlPath.endsWith('.html');
    if (looksLikeFile) return errorResponse(c, 404, 'not_found', `No file at ${urlPath}.`);
    // A client route: index.html with the hints of what this route fetches first (server/http/navigationHints.ts).
    const page = await pages.page(urlPath);
    if (!page) return errorResponse(c, 404, 'not_found', 'The app is not built yet: run `npm run build`.');
    const answers = c.req.method === 'GET' && firstAnswers ? await firstAnswers(c, urlPath).catch(() => '') : '';
    return answers ? answeredNavigationResponse(c, page, answers) : navigationResponse(c, page);
  };
}
