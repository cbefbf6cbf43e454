// The offline copy (src/services/cache.ts) is bounded: at most OFFLINE_GRAPHQL_ENTRIES_MAX GraphQL answers, the
// oldest written evicted first; the config entry is never evicted.
import { clear, get, keys, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { OFFLINE_GRAPHQL_ENTRIES_MAX, getOfflineStore, readCachedResponse, writeCachedResponse } from '../../src/services/cache';

const graphqlKeys = async () => (await keys<string>(getOfflineStore())).filter((key) => key.startsWith('graphql:')).sort();
const key = (n: number) => `graphql:page:{"n":${String(n).padStart(3, '0')}}`;

beforeEach(async () => {
  await clear(getOfflineStore());
});

describe('offline copy bound', () => {
  it('keeps 200 answers; the 201st write evicts the oldest, the config stays', async () => {
    expect(OFFLINE_GRAPHQL_ENTRIES_MAX).toBe(200);
    await writeCachedResponse('rest:/api/v1/config', { config: true });
    for (let n = 0; n < 200; n++) await writeCachedResponse(key(n), { n });
    expect(await graphqlKeys()).toHaveLength(200);

    await writeCachedResponse(key(200), { n: 200 });
    await writeCachedResponse(key(201), { n: 201 });
    const kept = await graphqlKeys();
    expect(kept).toHaveLength(200);
    expect(kept).not.toContain(key(0));
    expect(kept).not.toContain(key(1));
    expect(kept).toContain(key(2));
    expect(kept).toContain(key(201));
    expect(await readCachedResponse(key(0))).toBeUndefined();
    expect(await readCachedResponse(key(201))).toEqual({ n: 201 });
    expect(await readCachedResponse('rest:/api/v1/config')).toEqual({ config: true });
  });

  it('a rewritten answer becomes the newest; concurrent writes never exceed the bound', async () => {
    for (let n = 0; n < 200; n++) await writeCachedResponse(key(n), { n });
    // Rewriting the oldest makes key(1) the oldest.
    await writeCachedResponse(key(0), { n: 0, again: true });
    await Promise.all([writeCachedResponse(key(300), {}), writeCachedResponse(key(301), {}), writeCachedResponse(key(302), {})]);
    const kept = await graphqlKeys();
    expect(kept).toHaveLength(200);
    expect(kept).toContain(key(0));
    expect(kept).not.toContain(key(1));
    expect(kept).not.toContain(key(2));
    expect(kept).not.toContain(key(3));
    expect(kept).toContain(key(4));
  });

  it('entries the order list does not know (an older build, another tab) count as the oldest', async () => {
    for (let n = 0; n < 200; n++) await set(key(n), { n }, getOfflineStore());
    await writeCachedResponse(key(500), { n: 500 });
    const kept = await graphqlKeys();
    expect(kept).toHaveLength(200);
    expect(kept).toContain(key(500));
    expect(await get(key(500), getOfflineStore())).toEqual({ n: 500 });
  });
});
