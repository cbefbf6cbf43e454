// Runtime cache names carry a version: bump it to drop a cache's old entries on the next activate.
export const CACHE_NAMES = {
  media: 'artbazaar-media-v1',
  config: 'artbazaar-config-v1',
} as const;

// Paths served by the backend, never answered with the app shell.
export const BACKEND_PATH_PREFIXES = ['/api', '/graphql', '/ipfs', '/socket.io'];
