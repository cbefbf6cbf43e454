// When the urql client's chunk cannot load (offline before it was cached), a read is as good as offline: the
// offline copy answers, else NetworkError.
import { describe, expect, it, vi } from 'vitest';
import { writeCachedResponse } from '../../src/services/cache';
import { NetworkError } from '../../src/services/errors';
import { graphql } from '../../src/graphql/graphql';
import { graphqlRequest, responseCacheKey } from '../../src/services/graphql';

vi.mock('../../src/services/graphqlClient', () => ({
  createGraphqlClient: () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  },
}));

const ping = graphql(`query unavailablePing($token: ID!) { getOffersByToken(token: $token) { totalCount } }`);

describe('graphql client unavailable', () => {
  it('serves the offline copy, else rejects with NetworkError; never calls fetch', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await writeCachedResponse(responseCacheKey('unavailablePing', { token: '1' }), { getOffersByToken: { totalCount: 3 } });
    await expect(graphqlRequest(ping, { token: '1' })).resolves.toEqual({ getOffersByToken: { totalCount: 3 } });
    await expect(graphqlRequest(ping, { token: '2' })).rejects.toBeInstanceOf(NetworkError);
    await expect(graphqlRequest(ping, { token: '1' }, { offlineFallback: false })).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
