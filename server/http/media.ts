// GET /ipfs/:cid and /ipfs/thumbnail/:cid — immutable, content-addressed media with byte-range support.
// Two faces (issue 26 item 8): on the app's origin images, video, audio and JSON are served as they are, and a
// creator's scripts and HTML only as an attachment of plain text (a script gadget there would run with the app's
// privileges); on the content origin those scripts and HTML are served as they are, and nothing else.
import { Hono, type Context } from 'hono';
import { collectionManifestSchema } from '../indexer/manifest.js';
import { parseCid, type MediaStore } from '../media/store.js';
import { errorResponse } from './errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Opened directly, uploaded HTML/JS runs in an opaque origin: no access to the app's storage.
const MEDIA_CSP =
  "sandbox allow-scripts; default-src 'self'; script-src 'self' 'unsafe-inline' blob:; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; frame-ancestors 'self'";

/** Types that run code when a page loads them: served as such only from the content origin. */
export const ACTIVE_TYPES = new Set(['text/javascript', 'application/javascript', 'text/html']);

export type MediaOrigin = 'app' | 'content';

// Bytes from the database are plain ArrayBuffer-backed; TypeScript cannot tell from Uint8Array<ArrayBufferLike>.
const asBody = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

function mediaHeaders(cid: string, contentType: string, origin: MediaOrigin = 'app'): Headers {
  // On the app's origin a script or page is only ever a download: never text/javascript or text/html there.
  const inert = origin === 'app' && ACTIVE_TYPES.has(contentType);
  const served = inert ? 'text/plain' : contentType;
  const headers = new Headers({
    'Content-Type': served.startsWith('text/') ? `${served}; charset=utf-8` : served,
    'Cache-Control': IMMUTABLE,
    ETag: `"${cid}"`,
    'Accept-Ranges': 'bytes',
    'Content-Security-Policy': MEDIA_CSP,
    'X-Frame-Options': 'SAMEORIGIN',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  if (inert) headers.set('Content-Disposition', `attachment; filename="${cid}.txt"`);
  return headers;
}

/** Parses a single "bytes=a-b" range; null for none, 'invalid' when unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** The content origin's /ipfs/:cid: a creator's scripts and HTML as they are; other media live on the app's origin. */
export function contentMediaRoutes(store: MediaStore) {
  const app = new Hono();
  app.get('/:cid', (c) => serveMedia(c, store, 'content'));
  return app;
}

async function serveMedia(c: Context, store: MediaStore, origin: MediaOrigin): Promise<Response> {
  const cid = parseCid(c.req.param('cid') ?? '');
  if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
  const item = await store.get(cid);
  if (!item) return errorResponse(c, 404, 'not_found', `No media with CID ${cid}.`);
  if (origin === 'content' && !ACTIVE_TYPES.has(item.contentType)) {
    return errorResponse(c, 404, 'not_found', `The content origin serves scripts and HTML only; ${cid} is on the app's origin.`);
  }
  const headers = mediaHeaders(cid, item.contentType, origin);
  if (c.req.header('if-none-match') === headers.get('ETag')) return new Response(null, { status: 304, headers });
  const range = parseRange(c.req.header('range'), item.size);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${item.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = range ? item.bytes.subarray(range.start, range.end + 1) : item.bytes;
  headers.set('Content-Length', String(body.byteLength));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${item.size}`);
  return new Response(c.req.method === 'HEAD' ? null : asBody(body), { status: range ? 206 : 200, headers });
}

export function mediaRoutes(store: MediaStore) {
  const app = new Hono();

  app.get('/thumbnail/:cid', async (c) => {
    const cid = parseCid(c.req.param('cid'));
    if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
    const thumb = await store.thumbnail(cid);
    if (!thumb) return errorResponse(c, 404, 'not_found', `No thumbnail for ${cid}.`);
    const headers = mediaHeaders(cid, thumb.contentType);
    headers.set('ETag', `"${cid}-thumbnail"`);
    if (c.req.header('if-none-match') === headers.get('ETag')) return new Response(null, { status: 304, headers });
    headers.set('Content-Length', String(thumb.bytes.byteLength));
    return new Response(c.req.method === 'HEAD' ? null : asBody(thumb.bytes), { status: 200, headers });
  });

  app.get('/:cid', (c) => serveMedia(c, store, 'app'));

  // ERC-1155 uri(id): a collection's baseURI is ipfs://<manifest cid>/, so token metadata lives at <cid>/<id>.json.
  app.get('/:cid/:file', async (c) => {
    const cid = parseCid(c.req.param('cid'));
    if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
    const file = /^([1-9]\d{0,30})\.json$/.exec(c.req.param('file'));
    if (!file) return errorResponse(c, 404, 'not_found', 'Token metadata is at <cid>/<token id>.json.');
    const item = await store.get(cid);
    if (!item || item.contentType !== 'application/json') return errorResponse(c, 404, 'not_found', `No collection manifest with CID ${cid}.`);
    let manifest;
    try {
      manifest = collectionManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(item.bytes)));
    } catch {
      manifest = null; // JSON-typed bytes that do not parse
    }
    if (!manifest?.success) return errorResponse(c, 404, 'not_found', `${cid} is not a collection manifest.`);
    const token = manifest.data.tokens.find((entry) => String(entry.tokenId) === file[1]);
    if (!token) return errorResponse(c, 404, 'not_found', `The collection has no token ${file[1]}.`);
    const metadata = { name: token.name, description: token.description ?? '', ...(token.metadata ?? {}) };
    const etag = `"${cid}-${file[1]}"`;
    const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': IMMUTABLE, ETag: etag, 'Cross-Origin-Resource-Policy': 'same-origin' });
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(c.req.method === 'HEAD' ? null : JSON.stringify(metadata, null, 2), { status: 200, headers });
  });

  return app;
}
