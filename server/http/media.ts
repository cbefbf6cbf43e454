// GET /ipfs/:cid and /ipfs/thumbnail/:cid — immutable, content-addressed media with byte-range support; /ipfs/:cid?w=
// a still image's webp derivative at one of DERIVATIVE_WIDTHS (media/store.ts, fast on phones); /ipfs/:cid with
// a raw-block or CAR Accept type is the trustless gateway (gateway.ts); /ipfs/:cid/:file a collection's metadata.
// Two faces (the content origin for creators' scripts): on the app's origin images, video, audio and JSON are served as they are, and a
// creator's scripts and HTML only as an attachment of plain text (a script gadget there would run with the app's
// privileges); on the content origin those scripts and HTML are served as they are, and nothing else.
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { parseByteRange } from '../../domain/byteRange.js';
import type { Db } from '../db/client.js';
import { collectionManifestSchema } from '../indexer/manifest.js';
import { readDirectoryFile } from '../media/directory.js';
import { DERIVATIVE_WIDTHS, parseCid, type DerivativeWidth, type MediaStore } from '../media/store.js';
import { errorResponse } from './errors.js';
import { answerTrustless, negotiateTrustless } from './gateway.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Opened directly, uploaded HTML/JS runs in an opaque origin: no access to the app's storage.
const MEDIA_CSP =
  "sandbox allow-scripts; default-src 'self'; script-src 'self' 'unsafe-inline' blob:; " +
  "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; frame-ancestors 'self'";

/** Types that run code when a page loads them: served as such only from the content origin. */
export const ACTIVE_TYPES = new Set(['text/javascript', 'application/javascript', 'text/html']);

export type MediaOrigin = 'app' | 'content';

/** A blob stream as a response body: read as the client reads (a range reads only its bytes). */
const asBody = (stream: Readable) => Readable.toWeb(stream) as ReadableStream<Uint8Array>;

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
  const range = parseByteRange(c.req.header('range'), item.size);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${item.size}`);
    return new Response(null, { status: 416, headers });
  }
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : item.size));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${item.size}`);
  const body = c.req.method === 'HEAD' ? null : asBody(await item.open(range ?? undefined));
  return new Response(body, { status: range ? 206 : 200, headers });
}

/** The `w` of `/ipfs/<cid>?w=`: one of DERIVATIVE_WIDTHS, else null. */
function derivativeWidth(value: string): DerivativeWidth | null {
  return DERIVATIVE_WIDTHS.find((width) => String(width) === value) ?? null;
}

/** `/ipfs/<cid>?w=<width>`: the webp derivative; a gif or animated image answers with its original. */
async function serveDerivative(c: Context, store: MediaStore, value: string): Promise<Response> {
  const width = derivativeWidth(value);
  if (!width) return errorResponse(c, 400, 'invalid_width', `The width must be one of ${DERIVATIVE_WIDTHS.join(', ')}.`);
  const cid = parseCid(c.req.param('cid') ?? '');
  if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
  const answer = await store.derivative(cid, width);
  if (answer.kind === 'missing') return errorResponse(c, 404, 'not_found', `No media with CID ${cid}.`);
  if (answer.kind === 'not_image') return errorResponse(c, 400, 'not_an_image', `${cid} is not an image: only images have resized copies.`);
  if (answer.kind === 'original') return serveMedia(c, store, 'app');
  const headers = mediaHeaders(cid, answer.thumbnail.contentType);
  headers.set('ETag', `"${cid}-w${width}"`);
  headers.delete('Accept-Ranges');
  if (c.req.header('if-none-match') === headers.get('ETag')) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(answer.thumbnail.size));
  return new Response(c.req.method === 'HEAD' ? null : asBody(await answer.thumbnail.open()), { status: 200, headers });
}

export function mediaRoutes(store: MediaStore, db: Db) {
  const app = new Hono();

  app.get('/thumbnail/:cid', async (c) => {
    const cid = parseCid(c.req.param('cid'));
    if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
    const thumb = await store.thumbnail(cid);
    if (!thumb) return errorResponse(c, 404, 'not_found', `No thumbnail for ${cid}.`);
    const headers = mediaHeaders(cid, thumb.contentType);
    headers.set('ETag', `"${cid}-thumbnail"`);
    if (c.req.header('if-none-match') === headers.get('ETag')) return new Response(null, { status: 304, headers });
    headers.set('Content-Length', String(thumb.size));
    return new Response(c.req.method === 'HEAD' ? null : asBody(await thumb.open()), { status: 200, headers });
  });

  app.get('/:cid', async (c) => {
    // The trustless gateway (http/gateway.ts): a raw block or a CAR when the request asks for one.
    const ask = negotiateTrustless(c.req.header('accept'), c.req.query('format'), c.req.query('dag-scope'));
    const width = c.req.query('w');
    if (!ask) return width === undefined ? serveMedia(c, store, 'app') : serveDerivative(c, store, width);
    const vary = (response: Response) => (response.headers.set('Vary', 'Accept'), response);
    if ('error' in ask) return vary(errorResponse(c, ask.error, ask.error === 406 ? 'not_acceptable' : 'bad_request', ask.message));
    const cid = parseCid(c.req.param('cid'));
    if (!cid) return vary(errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.'));
    const answer = await answerTrustless(db, store, cid, ask, c.req.method, c.req.header('if-none-match'));
    return answer ?? vary(errorResponse(c, 404, 'not_found', `No block or DAG with CID ${cid}.`));
  });

  // ERC-1155 uri(id): a collection's baseURI is ipfs://<dir cid>/ (ipfs://<manifest cid>/ for collections published before metadata became a UnixFS directory), so token
  // metadata lives at <cid>/<id>.json: a file of the directory, or, for a raw manifest, its token's entry.
  app.get('/:cid/:file', async (c) => {
    if (negotiateTrustless(c.req.header('accept'), c.req.query('format'), c.req.query('dag-scope'))) {
      return errorResponse(c, 400, 'bad_request', 'Raw blocks and CARs are answered for /ipfs/{cid} only, without a path.');
    }
    const cid = parseCid(c.req.param('cid'));
    if (!cid) return errorResponse(c, 400, 'invalid_cid', 'That is not a valid CID.');
    const item = await store.get(cid);
    if (!item) return serveDirectoryFile(c, cid, c.req.param('file'));
    const file = /^([1-9]\d{0,30})\.json$/.exec(c.req.param('file'));
    if (!file) return errorResponse(c, 404, 'not_found', 'Token metadata is at <cid>/<token id>.json.');
    if (item.contentType !== 'application/json') return errorResponse(c, 404, 'not_found', `No collection manifest with CID ${cid}.`);
    let manifest;
    try {
      manifest = collectionManifestSchema.safeParse(JSON.parse(new TextDecoder().decode(await item.read())));
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

  async function serveDirectoryFile(c: Context, cid: string, name: string): Promise<Response> {
    const etag = `"${cid}/${name}"`;
    const headers = new Headers({ 'Cache-Control': IMMUTABLE, ETag: etag, 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' });
    const bytes = await readDirectoryFile(db, store, cid, name);
    if (!bytes) return errorResponse(c, 404, 'not_found', `No file ${name} in ${cid}.`);
    // Only JSON documents are written into collection directories; anything else is a download.
    headers.set('Content-Type', name.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream');
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    headers.set('Content-Length', String(bytes.byteLength));
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
  }

  return app;
}
