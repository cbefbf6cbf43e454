// /sandbox: the page generative tokens run in (inside an iframe sandboxed to an opaque origin), p5.js and sketches.
// Served only by the content origin (server/http/content.ts), never by the app's: a creator's script loaded from the
// app's origin would run with the app's privileges.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Hono, type Context } from 'hono';
import { parseCid, type MediaStore } from '../media/store.js';
import { installedP5Version, sandboxPageVersion } from '../sandbox/pageVersion.js';
import { errorResponse } from './errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Not in public/: the app's build (and its service worker's precache) must not carry them; only this origin serves them.
const SANDBOX_DIR = new URL('../sandbox/', import.meta.url);
const PAGE_FILES: Record<string, string> = {
  'generative.html': 'text/html; charset=utf-8',
  'generative.js': 'text/javascript; charset=utf-8',
  'generative.css': 'text/css; charset=utf-8',
};
const SCRIPT_TYPES = new Set(['text/javascript', 'application/javascript']);
/** The p5 build the page loads; its versioned URL can be cached forever. */
export const P5_LIBRARY_PATH = '/sandbox/lib/p5.min.js';

// p5's package exports hide package.json and lib/, so read them from the installed package folder.
const P5_DIR = new URL('../../node_modules/p5/', import.meta.url);
const p5Version = installedP5Version(P5_DIR);
export const p5VersionedPath = `/sandbox/lib/p5@${p5Version}.min.js`;
/** The page's version: `?v=<it>` on the page, its script and style makes them immutable (the app's frame URL has it). */
export const sandboxVersion = sandboxPageVersion(SANDBOX_DIR, p5Version);

/**
 * The frame's own policy: it runs in an opaque origin even when opened directly, loads scripts only from this
 * server (the explicit origin too, since some browsers match 'self' against the opaque origin), and only the
 * app's pages (its origins, `appOrigins`) may frame it.
 */
export function sandboxContentSecurityPolicy(origin: string, appOrigins: readonly string[]): string {
  const self = `'self' ${origin}`;
  return [
    'sandbox allow-scripts',
    "default-src 'none'",
    `script-src ${self}`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob:`,
    `media-src ${self} data: blob:`,
    `connect-src ${self}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${appOrigins.length > 0 ? appOrigins.join(' ') : "'none'"}`,
  ].join('; ');
}

// Loaded on first use and kept: these files change only with a deployment (ETag lets browsers revalidate).
const cache = new Map<string, Promise<Uint8Array>>();
function cachedFile(key: string, load: () => Promise<Uint8Array>): Promise<Uint8Array> {
  let entry = cache.get(key);
  if (!entry) {
    entry = load();
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry;
}

async function pageFile(name: string): Promise<Uint8Array> {
  return cachedFile(name, async () => {
    const bytes = await readFile(new URL(name, SANDBOX_DIR));
    if (!name.endsWith('.html')) return bytes;
    const html = bytes
      .toString('utf8')
      .replaceAll(P5_LIBRARY_PATH, p5VersionedPath)
      .replaceAll('"/sandbox/generative.js"', `"/sandbox/generative.js?v=${sandboxVersion}"`)
      .replaceAll('"/sandbox/generative.css"', `"/sandbox/generative.css?v=${sandboxVersion}"`);
    return new TextEncoder().encode(html);
  });
}

const p5Bytes = () => cachedFile('p5', () => readFile(new URL('lib/p5.min.js', P5_DIR)));
const contentTag = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

function respond(c: Context, appOrigins: readonly string[], bytes: Uint8Array, contentType: string, cacheControl: string, etag: string): Response {
  const headers = new Headers({
    'Content-Type': contentType,
    'Cache-Control': cacheControl,
    ETag: etag,
    // No X-Frame-Options: it cannot name another origin; frame-ancestors says which pages may frame this one.
    'Content-Security-Policy': sandboxContentSecurityPolicy(new URL(c.req.url).origin, appOrigins),
    // The frame's origin is opaque, so every load from it is cross-origin.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
}

/** `appOrigins`: the pages allowed to frame the sandbox (the app's origins). */
export function sandboxRoutes(mediaStore: MediaStore, appOrigins: readonly string[]) {
  const app = new Hono();

  app.get('/lib/:file', async (c) => {
    if (`/sandbox/lib/${c.req.param('file')}` !== p5VersionedPath) {
      return errorResponse(c, 404, 'not_found', `The sandbox serves p5 ${p5Version} only.`);
    }
    return respond(c, appOrigins, await p5Bytes(), 'text/javascript; charset=utf-8', IMMUTABLE, `"p5-${p5Version}"`);
  });

  // Sketches come from the media store; /ipfs answers same-origin only (CORP), which an opaque frame is not.
  app.get('/sketch/:cid', async (c) => {
    const cid = parseCid(c.req.param('cid'));
    if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
    const item = await mediaStore.get(cid);
    if (!item) return errorResponse(c, 404, 'not_found', `No media with CID ${cid}.`);
    if (!SCRIPT_TYPES.has(item.contentType)) return errorResponse(c, 415, 'not_a_script', 'That media is not a JavaScript sketch.');
    return respond(c, appOrigins, await item.read(), 'text/javascript; charset=utf-8', IMMUTABLE, `"${cid}"`);
  });

  app.get('/:file', async (c) => {
    const name = c.req.param('file');
    // Own keys only: '__proto__' or 'constructor' must not reach Object.prototype.
    const contentType = Object.hasOwn(PAGE_FILES, name) ? PAGE_FILES[name] : undefined;
    if (!contentType) return errorResponse(c, 404, 'not_found', `Nothing at /sandbox/${name}.`);
    const bytes = await pageFile(name);
    // The current version's URL never changes content; any other (an old or no version) is revalidated.
    const cacheControl = c.req.query('v') === sandboxVersion ? IMMUTABLE : 'no-cache';
    return respond(c, appOrigins, bytes, contentType, cacheControl, contentTag(bytes));
  });

  return app;
}
