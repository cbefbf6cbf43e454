// The media cache's rules (media cached when viewed), pure so they are tested with an injected clock: which /ipfs/ answers
// are kept, by which key, and which entries go when the cache is over its byte budget. Media is content-addressed
// (immutable by CID), so a kept copy never goes stale; only room decides what stays. Entries pinned by a saved
// exhibition never count against the budget and are never evicted here: only `offline.unpin` releases them.

/** Unpinned media (images, gifs, sound, posters seen while browsing) kept at most, in bytes. */
export const MEDIA_CACHE_BUDGET_BYTES = 200 * 1024 * 1024;

/** One stored media answer's bookkeeping; the bytes live in the Cache Storage under the same key. */
export interface MediaEntry {
  /** `/ipfs/<cid>`, `/ipfs/<cid>?w=<width>` (an image's derivative) or `/ipfs/thumbnail/<cid>`: one entry per CID and derivative. */
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

const MEDIA_PATH = /^\/ipfs\/(thumbnail\/)?([A-Za-z0-9]+)$/;

/**
 * The cache key of a same-origin media URL (its path and search); null for anything that is not media. An image's
 * derivative (`?w=<width>`, the phone-performance work) is an entry of its own: its bytes are not the original's.
 */
export function mediaKeyOf(pathname: string, search = ''): string | null {
  const match = MEDIA_PATH.exec(pathname);
  if (!match) return null;
  const width = new URLSearchParams(search).get('w');
  return width !== null && !match[1] ? `${pathname}?w=${encodeURIComponent(width)}` : pathname;
}

/** How wide a kept copy is, for choosing a stand-in: a derivative its width, the thumbnail 480, the original widest. */
function keptWidth(key: string): number {
  if (key.startsWith('/ipfs/thumbnail/')) return 480;
  const width = /\?w=(\d+)$/.exec(key);
  return width ? Number(width[1]) : 1e9;
}

/**
 * Offline, an image asked at one width (or whole, or as its thumbnail) that is not kept can be shown from another kept
 * copy of the same CID: the keys of those, best first — the narrowest at least as wide as asked, then the wider of
 * the narrower ones. Only images stand in (a video's poster is another CID).
 */
export function mediaStandIns(key: string, entries: readonly MediaEntry[]): string[] {
  const cidOf = (path: string) => MEDIA_PATH.exec(path.split('?')[0]!)?.[2] ?? null;
  const cid = cidOf(key);
  if (!cid) return [];
  const wanted = keptWidth(key);
  const rank = (width: number) => (width >= wanted ? width - wanted : Number.MAX_SAFE_INTEGER - width);
  return entries
    .filter((entry) => entry.key !== key && cidOf(entry.key) === cid && mediaKindOf(entry.contentType) === 'image')
    .map((entry) => entry.key)
    .sort((a, b) => rank(keptWidth(a)) - rank(keptWidth(b)) || (a < b ? -1 : 1));
}

/**
 * A trustless-gateway request (IPFS-compatible content addresses): a raw block or a CAR of `/ipfs/<cid>`, asked by `Accept` or
 * `?format=`. Those answers share the file's path but not its bytes (`Vary: Accept`): never served from nor kept in
 * the media cache.
 */
export function isTrustlessRequest(url: URL, accept: string | null): boolean {
  const format = url.searchParams.get('format');
  if (format !== null && format !== '') return true;
  return /application\/vnd\.ipld\./i.test(accept ?? '');
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
