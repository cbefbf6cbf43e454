import { describe, expect, it } from 'vitest';
import {
  MEDIA_CACHE_BUDGET_BYTES,
  mediaKeyOf,
  mediaStandIns,
  planMediaEviction,
  planQuotaEviction,
  shouldStoreMedia,
  touchMedia,
  unpinMedia,
  unpinnedBytes,
  type MediaEntry,
} from '../../src/offline/mediaPolicy';

const entry = (key: string, bytes: number, usedAt: number, pins: string[] = [], contentType = 'image/png'): MediaEntry => ({ key, bytes, usedAt, pins, contentType });

describe('media cache policy', () => {
  it('default: the stated byte budget is 200 MiB', () => {
    expect(MEDIA_CACHE_BUDGET_BYTES).toBe(209715200);
  });

  it('keys: one per CID and derivative; nothing else is media', () => {
    expect(mediaKeyOf('/ipfs/bafkreiabc123')).toBe('/ipfs/bafkreiabc123');
    expect(mediaKeyOf('/ipfs/thumbnail/bafkreiabc123')).toBe('/ipfs/thumbnail/bafkreiabc123');
    expect(mediaKeyOf('/ipfs/bafkreiabc123', '?w=640')).toBe('/ipfs/bafkreiabc123?w=640');
    expect(mediaKeyOf('/ipfs/bafkreiabc123', '?x=1')).toBe('/ipfs/bafkreiabc123');
    expect(mediaKeyOf('/ipfs/thumbnail/bafkreiabc123', '?w=640')).toBe('/ipfs/thumbnail/bafkreiabc123');
    expect(mediaKeyOf('/ipfs/')).toBeNull();
    expect(mediaKeyOf('/ipfs/a/b/c')).toBeNull();
    expect(mediaKeyOf('/api/v1/config')).toBeNull();
  });

  it('stand-ins: other kept images of the same CID, the narrowest at least as wide as asked first, then the widest narrower', () => {
    const kept = (key: string, contentType = 'image/webp') => entry(key, 10, 1, [], contentType);
    const entries = [
      kept('/ipfs/art?w=320'),
      kept('/ipfs/art?w=1440'),
      kept('/ipfs/art?w=960'),
      kept('/ipfs/thumbnail/art'),
      kept('/ipfs/art', 'image/png'),
      kept('/ipfs/other?w=640'),
      kept('/ipfs/tune', 'audio/mpeg'),
    ];
    expect(mediaStandIns('/ipfs/art?w=640', entries)).toEqual(['/ipfs/art?w=960', '/ipfs/art?w=1440', '/ipfs/art', '/ipfs/thumbnail/art', '/ipfs/art?w=320']);
    expect(mediaStandIns('/ipfs/art', entries)).toEqual(['/ipfs/art?w=1440', '/ipfs/art?w=960', '/ipfs/thumbnail/art', '/ipfs/art?w=320']);
    expect(mediaStandIns('/ipfs/thumbnail/art', entries)).toEqual(['/ipfs/art?w=960', '/ipfs/art?w=1440', '/ipfs/art', '/ipfs/art?w=320']);
    expect(mediaStandIns('/ipfs/tune?w=640', entries)).toEqual([]);
    expect(mediaStandIns('/ipfs/none?w=640', entries)).toEqual([]);
    expect(mediaStandIns('/api/v1/config', entries)).toEqual([]);
  });

  it('behavior: images, gifs and sound are kept when viewed; a video only when a save pins it', () => {
    const viewed = { status: 200, pinned: false, ranged: false };
    expect(shouldStoreMedia({ ...viewed, contentType: 'image/png' })).toBe(true);
    expect(shouldStoreMedia({ ...viewed, contentType: 'image/gif' })).toBe(true);
    expect(shouldStoreMedia({ ...viewed, contentType: 'audio/mpeg' })).toBe(true);
    expect(shouldStoreMedia({ ...viewed, contentType: 'video/mp4' })).toBe(false);
    expect(shouldStoreMedia({ ...viewed, contentType: 'application/json' })).toBe(false);
    expect(shouldStoreMedia({ ...viewed, contentType: 'video/mp4', pinned: true })).toBe(true);
  });

  it('behavior: only a full 200 answer is stored (no error, no partial range)', () => {
    expect(shouldStoreMedia({ status: 404, contentType: 'image/png', pinned: true, ranged: false })).toBe(false);
    expect(shouldStoreMedia({ status: 206, contentType: 'video/mp4', pinned: true, ranged: true })).toBe(false);
    expect(shouldStoreMedia({ status: 200, contentType: 'audio/mpeg', pinned: false, ranged: true })).toBe(false);
  });

  it('clock: serving an entry moves its last use to now and adds the pin once', () => {
    const at = entry('/ipfs/a', 10, 1_000);
    expect(touchMedia(at, 5_000)).toEqual({ ...at, usedAt: 5_000 });
    const pinned = touchMedia(at, 6_000, 'exhibition:1');
    expect(pinned.pins).toEqual(['exhibition:1']);
    expect(touchMedia(pinned, 7_000, 'exhibition:1').pins).toEqual(['exhibition:1']);
    expect(unpinMedia(touchMedia(pinned, 8_000, 'exhibition:2'), 'exhibition:1').pins).toEqual(['exhibition:2']);
  });

  it('budget: nothing is evicted while the unpinned bytes fit, the edge included', () => {
    const entries = [entry('/ipfs/a', 40, 1), entry('/ipfs/b', 60, 2)];
    expect(planMediaEviction(entries, 100)).toEqual([]);
    expect(planMediaEviction(entries, 100, 0)).toEqual([]);
    expect(planMediaEviction(entries, 100, 1)).toEqual(['/ipfs/a']);
  });

  it('LRU order: the least recently used go first, only as many as needed', () => {
    const entries = [entry('/ipfs/new', 30, 300), entry('/ipfs/old', 30, 100), entry('/ipfs/mid', 30, 200), entry('/ipfs/newest', 30, 400)];
    expect(planMediaEviction(entries, 90)).toEqual(['/ipfs/old']);
    expect(planMediaEviction(entries, 60)).toEqual(['/ipfs/old', '/ipfs/mid']);
    expect(planMediaEviction(entries, 60, 30)).toEqual(['/ipfs/old', '/ipfs/mid', '/ipfs/new']);
    // Touching the oldest makes it the newest.
    const touched = entries.map((e) => (e.key === '/ipfs/old' ? touchMedia(e, 500) : e));
    expect(planMediaEviction(touched, 90)).toEqual(['/ipfs/mid']);
  });

  it('pinned entries are never evicted and do not count against the budget', () => {
    const entries = [entry('/ipfs/saved', 1_000, 1, ['exhibition:7']), entry('/ipfs/a', 50, 2), entry('/ipfs/b', 50, 3)];
    expect(unpinnedBytes(entries)).toBe(100);
    expect(planMediaEviction(entries, 100)).toEqual([]);
    expect(planMediaEviction(entries, 0)).toEqual(['/ipfs/a', '/ipfs/b']);
    expect(planQuotaEviction(entries)).toEqual(['/ipfs/a']);
    expect(planQuotaEviction([entry('/ipfs/saved', 10, 1, ['exhibition:7'])])).toEqual([]);
  });
});
