// The urql client, in its own chunk: the app shell renders without it, graphql.ts loads it with the first read (the
// service worker precaches it with the shell, see src/app/shellPrecache.ts, so offline reads still reach it).
import { Client, cacheExchange, fetchExchange } from '@urql/core';

/** One client: document cache, then fetch; POST only, like the server wants. */
export function createGraphqlClient(url: string): Client {
  return new Client({
    url,
    exchanges: [cacheExchange, fetchExchange],
    requestPolicy: 'network-only',
    preferGetMethod: false,
    // Read at call time, so a replaced global fetch (tests, instrumentation) is the one used.
    fetch: (input, init) => globalThis.fetch(input, init),
  });
}
