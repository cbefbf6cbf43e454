// Server configuration from the environment, and the public config served at GET /api/v1/config.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { knownChain } from '../domain/chains.js';
import type { AppConfig, EvmConfig } from '../domain/contracts/config.js';
import { loadSecurityConfig, type SecurityConfig } from './security/config.js';
import { loadHumanCheckSettings, type HumanCheckProvider, type HumanCheckSettings } from './security/humanCheckConfig.js';
import type { S3BlobSettings } from './media/blobStore/s3.js';
import type { PinningSettings } from './media/pinning.js';

/** Image and gif uploads: 10 MB (docs/requirements.md#chains). */
export const MAX_FILE_SIZE = 10_485_760;
/** Video uploads: 100 MB; the seeds leave it to configuration. */
export const MAX_VIDEO_SIZE = 104_857_600;
/** Default royalty offered in the studio, in basis points (500 = 5%, on the seed's 100 = 1% scale). */
export const SUGGESTED_ROYALTY = 500;
/** An unfinished studio upload expires 24 h after it was created (then it is swept: server/studio/uploadExpiry.ts). */
export const UPLOAD_EXPIRATION_MS = 86_400_000;

/** The external artist application form (ARTIST_APPLICATION_URL replaces it: the marketplace's own form). */
export const DEFAULT_ARTIST_APPLICATION_URL = 'https://artbazaar.example/apply';

/**
 * The content origin (the content origin for creators' scripts) listens on PORT + this by default: far enough from the app's port that the
 * demo (8787 → 9787) and the end-to-end stack (8788 → 9788) never take each other's ports.
 */
export const CONTENT_PORT_OFFSET = 1000;

export const MEDIA_URL_PREFIX = '/ipfs/';
export const THUMBNAIL_URL_PREFIX = '/ipfs/thumbnail/';

// The local demo chains (the known chains' names and currencies: domain/chains.ts).
const LOCAL_DEMO_CHAINS = new Set([31337, 1337]);

// Public block explorers of the known chains (the view-on-chain link: the collection page's view-on-chain link);
// BLOCK_EXPLORER_URL sets or replaces the served chain's. The local chains have none unless it is set.
export const BLOCK_EXPLORERS: Record<number, string> = {
  1: 'https://etherscan.io',
  5: 'https://goerli.etherscan.io',
  56: 'https://bscscan.com',
  97: 'https://testnet.bscscan.com',
  137: 'https://polygonscan.com',
  250: 'https://ftmscan.com',
  4002: 'https://testnet.ftmscan.com',
  8453: 'https://basescan.org',
  80001: 'https://mumbai.polygonscan.com',
  11155111: 'https://sepolia.etherscan.io',
};

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
const deploymentsSchema = z.object({
  chainId: z.number().int().positive(),
  marketplace: address,
  collectionFactory: address,
  blockNumber: z.number().int().nonnegative(),
  /** The allow-listed ERC-20 for token-currency offers (scripts/deploy.ts deploys the demo's WETH). */
  tokenCurrency: z.object({ address, symbol: z.string().min(1), decimals: z.number().int().min(0).max(36) }).optional(),
});
export type Deployments = z.infer<typeof deploymentsSchema>;

/**
 * GET /api/v1/config: its contract's (domain/contracts/config.ts). The server always sends an evm's block explorer and
 * token currencies; the contract reads them optional for a config stored by an older build.
 */
export type PublicConfig = Omit<AppConfig, 'evms'> & { evms: Array<EvmConfig & Required<Pick<EvmConfig, 'blockExplorerUrl' | 'tokenCurrencies'>>> };

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: several server processes share live events (socket.io's Redis Streams adapter) through it. */
  redisUrl: string | undefined;
  chainRpcUrl: string;
  chainId: number;
  /** INDEXER_CONFIRMATIONS: blocks a block must have on top before the indexer applies it (0: the local chain). */
  indexerConfirmations: number;
  deploymentsPath: string;
  /** null when the deployments file does not exist yet. */
  deployments: Deployments | null;
  staticDir: string;
  /**
   * The content origin's port (CONTENT_PORT, default PORT + 1000; 0 with PORT 0: a free port) and its public origin
   * (CONTENT_ORIGIN, default http://<HOST>:<content port>; main.ts fills in the port it got when it was 0).
   */
  contentPort: number;
  contentOrigin: string;
  public: PublicConfig;
  /** Studio uploads beside public.maxFileSize / maxVideoSize: how long an unfinished tus upload is kept. */
  uploadExpirationMs: number;
  /** Sign-in domains, rate limits, GraphQL and socket limits, timeouts (server/security/config.ts). */
  security: SecurityConfig;
  /** The contact form's human check: Turnstile keys, or the ALTCHA secret and difficulty (security/humanCheckConfig.ts). */
  humanCheck: HumanCheckSettings;
  /** E2E_REQUEST_LOG=1: count every request and serve the count (http/requestLog.ts); end-to-end tests only. */
  requestLog?: boolean;
  /** Where media bytes live (server/media/blobStore): <dataDir>/blobs, or an S3 bucket when BLOB_S3_BUCKET is set. */
  blobs: BlobSettings;
  /** PINNING_SERVICE_URL and _TOKEN: where published collections are pinned (media/pinning.ts); null: nothing is sent. */
  pinning: PinningSettings | null;
}

export interface BlobSettings {
  s3: S3BlobSettings | null;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  CHAIN_RPC_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8545'),
  CHAIN_ID: z.coerce.number().int().positive().default(31337),
  INDEXER_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(0),
  DEPLOYMENTS_FILE: z.string().min(1).optional(),
  STATIC_DIR: z.string().min(1).optional(),
  UPLOAD_EXPIRATION_MS: z.coerce.number().int().min(1000).default(UPLOAD_EXPIRATION_MS),
  ARTIST_APPLICATION_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_ARTIST_APPLICATION_URL),
  BLOCK_EXPLORER_URL: z.url({ protocol: /^https?$/ }).optional(),
  CONTENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  CONTENT_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), 'must be an origin: scheme, host and port only')
    .optional(),
  E2E_REQUEST_LOG: z.enum(['0', '1']).optional(),
  BLOB_S3_BUCKET: z.string().min(1).optional(),
  BLOB_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  BLOB_S3_REGION: z.string().min(1).default('us-east-1'),
  BLOB_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BLOB_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BLOB_S3_PATH_STYLE: z.enum(['0', '1']).default('1'),
  BLOB_S3_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be empty or end with a slash, e.g. artbazaar/').optional(),
  PINNING_SERVICE_URL: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an IPFS Pinning Service API endpoint (its /pins is appended)' }).optional(),
  PINNING_SERVICE_TOKEN: z.string().min(1).optional(),
});

const repoFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Reads a deployments file ({ chainId, marketplace, collectionFactory, blockNumber }); null when missing. */
export function readDeploymentsFile(path: string): Deployments | null {
  if (!existsSync(path)) return null;
  const parsed = deploymentsSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid deployments file ${path}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function buildPublicConfig(
  chainId: number,
  chainRpcUrl: string,
  deployments: Deployments | null,
  artistApplicationUrl: string = DEFAULT_ARTIST_APPLICATION_URL,
  humanCheckProvider: HumanCheckProvider = 'altcha',
  blockExplorerUrl?: string,
  contentOrigin = `http://127.0.0.1:${8787 + CONTENT_PORT_OFFSET}`,
): PublicConfig {
  const explorer = blockExplorerUrl ?? BLOCK_EXPLORERS[chainId] ?? null;
  const chain = knownChain(chainId);
  return {
    evms: [
      {
        chainId,
        name: chain.name,
        providerURL: chainRpcUrl,
        symbol: chain.symbol,
        blockExplorerUrl: explorer ? explorer.replace(/\/+$/, '') : null,
        contracts: {
          marketplace: deployments?.marketplace ?? null,
          collectionFactory: deployments?.collectionFactory ?? null,
        },
        tokenCurrencies: deployments?.tokenCurrency ? [deployments.tokenCurrency] : [],
      },
    ],
    ipfs: { urlPrefix: MEDIA_URL_PREFIX, thumbnailUrlPrefix: THUMBNAIL_URL_PREFIX },
    maxFileSize: MAX_FILE_SIZE,
    maxVideoSize: MAX_VIDEO_SIZE,
    suggestedRoyalty: SUGGESTED_ROYALTY,
    isLocalDemoChain: LOCAL_DEMO_CHAINS.has(chainId),
    artistApplicationUrl,
    humanCheck: { provider: humanCheckProvider },
    contentOrigin,
  };
}

/** CONTENT_PORT, else PORT + 1000 (0 stays 0: the content server takes a free port too). */
function contentPortOf(port: number, configured: number | undefined): number {
  if (configured !== undefined) return configured;
  if (port === 0) return 0;
  const derived = port + CONTENT_PORT_OFFSET;
  if (derived > 65535) throw new Error(`Invalid server environment:\nCONTENT_PORT: set it (PORT + ${CONTENT_PORT_OFFSET} is above 65535)`);
  return derived;
}

/** The URL host for a listening address: a wildcard is reached on the loopback, IPv6 in brackets. */
export function originFor(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** Assembles the server configuration; throws a readable error for invalid variables. */
export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  // Empty strings count as unset, as shells often export VAR= to clear a variable.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Invalid server environment:\n${z.prettifyError(parsed.error)}`);
  const vars = parsed.data;
  const deploymentsPath = vars.DEPLOYMENTS_FILE ?? repoFile(`contracts/deployments/${vars.CHAIN_ID}.json`);
  const deployments = readDeploymentsFile(deploymentsPath);
  const chainId = deployments?.chainId ?? vars.CHAIN_ID;
  const humanCheck = loadHumanCheckSettings(cleaned);
  const security = loadSecurityConfig(cleaned, vars.PORT);
  const contentPort = contentPortOf(vars.PORT, vars.CONTENT_PORT);
  if (contentPort !== 0 && contentPort === vars.PORT) throw new Error('Invalid server environment:\nCONTENT_PORT: must differ from PORT');
  if (!vars.PINNING_SERVICE_URL !== !vars.PINNING_SERVICE_TOKEN) {
    const missing = vars.PINNING_SERVICE_URL ? 'PINNING_SERVICE_TOKEN' : 'PINNING_SERVICE_URL';
    throw new Error(`Invalid server environment:\n${missing}: set it too, or neither (PINNING_SERVICE_URL and PINNING_SERVICE_TOKEN go together)`);
  }
  const contentOrigin = vars.CONTENT_ORIGIN ? new URL(vars.CONTENT_ORIGIN).origin : originFor(vars.HOST, contentPort);
  // Scripts served there must never count as the app's own ('self'). (Port 0: the origin is known once it listens.)
  if ((contentPort !== 0 || vars.CONTENT_ORIGIN) && security.appOrigins.includes(contentOrigin)) {
    throw new Error(`Invalid server environment:\nCONTENT_ORIGIN: ${contentOrigin} is one of the app's origins (APP_DOMAIN); use another host or port`);
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    chainRpcUrl: vars.CHAIN_RPC_URL,
    chainId,
    indexerConfirmations: vars.INDEXER_CONFIRMATIONS,
    deploymentsPath,
    deployments,
    staticDir: vars.STATIC_DIR ?? repoFile('dist'),
    contentPort,
    contentOrigin,
    public: buildPublicConfig(
      chainId, vars.CHAIN_RPC_URL, deployments, vars.ARTIST_APPLICATION_URL, humanCheck.provider, vars.BLOCK_EXPLORER_URL, contentOrigin,
    ),
    uploadExpirationMs: vars.UPLOAD_EXPIRATION_MS,
    security,
    humanCheck,
    requestLog: vars.E2E_REQUEST_LOG === '1',
    blobs: {
      s3: vars.BLOB_S3_BUCKET
        ? {
            bucket: vars.BLOB_S3_BUCKET,
            endpoint: vars.BLOB_S3_ENDPOINT,
            region: vars.BLOB_S3_REGION,
            accessKeyId: vars.BLOB_S3_ACCESS_KEY_ID,
            secretAccessKey: vars.BLOB_S3_SECRET_ACCESS_KEY,
            forcePathStyle: vars.BLOB_S3_PATH_STYLE === '1',
            prefix: vars.BLOB_S3_PREFIX,
          }
        : null,
    },
    pinning: vars.PINNING_SERVICE_URL && vars.PINNING_SERVICE_TOKEN ? { url: vars.PINNING_SERVICE_URL, token: vars.PINNING_SERVICE_TOKEN } : null,
  };
}
