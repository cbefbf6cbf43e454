// The built PWA: files from dist/ with cache rules, and index.html for client-side routes (SPA fallback).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { errorResponse } from './errors.js';

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

async function fileResponse(c: Context, filePath: string, urlPath: string): Promise<Response | null> {
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) return null;
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': cacheControlFor(urlPath),
    'Last-Modified': info.mtime.toUTCString(),
  });
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

export function serveApp(staticDir: string) {
  const root = normalize(staticDir);
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
    const index = await fileResponse(c, join(root, 'index.html'), '/index.html');
    if (index) return index;
    return errorResponse(c, 404, 'not_found', 'The app is not built yet: run `npm run build`.');
  };
}
