// When the urql client's chunk cannot load (offline before it was cached), a read is as good as offline:
// NetworkError, without a request (the worker's stored copy cannot help a page that has no client).
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../src/services/errors';
import { graphql } from '../../src/graphql/graphql';
import { graphqlRequest } from '../../src/services/graphql';

vi.mock('../../src/services/graphqlClient', () => ({
  createGraphqlClient: () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  },
}));

const ping = graphql(`query unavailablePing($token: ID!) { getOffersByToken(token: $token) { totalCount } }`);

describe('graphql client unavailable', () => {
  it('rejects with NetworkError; never calls fetch', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(graphqlRequest(ping, { token: '1' })).rejects.toBeInstanceOf(NetworkError);
    await expect(graphqlRequest(ping, { token: '2' })).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
