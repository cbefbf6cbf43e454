// Entry point (`npm run server`): database, HTTP + socket.io on one port, and the chain indexer when deployed.
import { existsSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createPublicClient, defineChain, http } from 'viem';
import { createServer } from './app.js';
import { loadServerConfig, type Deployments } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { createMediaStore } from './media/store.js';

interface Indexer {
  stop(): Promise<void> | void;
}

async function startChainIndexer(db: Db, chainRpcUrl: string, chainId: number, deployments: Deployments, io: unknown) {
  const indexerPath = fileURLToPath(new URL('./indexer/index.ts', import.meta.url));
  if (!existsSync(indexerPath)) {
    console.warn('No chain indexer (server/indexer/index.ts) yet: chain events are not indexed.');
    return null;
  }
  const chain = defineChain({
    id: chainId,
    name: chainId === 31337 ? 'Hardhat' : `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chainRpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport: http(chainRpcUrl) });
  // Imported by path: the indexer is written separately and may not exist in every checkout.
  const { startIndexer } = (await import(pathToFileURL(indexerPath).href)) as {
    startIndexer(args: { db: Db; publicClient: typeof publicClient; deployments: Deployments; io: unknown }): Promise<Indexer> | Indexer;
  };
  return startIndexer({ db, publicClient, deployments, io });
}

async function main() {
  const config = loadServerConfig(process.env);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const mediaStore = createMediaStore(database.db);
  const { app, attach } = createServer({ db: database.db, config, mediaStore });

  const httpServer = await new Promise<HttpServer>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(server as HttpServer));
    server.once('error', reject);
  });
  const io = attach(httpServer);
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let indexer: Indexer | null = null;
  if (config.deployments) {
    try {
      indexer = await startChainIndexer(database.db, config.chainRpcUrl, config.chainId, config.deployments, io);
    } catch (error) {
      // The marketplace still browses without live chain data; say so loudly instead of dying.
      console.error('The chain indexer failed to start:', error);
    }
  } else {
    console.warn(`No deployments file at ${config.deploymentsPath}: the chain indexer is not started.`);
  }

  console.log(`Database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}`);
  console.log(`Server listening on http://${config.host}:${port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await indexer?.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
