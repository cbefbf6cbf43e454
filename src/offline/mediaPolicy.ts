// The media cache's rules (issue 27 item 4), pure so they are tested with an injected clock: which /ipfs/ answers
// are kept, by which key, and which entries go when the cache is over its byte budget. Media is content-addressed
// (immutable by CID), so a kept copy never goes stale; only room decides what stays. Entries pinned by a saved
// exhibition never count against the budget and are never evicted here: only `offline.unpin` releases them.

/** Unpinned media (images, gifs, sound, posters seen while browsing) kept at most, in bytes. */
export const MEDIA_CACHE_BUDGET_BYTES = 200 * 1024 * 1024;

/** One stored media answer's bookkeeping; the bytes live in the Cache Storage under the same key. */
export interface MediaEntry {
  /** The URL's path, `/ipfs/<cid>` or `/ipfs/thumbnail/<cid>`: one entry per CID and derivative. */
  key: string;
  bytes: number;
  contentType: string;
  /** Epoch ms of the last time it was served or stored (least-recently-used eviction). */
  usedAt: number;
  /** Saved exhibitions keeping it (`exhibition:<id>`); never evicted while any is left. */
  pins: string[];
}

export type MediaKind = 'image' | 'audio' | 'video' | 'other';

export function mediaKindOf(contentType: string): MediaKind {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'other';
}

/** The cache key of a same-origin media URL's path; null for anything that is not media. */
export function mediaKeyOf(pathname: string): string | null {
  return /^\/ipfs\/(thumbnail\/)?[A-Za-z0-9]+$/.test(pathname) ? pathname : null;
}

export interface StoreQuestion {
  status: number;
  contentType: string;
  /** The request carried a pin (a save): everything of a saved exhibition is kept, videos whole. */
  pinned: boolean;
  /** The request asked for a byte range (a video or sound element streaming): only a full answer is stored. */
  ranged: boolean;
}

/**
 * Whether an answer is stored: only full 200 answers; images, gifs and sound when viewed; a video (or anything
 * else) only when a saved exhibition pins it — viewing a video caches its poster (an image), not the file.
 */
export function shouldStoreMedia({ status, contentType, pinned, ranged }: StoreQuestion): boolean {
  if (status !== 200 || ranged) return false;
  if (pinned) return true;
  const kind = mediaKindOf(contentType);
  return kind === 'image' || kind === 'audio';
}

/** The entry after it was served at `now` (a pin is added when the request named one). */
export function touchMedia(entry: MediaEntry, now: number, pin?: string | null): MediaEntry {
  const pins = pin && !entry.pins.includes(pin) ? [...entry.pins, pin] : entry.pins;
  return { ...entry, usedAt: now, pins };
}

/** The entry without `pin`. */
export function unpinMedia(entry: MediaEntry, pin: string): MediaEntry {
  return { ...entry, pins: entry.pins.filter((name) => name !== pin) };
}

/** Bytes of the unpinned entries, the ones the budget bounds. */
export function unpinnedBytes(entries: readonly MediaEntry[]): number {
  return entries.reduce((sum, entry) => (entry.pins.length === 0 ? sum + entry.bytes : sum), 0);
}

/**
 * The keys to evict so the unpinned entries fit in `budget` bytes (with `incoming` bytes about to be stored):
 * least recently used first; pinned entries are never chosen.
 */
export function planMediaEviction(entries: readonly MediaEntry[], budget: number, incoming = 0): string[] {
  let total = unpinnedBytes(entries) + incoming;
  if (total <= budget) return [];
  const evict: string[] = [];
  const candidates = entries.filter((entry) => entry.pins.length === 0).sort((a, b) => a.usedAt - b.usedAt || (a.key < b.key ? -1 : 1));
  for (const entry of candidates) {
    if (total <= budget) break;
    evict.push(entry.key);
    total -= entry.bytes;
  }
  return evict;
}

/**
 * After a quota error: the oldest unpinned entries holding at least `share` of the unpinned bytes (at least one),
 * so the next write has room.
 */
export function planQuotaEviction(entries: readonly MediaEntry[], share = 0.5): string[] {
  const unpinned = unpinnedBytes(entries);
  return planMediaEviction(entries, Math.min(unpinned - 1, Math.floor(unpinned * (1 - share))));
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * A single `bytes=a-b` range over a stored file of `size` bytes (what a video or audio element asks for); null for
 * no header, 'invalid' when it cannot be satisfied (416).
 */
export function parseByteRange(header: string | null, size: number): ByteRange | null | 'invalid' {
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
