// Entry point (`npm run server`): database, HTTP + socket.io on one port, the content origin (the generative sandbox
// and creator scripts) on a second, and the chain indexer when deployed.
import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import type { PublicClient } from 'viem';
import { createServer } from './app.js';
import { loadServerConfig, originFor, type Deployments, type ServerConfig } from './config.js';
import { createContentServer } from './http/content.js';
import type { LiveBus } from './live/bus.js';
import { openDatabase, type Db } from './db/client.js';
import { startStatisticsKeeper } from './db/statistics.js';
import { openBlobStore } from './media/blobStore/index.js';
import { moveMediaToBlobs } from './media/migrateToBlobs.js';
import { createPinner, type Pinner } from './media/pinning.js';
import { createMediaStore } from './media/store.js';
import { postgresLock, runAsLeader, soleProcessLock, type Leadership } from './indexer/leader.js';
import { isPrimaryOfSeveral, runPrimary, serverProcesses } from './processes.js';
import { httpServerOptions } from './security/httpTimeouts.js';
import { startUploadSweeper } from './studio/uploadExpiry.js';

type Indexer = Awaited<ReturnType<typeof import('./indexer/index.js').startIndexer>>;

async function startChainIndexer(db: Db, config: ServerConfig, deployments: Deployments, live: LiveBus, pinner: Pinner) {
  const { chainRpcUrl, chainId } = config;
  // viem (and the indexer) load only when there is a deployment to index, after the server listens.
  const { createPublicClient, defineChain, http } = await import('viem');
  const chain = defineChain({
    id: chainId,
    name: chainId === 31337 ? 'Hardhat' : `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chainRpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(chainRpcUrl) }) as PublicClient;
  const { startIndexer } = await import('./indexer/index.js');
  // Through the bus: its account rooms carry PublishReady to the creator only.
  return startIndexer({
    db, publicClient, deployments, ipfs: config.public.ipfs, io: live, confirmations: config.indexerConfirmations,
    onCollectionsPublished: (ids) => pinner.collectionsPublished(ids),
  });
}

async function main() {
  const config = loadServerConfig(process.env);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const blobs = openBlobStore(config.dataDir, config.blobs);
  // Media bytes still in the database (stored before the blob store existed) move to the blob store; nothing to do after the first start.
  const moved = await moveMediaToBlobs(database.db, blobs, (line) => console.log(line));
  if (moved > 0) console.log(`Moved ${moved} media files from the database to the blob store (${blobs.kind}).`);
  const mediaStore = createMediaStore(database.db, blobs);
  const listen = (fetch: (request: Request) => Response | Promise<Response>, port: number) =>
    new Promise<HttpServer>((resolve, reject) => {
      const server = serve({ fetch, port, hostname: config.host, serverOptions: httpServerOptions(config.security) }, () => resolve(server as HttpServer));
      server.once('error', reject);
    });
  const portOf = (server: HttpServer, fallback: number) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : fallback;
  };

  // The content origin first: with CONTENT_PORT 0 its origin is known only once it listens, and the app serves it.
  const contentServer = await listen(createContentServer({ config, mediaStore }).fetch, config.contentPort);
  const contentPort = portOf(contentServer, config.contentPort);
  if (!process.env.CONTENT_ORIGIN && config.contentPort === 0) {
    config.contentOrigin = originFor(config.host, contentPort);
    config.public.contentOrigin = config.contentOrigin;
  }

  // Several processes (REDIS_URL): live events, recoverable sessions and upload locks through Redis, so a client of any
  // process receives what any process emits and recovers on another after its own went away, and an upload started on
  // one process resumes on another.
  const redis = config.redisUrl ? await (await import('./redis.js')).openRedis(config.redisUrl) : null;
  const uploadLocker = redis ? new (await import('./studio/uploadLocker.js')).SharedUploadLocker(redis.locks) : undefined;
  const sharedLimits = redis ? await import('./security/sharedRateLimit.js') : null;
  const readLimiter = redis && sharedLimits ? sharedLimits.createSharedRateLimiter(redis.counters, config.security.rateLimits.readByClient, 'read') : undefined;
  const keyLookupLimiter = redis && sharedLimits
    ? sharedLimits.createSharedRateLimiter(redis.counters, config.security.rateLimits.keyLookupByClient, 'key-lookup')
    : undefined;
  const { app, live, attach } = createServer({ db: database.db, config, mediaStore, uploadLocker, readLimiter });
  const httpServer = await listen(app.fetch, config.port);
  const io = attach(httpServer, { adapter: redis?.adapter, keyLookupLimiter });
  const port = portOf(httpServer, config.port);

  // Without PINNING_SERVICE_URL and _TOKEN it sends nothing anywhere.
  const pinner = createPinner({ db: database.db, settings: config.pinning });
  pinner.resume();
  let indexer: Leadership<Indexer> | null = null;
  if (config.deployments) {
    const deployments = config.deployments;
    // One indexer across the processes that share the database: the one holding the lock (always this one on PGlite).
    indexer = runAsLeader({
      lock: config.databaseUrl ? postgresLock(config.databaseUrl) : soleProcessLock(),
      start: () => startChainIndexer(database.db, config, deployments, live, pinner),
      // A follower loads viem and the indexer ahead, so taking over is a lock, a read and a poll away.
      prepare: () => Promise.all([import('viem'), import('./indexer/index.js')]),
      // The marketplace still browses without live chain data; say so loudly instead of dying (and try again).
      onError: (error) => console.error('The chain indexer failed:', error),
      // Said each time this process starts leading, when the first poll has read the chain up to its head.
      onLeading: (started) =>
        started.synced().then(
          () => console.log(`Chain indexer: in step with chain ${config.chainId} at block ${started.lastBlock()} (pid ${process.pid})`),
          () => {},
        ),
    });
  } else {
    console.warn(`No deployments file at ${config.deploymentsPath}: the chain indexer is not started.`);
  }

  // Abandoned studio uploads: swept now and periodically (files and rows), then media nothing references any more.
  const uploadSweeper = startUploadSweeper({
    db: database.db,
    dataDir: config.dataDir,
    expirationMs: config.uploadExpirationMs,
    mediaGraceMs: config.security.storage.mediaGraceMs,
  });

  // PGlite runs no autovacuum: the server keeps the planner's statistics itself (PostgreSQL's autovacuum does there).
  const statistics = database.kind === 'pglite' ? startStatisticsKeeper(database.db) : null;

  console.log(`Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
  console.log(`Server listening on http://${config.host}:${port}`);
  console.log(`Content origin ${config.contentOrigin} (the generative sandbox and creator scripts) on port ${contentPort}`);
  if (config.pinning) console.log(`Published collections are pinned at ${config.pinning.url}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await indexer?.stop();
      await pinner.stop();
      await uploadSweeper.stop();
      await statistics?.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redis?.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await new Promise<void>((resolve) => contentServer.close(() => resolve()));
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function start() {
  const processes = serverProcesses(process.env);
  if (isPrimaryOfSeveral(processes)) runPrimary(processes, process.env);
  else await main();
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
