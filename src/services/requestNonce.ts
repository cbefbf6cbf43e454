// The `Nonce` header of a signed request, in a module of its own: the signed fetch (authFetch.ts) and the first
// reads handed to the service worker (offline/firstReads.ts) both write it, and the data layer under them
// (api.ts) loads the second.

/** `${Date.now()}-${random}`: the server refuses a nonce it has seen, or one older than 5 minutes. */
export function requestNonce(now: number = Date.now()): string {
  const random = crypto.getRandomValues(new Uint8Array(12));
  return `${now}-${Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
