// Runtime cache names carry a version: bump it to drop a cache's old entries on the next activate.
export const CACHE_NAMES = {
  ipfs: 'artbazaar-ipfs-v1',
  config: 'artbazaar-config-v1',
} as const;

export const IPFS_CACHE_LIMITS = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 };

// Paths served by the backend, never answered with the app shell.
export const BACKEND_PATH_PREFIXES = ['/api', '/graphql', '/ipfs', '/socket.io'];
