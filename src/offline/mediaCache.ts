// The worker's media cache (media cached when viewed): /ipfs/ answers by CID, cache first. The bookkeeping (bytes, last use,
// pins) and the bodies sit behind a small backend so the whole request handling runs in unit tests on memory;
// mediaRoute.ts gives it Cache Storage and IndexedDB in the worker. The rules are mediaPolicy.ts's.
import {
  isTrustlessRequest,
  mediaKeyOf,
  mediaStandIns,
  MEDIA_CACHE_BUDGET_BYTES,
  planMediaEviction,
  planQuotaEviction,
  shouldStoreMedia,
  touchMedia,
  unpinMedia,
  type MediaEntry,
} from './mediaPolicy';
import { parseByteRange } from '../../domain/byteRange';
import { PIN_HEADER, PIN_RESULT_HEADER, type PinResult } from './protocol';

export interface MediaBackend {
  entries(): Promise<MediaEntry[]>;
  get(key: string): Promise<MediaEntry | undefined>;
  put(entry: MediaEntry): Promise<void>;
  readBody(key: string): Promise<Response | undefined>;
  /** May throw a QuotaExceededError. */
  writeBody(key: string, response: Response): Promise<void>;
  delete(keys: readonly string[]): Promise<void>;
}

export interface MediaCacheOptions {
  backend: MediaBackend;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
  budget?: number;
  /** Storage was full (reported once per worker start by the caller). */
  onQuota?: () => void;
  /** Keeps the worker alive for work after the answer (event.waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
}

// A DOMException is not an Error in every realm: match on the name.
const isQuotaError = (error: unknown) => (error as { name?: unknown } | null)?.name === 'QuotaExceededError';

export function createMediaCache({ backend, fetch, now, budget = MEDIA_CACHE_BUDGET_BYTES, onQuota, waitUntil }: MediaCacheOptions) {
  const later = (work: Promise<unknown>) => {
    const quiet = work.catch(() => {});
    if (waitUntil) waitUntil(quiet);
  };

  async function evict(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await backend.delete(keys);
  }

  /** Stores the answer's body and entry, making room first; false when storage stayed full. */
  async function store(key: string, response: Response, pin: string | null): Promise<boolean> {
    const blob = await response.blob();
    const contentType = response.headers.get('Content-Type') ?? blob.type;
    const entry: MediaEntry = { key, bytes: blob.size, contentType, usedAt: now(), pins: pin ? [pin] : [] };
    if (!pin) await evict(planMediaEviction(await backend.entries(), budget, blob.size));
    const body = () => new Response(blob, { status: 200, headers: response.headers });
    try {
      await backend.writeBody(key, body());
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      onQuota?.();
      await evict(planQuotaEviction(await backend.entries()));
      try {
        await backend.writeBody(key, body());
      } catch (again) {
        if (isQuotaError(again)) return false;
        throw again;
      }
    }
    await backend.put(entry);
    return true;
  }

  async function serveStored(request: Request, key: string, entry: MediaEntry, pin: string | null): Promise<Response | undefined> {
    const stored = await backend.readBody(key);
    if (!stored) return undefined;
    const touched = backend.put(touchMedia(entry, now(), pin));
    // A save must know its pin is written; a view only refreshes the last use.
    if (pin) await touched;
    else later(touched);
    const rangeHeader = request.headers.get('Range');
    if (rangeHeader) return sliced(stored, rangeHeader);
    return pin ? withPinResult(stored, 'stored') : stored;
  }

  /** Another kept copy of the same image (mediaStandIns), served as it is; undefined when none is kept. */
  async function serveStandIn(request: Request, key: string): Promise<Response | undefined> {
    const entries = await backend.entries();
    for (const standIn of mediaStandIns(key, entries)) {
      const answer = await serveStored(request, standIn, entries.find((entry) => entry.key === standIn)!, null);
      if (answer) return answer;
    }
    return undefined;
  }

  /** Answers a same-origin GET for media: the stored copy first, else the network (kept when the policy says so). */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const key = mediaKeyOf(url.pathname, url.search);
    if (!key || isTrustlessRequest(url, request.headers.get('Accept'))) return fetch(request);
    const pin = request.headers.get(PIN_HEADER);
    const entry = await backend.get(key);
    if (entry) {
      const answer = await serveStored(request, key, entry, pin);
      if (answer) return answer;
    }
    const ranged = request.headers.has('Range');
    // A save asks for the whole file (a video too), whatever range a player would have asked for.
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      // Offline: an image seen at another width (or whole, or as its thumbnail) shows rather than nothing.
      const standIn = pin ? undefined : await serveStandIn(request, key);
      if (standIn) return standIn;
      throw error;
    }
    const contentType = response.headers.get('Content-Type') ?? '';
    // A player streams sound by ranges: the whole file is fetched beside it, so sound heard once plays offline.
    if (ranged && !pin && response.status === 206 && shouldStoreMedia({ status: 200, contentType, pinned: false, ranged: false })) {
      later(fetch(new Request(request.url)).then((whole) => (whole.status === 200 ? store(key, whole, null) : undefined)));
      return response;
    }
    if (!shouldStoreMedia({ status: response.status, contentType, pinned: pin !== null, ranged })) return response;
    if (pin) {
      const stored = await store(key, response.clone(), pin);
      return withPinResult(response, stored ? 'stored' : 'quota');
    }
    later(store(key, response.clone(), null));
    return response;
  }

  /** Releases a saved exhibition's pin; what no pin keeps any more falls under the byte budget again. */
  async function unpin(pin: string): Promise<void> {
    const entries = await backend.entries();
    const released = entries.filter((entry) => entry.pins.includes(pin)).map((entry) => unpinMedia(entry, pin));
    for (const entry of released) await backend.put(entry);
    const after = entries.map((entry) => released.find((next) => next.key === entry.key) ?? entry);
    // A video stays only while a saved exhibition keeps it.
    const videos = released.filter((entry) => entry.pins.length === 0 && !shouldStoreMedia({ status: 200, contentType: entry.contentType, pinned: false, ranged: false }));
    await evict(videos.map((entry) => entry.key));
    const rest = after.filter((entry) => !videos.some((video) => video.key === entry.key));
    await evict(planMediaEviction(rest, budget));
  }

  return { handle, unpin };
}

function withPinResult(response: Response, result: PinResult): Response {
  const headers = new Headers(response.headers);
  headers.set(PIN_RESULT_HEADER, result);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A 206 (or 416) answer for a byte range of a stored full file: how a saved video plays offline. */
async function sliced(stored: Response, rangeHeader: string): Promise<Response> {
  const blob = await stored.blob();
  const range = parseByteRange(rangeHeader, blob.size);
  const headers = new Headers(stored.headers);
  if (range === 'invalid') {
    headers.set('Content-Range', `bytes */${blob.size}`);
    headers.delete('Content-Length');
    return new Response(null, { status: 416, headers });
  }
  if (range === null) return new Response(blob, { status: 200, headers });
  const part = blob.slice(range.start, range.end + 1);
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
  headers.set('Content-Length', String(part.size));
  return new Response(part, { status: 206, headers });
}
