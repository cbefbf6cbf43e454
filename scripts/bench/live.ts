// Live-event benchmarks (trading and the dashboard): socket fan-out to 500 connected socket.io clients, and sold on chain → Sold
// event received by a socket client (real in-process chain, real contracts, the indexer, PGlite, socket.io).
// Run alone with `npx tsx scripts/bench/live.ts`, or from scripts/bench.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createPublicClient, createWalletClient, custom, getAddress, parseEther } from 'viem';
import { hardhat } from 'viem/chains';
import { connectInProcessChain } from '../../contracts/chain.js';
import { deployMarketplaceContracts } from '../../contracts/deploy.js';
import { createServer } from '../../server/app.js';
import { loadServerConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { startIndexer } from '../../server/indexer/index.js';
import { openBlobStore } from '../../server/media/blobStore/index.js';
import { createMediaStore } from '../../server/media/store.js';
import { approveMarketplace, createCollection, createSale, makeOffer, type SeedWallet } from '../seed/chain.js';
import { percentile, round, runWhenMain, type BenchRow } from './common.js';

export type LiveRow = BenchRow;

const CLIENTS = 500;
const FANOUT_ROUNDS = 5;
const PURCHASES = 20;


async function connectClients(url: string, count: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // Connected in batches of 50 so the handshakes do not all queue at once.
  for (let i = 0; i < count; i += 50) {
    // Client n connects from 127.0.0.(2 + n / 25): 25 sockets per address, within the production bound of 50.
    // (engine.io-client hands localAddress to Node's ws, though its types omit it.)
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const options = { path: '/socket.io', transports: ['websocket'], reconnection: false, localAddress: `127.0.0.${2 + Math.floor((i + j) / 25)}` };
      return connectSocket(url, options);
    });
    await Promise.all(batch.map((s) => s.timeout(10_000).emitWithAck('ready', {})));
    sockets.push(...batch);
  }
  return sockets;
}

export async function measureLive(log: (line: string) => void = console.log): Promise<LiveRow[]> {
  const rows: LiveRow[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-bench-live-'));
  const database = await openDatabase({ dataDir });
  const { provider } = await connectInProcessChain();
  const transport = custom(provider);
  const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 });
  const accounts = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
  const wallets = accounts.map((account) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 10 })) as SeedWallet[];
  // The factory is curated: the artist (#1) is registered by the owner (#0) at deployment.
  const deployments = await deployMarketplaceContracts({ walletClient: wallets[0]!, publicClient, creators: [accounts[1]!] });
  const market = { publicClient, marketplace: deployments.marketplace, collectionFactory: deployments.collectionFactory };

  // The clients stand for that many users; they connect from 20 loopback addresses (connectClients), so the
  // production limits apply unchanged.
  const config = loadServerConfig({ DATA_DIR: dataDir, DEPLOYMENTS_FILE: join(dataDir, 'none.json') });
  const server = createServer({ db: database.db, config, mediaStore: createMediaStore(database.db, openBlobStore(dataDir, config.blobs)) });
  const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => httpServer.once('listening', resolve));
  const io = server.attach(httpServer as Parameters<typeof server.attach>[0]);
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  // The indexer as server/main.ts runs it (default poll interval), broadcasting through the live bus.
  const indexer = await startIndexer({ db: database.db, publicClient, deployments, ipfs: config.public.ipfs, io: server.live });
  const sockets: Socket[] = [];
  try {
    log(`== live: connecting ${CLIENTS} socket.io clients`);
    sockets.push(...(await connectClients(url, CLIENTS)));
    const fanout: number[] = [];
    for (let round = 0; round < FANOUT_ROUNDS; round++) {
      const started = performance.now();
      const all = Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.once('TokenLiked', () => resolve()))));
      server.live.emit('TokenLiked', { token_id: String(round + 1), account_id: accounts[1], updatedFields: { likesCount: round } });
      await all;
      fanout.push(performance.now() - started);
    }
    rows.push({ metric: `socket fan-out: ${CLIENTS} clients all received one event (median of ${FANOUT_ROUNDS})`, value: round(percentile(fanout, 50)), unit: 'ms', target: '≤ 500' });
    rows.push({ metric: `socket fan-out: ${CLIENTS} clients, worst of ${FANOUT_ROUNDS}`, value: round(Math.max(...fanout)), unit: 'ms', target: '≤ 500' });

    log(`== live: ${PURCHASES} purchases on chain → Sold received by a socket client`);
    const [artist, collector] = [wallets[1]!, wallets[2]!];
    const { address } = await createCollection(market, artist, { name: 'Bench Live', symbol: 'BLIVE', tokenCount: PURCHASES, baseUri: 'ipfs://bench-live/' });
    await approveMarketplace(market, artist, address);
    const saleIds: bigint[] = [];
    for (let i = 1; i <= PURCHASES; i++) saleIds.push(await createSale(market, artist, address, i, parseEther('0.01')));
    await indexer.waitForBlock(await publicClient.getBlockNumber({ cacheTime: 0 }));
    const watcher = sockets[0]!;
    const latencies: number[] = [];
    for (let i = 0; i < PURCHASES; i++) {
      const sold = new Promise<void>((resolve) => {
        const onSold = (doc: { sale_id: string }) => {
          if (doc.sale_id !== saleIds[i]!.toString()) return;
          watcher.off('Sold', onSold);
          resolve();
        };
        watcher.on('Sold', onSold);
      });
      // From the moment the purchase is mined (receipt in hand) to the broadcast arriving.
      await makeOffer(market, collector, saleIds[i]!, i + 1, parseEther('0.01'));
      const mined = performance.now();
      await sold;
      latencies.push(performance.now() - mined);
    }
    rows.push({ metric: `sold on chain → Sold event at a socket client p50 (${PURCHASES} purchases)`, value: round(percentile(latencies, 50)), unit: 'ms' });
    rows.push({ metric: `sold on chain → Sold event at a socket client p95 (${PURCHASES} purchases)`, value: round(percentile(latencies, 95)), unit: 'ms', target: '≤ 300' });
  } finally {
    for (const s of sockets) s.close();
    await indexer.stop();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

runWhenMain(import.meta.url, () => measureLive());
