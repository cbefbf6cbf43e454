// All code offline after one visit: offline, a read that failed says the network is unavailable, never that the thing does not exist.
// Machines tell a network failure from the server's answer by the error's name (services throw NetworkError when a
// request got no answer; a bare fetch rejects with a TypeError), without importing src/services.

/** The page's text for a read that got no answer (the data layer's NetworkError says the same). */
export const NETWORK_UNAVAILABLE_MESSAGE = 'The network is unavailable. Check your connection and try again.';

export function isNetworkFailure(error: unknown): boolean {
  const candidate = error as { name?: unknown; message?: unknown } | null;
  if (!candidate) return false;
  if (candidate.name === 'NetworkError') return true;
  return candidate.name === 'TypeError' && typeof candidate.message === 'string' && /fetch|network/i.test(candidate.message);
}
