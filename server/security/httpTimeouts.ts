// Node's http server timeouts: a client that holds its request headers (or a request) open is cut off; an idle kept-alive
// connection stays open long enough that clients reusing it do not race its close.
import type { ServerOptions } from 'node:http';
import type { SecurityConfig } from './config.js';

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) is shorter than many clients keep an idle
 * socket: a request sent on it as the server closes it fails with ECONNRESET ('socket hang up'). 65 s outlasts the
 * usual 60 s idle timeout of load balancers and browsers' reuse of a quiet connection.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function httpServerOptions({ headersTimeoutMs, requestTimeoutMs }: Pick<SecurityConfig, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  return {
    headersTimeout: headersTimeoutMs,
    // Node requires requestTimeout ≥ headersTimeout (0 would disable it).
    requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
    // Node checks the two timeouts on this interval (30 s by default, which would let a slow client stay 30 s longer).
    connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  };
}
