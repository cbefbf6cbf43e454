// Node's http server timeouts: a client that holds its request headers (or a request) open is cut off.
import type { ServerOptions } from 'node:http';
import type { SecurityConfig } from './config.js';

export function httpServerOptions({ headersTimeoutMs, requestTimeoutMs }: Pick<SecurityConfig, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    // Node requires requestTimeout ≥ headersTimeout (0 would disable it).
    requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
    // Node checks the two timeouts on this interval (30 s by default, which would let a slow client stay 30 s longer).
    connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
  };
}
