// Runtime cache names carry a version: bump it to drop a cache's old entries on the next activate.
// (The config cache of earlier builds is gone: the data cache answers /api/v1/config, so activate deletes it.)
export const CACHE_NAMES = {
  media: 'artbazaar-media-v1',
} as const;

/** The GraphQL endpoint the data cache answers queries of. */
export const GRAPHQL_PATH = '/graphql';

/** Bytes the data cache's unpinned answers may take (JSON answers are small: thousands of pages fit). */
export const DATA_CACHE_BUDGET_BYTES = 25 * 1024 * 1024;

// Paths served by the backend, never answered with the app shell.
export const BACKEND_PATH_PREFIXES = ['/api', GRAPHQL_PATH, '/ipfs', '/socket.io'];
