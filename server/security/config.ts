// Security settings from the environment: accepted sign-in domains, rate limits, GraphQL limits, socket bounds,
// HTTP timeouts. Every number is configurable; the defaults are the production ones (the e2e suite runs with them).
import { z } from 'zod';
import { loadGeofenceConfig, type GeofenceConfig } from './geofence.js';

/** The Vite dev server's port (`npm run dev`): its origins are sign-in domains by default only with NODE_ENV=development. */
export const VITE_DEV_PORT = 5173;

/** A fixed window: at most `limit` requests per `windowMs` for one key. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Every rate-limited action. Per account first (the signed-in or signing address), per client address second
 * with higher numbers, since every demo and e2e request comes from 127.0.0.1.
 */
export const RATE_LIMIT_NAMES = [
  'nonceByClient',
  'loginByAddress',
  'loginByClient',
  'writeByAccount',
  'writeByClient',
  'contactByClient',
  'readByClient',
  'keyLookupByClient',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Defaults. Writes leave room for a studio upload of 1,000 files (a POST and a few PATCH requests each, in about
 * ten minutes): 600 a minute per account. Sign-ins: 10 a minute per address. Login nonces: 60 a minute per client.
 * Contact messages (POST /api/v1/connect, anonymous): 5 an hour per client.
 */
export const DEFAULT_RATE_LIMITS: Record<RateLimitName, RateLimit> = {
  nonceByClient: { limit: 60, windowMs: MINUTE },
  loginByAddress: { limit: 10, windowMs: MINUTE },
  loginByClient: { limit: 60, windowMs: MINUTE },
  writeByAccount: { limit: 600, windowMs: MINUTE },
  writeByClient: { limit: 3000, windowMs: MINUTE },
  contactByClient: { limit: 5, windowMs: HOUR },
  // Counted in memory per process (security/memoryRateLimit.ts), not in the database: a read must not cost a write.
  // 3,000 a minute (50 a second) is far above a browser's pace (the home page makes 5 GraphQL reads, the e2e suite
  // runs one browser) and below the ~180 a second that saturates one process.
  readByClient: { limit: 3000, windowMs: MINUTE },
  // Socket `ready` key checks (one database lookup each) of all of one client's sockets; in memory per process.
  keyLookupByClient: { limit: 600, windowMs: MINUTE },
};

/** The in-memory limits (per process): checked on every read, so they add no database write. */
export const MEMORY_RATE_LIMIT_NAMES: readonly RateLimitName[] = ['readByClient', 'keyLookupByClient'];

export interface GraphqlLimits {
  /** The largest query cost: the sum of the list sizes a query asks for (aliases counted). */
  maxCost: number;
  /** The most aliases in one operation. */
  maxAliases: number;
  /** The deepest field nesting. */
  maxDepth: number;
  /** The deepest nesting of brackets ({ [ ( ) in a document's text, checked before it is parsed. */
  maxNesting: number;
  /** Schema introspection (off when NODE_ENV=production). */
  introspection: boolean;
}

/**
 * Cost as measured by server/graphql/limits.ts. The app's dearest document is the comment thread (a page of 20
 * with replies 4 levels deep, at most 2 per comment: 620), and every document must stay under half the limit;
 * 1500 still refuses 200 aliased pages of 100 (cost 20000). Depth 15 is what graphql's standard introspection
 * query needs (the app's deepest document, the comment thread, is 13); aliases: the app uses none. Nesting 64
 * leaves room for depth 15 with arguments and input objects at every level, and is far below what overflows the
 * parser's stack (thousands).
 */
export const DEFAULT_GRAPHQL_LIMITS: Omit<GraphqlLimits, 'introspection'> = { maxCost: 1500, maxAliases: 15, maxDepth: 15, maxNesting: 64 };

export interface SocketLimits {
  /** Open socket.io connections per client address. */
  maxConnectionsPerClient: number;
  /** The largest incoming socket.io message, in bytes. */
  maxMessageBytes: number;
  /** Messages per socket: a token bucket of `limit` refilled over `windowMs`; past it a message is refused. */
  messageRate: RateLimit;
  /** API key lookups (`ready` with an address and a key) per socket, a token bucket like messageRate. */
  keyLookupRate: RateLimit;
  /** Refused messages after which the socket is disconnected. */
  refusedBeforeDisconnect: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxConnectionsPerClient: 50,
  maxMessageBytes: 16 * 1024,
  // The app sends `ready` on connect and when the signed-in account changes: a handful a minute.
  messageRate: { limit: 20, windowMs: 10_000 },
  keyLookupRate: { limit: 10, windowMs: MINUTE },
  refusedBeforeDisconnect: 20,
};

/** GraphQL executions at once per process; the excess waits in a bounded queue, past it 503 with Retry-After. */
export interface GraphqlQueueLimits {
  maxConcurrent: number;
  maxQueued: number;
  /** Retry-After of the 503, in seconds. */
  retryAfterSeconds: number;
}

/** 8 at once keeps PostgreSQL's pool of 10 busy; 64 queued wait well under a second at ~180 executions a second. */
export const DEFAULT_GRAPHQL_QUEUE: GraphqlQueueLimits = { maxConcurrent: 8, maxQueued: 64, retryAfterSeconds: 1 };

/**
 * Storage quotas (the second security review). An account has at most 4 unfinished studio uploads at a time and their declared sizes
 * together at most 200 MiB (one full video and room for images); declared bytes count until the upload finishes,
 * is cancelled or expires. Media nobody references is collected once it is older than the grace period: a request
 * that stores bytes and then names them has that long to commit (far more than a request may last).
 */
export interface StorageLimits {
  /** Unfinished (open, not expired) uploads per account. */
  maxOpenUploadsPerAccount: number;
  /** The sum of the declared Upload-Length of an account's open uploads. */
  maxOpenUploadBytesPerAccount: number;
  /** Unreferenced media stored or reused within this time is kept (a concurrent request may be about to name it). */
  mediaGraceMs: number;
}

export const DEFAULT_STORAGE_LIMITS: StorageLimits = {
  maxOpenUploadsPerAccount: 4,
  maxOpenUploadBytesPerAccount: 200 * 1_048_576,
  mediaGraceMs: 10 * MINUTE,
};

export interface SecurityConfig {
  /** Hosts (authority, e.g. "127.0.0.1:8787") a sign-in message may name as its domain. */
  appDomains: string[];
  /** Origins (http and https of every app domain) allowed to open a socket.io connection. */
  appOrigins: string[];
  /**
   * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY; 0: none, the header is
   * ignored). The client address is the entry the farthest of them added (server/security/clientAddress.ts).
   */
  trustProxy: number;
  rateLimits: Record<RateLimitName, RateLimit>;
  graphql: GraphqlLimits;
  graphqlQueue: GraphqlQueueLimits;
  socket: SocketLimits;
  /** How long a client may take to send its request headers. */
  headersTimeoutMs: number;
  /** How long a client may take to send a whole request (uploads send 5 MB chunks). */
  requestTimeoutMs: number;
  /** Countries refused, read from a trusted proxy's header (BLOCKED_COUNTRIES, GEOFENCE_COUNTRY_HEADER). */
  geofence: GeofenceConfig;
  /** The longest an API key lives (API_KEY_MAX_TTL_MS, default 24 h): a login asking for more gets this. */
  apiKeyMaxTtlMs: number;
  /** How far a sign-in message's Issued At may be from the server's clock, either way (LOGIN_ISSUED_AT_SKEW_MS, 5 min). */
  loginIssuedAtSkewMs: number;
  /** Upload quotas and the media collection's grace period. */
  storage: StorageLimits;
}

/** An API key lives at most 24 hours (the specification's limit, docs/requirements.md#wallet-session). */
export const DEFAULT_API_KEY_MAX_TTL_MS = 24 * 60 * 60_000;

/** A sign-in message is signed the moment it is written: 5 minutes either way covers clock drift and a slow wallet. */
export const DEFAULT_LOGIN_ISSUED_AT_SKEW_MS = 5 * 60_000;

const positiveInt = z.coerce.number().int().positive();
// TRUST_PROXY: a number of proxies; the older flag spellings still mean one (true, yes) or none (false, no).
const proxyHops = z
  .string()
  .trim()
  .regex(/^(\d{1,2}|true|yes|false|no)$/, 'must be the number of trusted proxies (0 to 99)')
  .transform((value) => (value === 'true' || value === 'yes' ? 1 : value === 'false' || value === 'no' ? 0 : Number(value)));

const rate = z.string().regex(/^\d+\/\d+$/, 'must be "<requests>/<seconds>"');

/** "20/10" → 20 per 10 seconds. */
function parseRate(value: string): RateLimit {
  const [limit, seconds] = value.split('/').map(Number) as [number, number];
  return { limit, windowMs: Math.max(1, seconds) * 1000 };
}

const securityEnvSchema = z.object({
  APP_DOMAIN: z.string().optional(),
  TRUST_PROXY: proxyHops.default(0),
  NODE_ENV: z.string().optional(),
  GRAPHQL_MAX_COST: positiveInt.default(DEFAULT_GRAPHQL_LIMITS.maxCost),
  GRAPHQL_MAX_ALIASES: positiveInt.default(DEFAULT_GRAPHQL_LIMITS.maxAliases),
  GRAPHQL_MAX_DEPTH: positiveInt.default(DEFAULT_GRAPHQL_LIMITS.maxDepth),
  GRAPHQL_MAX_NESTING: positiveInt.max(1000).default(DEFAULT_GRAPHQL_LIMITS.maxNesting),
  SOCKET_MAX_CONNECTIONS_PER_CLIENT: positiveInt.default(DEFAULT_SOCKET_LIMITS.maxConnectionsPerClient),
  SOCKET_MAX_MESSAGE_BYTES: positiveInt.default(DEFAULT_SOCKET_LIMITS.maxMessageBytes),
  SOCKET_MESSAGE_RATE: rate.optional(),
  SOCKET_KEY_LOOKUP_RATE: rate.optional(),
  SOCKET_REFUSED_BEFORE_DISCONNECT: positiveInt.default(DEFAULT_SOCKET_LIMITS.refusedBeforeDisconnect),
  GRAPHQL_MAX_CONCURRENT: positiveInt.default(DEFAULT_GRAPHQL_QUEUE.maxConcurrent),
  GRAPHQL_MAX_QUEUED: z.coerce.number().int().min(0).default(DEFAULT_GRAPHQL_QUEUE.maxQueued),
  HEADERS_TIMEOUT_MS: positiveInt.default(15_000),
  REQUEST_TIMEOUT_MS: positiveInt.default(120_000),
  // At least a minute: the app renews a key 2 minutes before it expires.
  API_KEY_MAX_TTL_MS: z.coerce.number().int().min(60_000).max(DEFAULT_API_KEY_MAX_TTL_MS).default(DEFAULT_API_KEY_MAX_TTL_MS),
  LOGIN_ISSUED_AT_SKEW_MS: z.coerce.number().int().min(1_000).max(60 * 60_000).default(DEFAULT_LOGIN_ISSUED_AT_SKEW_MS),
  UPLOAD_MAX_OPEN_PER_ACCOUNT: positiveInt.default(DEFAULT_STORAGE_LIMITS.maxOpenUploadsPerAccount),
  UPLOAD_MAX_OPEN_BYTES_PER_ACCOUNT: positiveInt.default(DEFAULT_STORAGE_LIMITS.maxOpenUploadBytesPerAccount),
  MEDIA_COLLECT_GRACE_MS: z.coerce.number().int().min(0).default(DEFAULT_STORAGE_LIMITS.mediaGraceMs),
  // "limit/seconds" per name, e.g. RATE_LIMIT_LOGIN_BY_ADDRESS=10/60.
  ...Object.fromEntries(
    RATE_LIMIT_NAMES.map((name) => [envNameOf(name), rate.optional()]),
  ),
});

/** nonceByClient → RATE_LIMIT_NONCE_BY_CLIENT */
export function envNameOf(name: RateLimitName): string {
  return `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * The sign-in domains: APP_DOMAIN (comma-separated) replaces the default list of this port's own hosts. The Vite
 * dev server's hosts are added only in development (NODE_ENV=development): anywhere else a page on port 5173 is
 * not this app, and a message signed for it must not sign in here.
 */
export function defaultAppDomains(port: number, development = false): string[] {
  const own = [`127.0.0.1:${port}`, `localhost:${port}`];
  return development ? [...own, `127.0.0.1:${VITE_DEV_PORT}`, `localhost:${VITE_DEV_PORT}`] : own;
}

export function loadSecurityConfig(env: Record<string, string | undefined>, port: number): SecurityConfig {
  const parsed = securityEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid server environment:\n${z.prettifyError(parsed.error)}`);
  const vars = parsed.data as z.infer<typeof securityEnvSchema> & Record<string, string | undefined>;
  const configured = (vars.APP_DOMAIN ?? '')
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean);
  const appDomains = configured.length > 0 ? configured : defaultAppDomains(port, vars.NODE_ENV === 'development');
  const rateLimits = Object.fromEntries(
    RATE_LIMIT_NAMES.map((name) => {
      const value = vars[envNameOf(name)];
      return [name, value ? parseRate(value) : DEFAULT_RATE_LIMITS[name]];
    }),
  ) as Record<RateLimitName, RateLimit>;
  return {
    appDomains,
    appOrigins: appDomains.flatMap((domain) => [`http://${domain}`, `https://${domain}`]),
    trustProxy: vars.TRUST_PROXY,
    rateLimits,
    graphql: {
      maxCost: vars.GRAPHQL_MAX_COST,
      maxAliases: vars.GRAPHQL_MAX_ALIASES,
      maxDepth: vars.GRAPHQL_MAX_DEPTH,
      maxNesting: vars.GRAPHQL_MAX_NESTING,
      introspection: vars.NODE_ENV !== 'production',
    },
    graphqlQueue: { maxConcurrent: vars.GRAPHQL_MAX_CONCURRENT, maxQueued: vars.GRAPHQL_MAX_QUEUED, retryAfterSeconds: DEFAULT_GRAPHQL_QUEUE.retryAfterSeconds },
    socket: {
      maxConnectionsPerClient: vars.SOCKET_MAX_CONNECTIONS_PER_CLIENT,
      maxMessageBytes: vars.SOCKET_MAX_MESSAGE_BYTES,
      messageRate: vars.SOCKET_MESSAGE_RATE ? parseRate(vars.SOCKET_MESSAGE_RATE) : DEFAULT_SOCKET_LIMITS.messageRate,
      keyLookupRate: vars.SOCKET_KEY_LOOKUP_RATE ? parseRate(vars.SOCKET_KEY_LOOKUP_RATE) : DEFAULT_SOCKET_LIMITS.keyLookupRate,
      refusedBeforeDisconnect: vars.SOCKET_REFUSED_BEFORE_DISCONNECT,
    },
    headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    geofence: loadGeofenceConfig(env),
    apiKeyMaxTtlMs: vars.API_KEY_MAX_TTL_MS,
    loginIssuedAtSkewMs: vars.LOGIN_ISSUED_AT_SKEW_MS,
    storage: {
      maxOpenUploadsPerAccount: vars.UPLOAD_MAX_OPEN_PER_ACCOUNT,
      maxOpenUploadBytesPerAccount: vars.UPLOAD_MAX_OPEN_BYTES_PER_ACCOUNT,
      mediaGraceMs: vars.MEDIA_COLLECT_GRACE_MS,
    },
  };
}
