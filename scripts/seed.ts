// `npm run seed`: the demo content against the running chain, or `-- --tokens N` for a benchmark database.
// Flags: --reset (wipe a non-empty database first), --if-needed (used by `npm start`: seed an empty database and
// keep anything else — also a database left by an older chain: only --reset wipes). Env: DATA_DIR or DATABASE_URL, CHAIN_RPC_URL,
// DEPLOYMENTS_FILE, SEED_SIZE=test (small artwork), SEED_XSS_ARTICLES=1 (the e2e stack's XSS corpus articles).
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createPublicClient, createWalletClient, getAddress, http, type PublicClient } from 'viem';
import { hardhat } from 'viem/chains';
import { readDeployments, type Deployments } from '../contracts/deploy.js';
import { loadServerConfig } from '../server/config.js';
import { openDatabase, type Db } from '../server/db/client.js';
import { openBlobStore } from '../server/media/blobStore/index.js';
import { moveMediaToBlobs } from '../server/media/migrateToBlobs.js';
import { createMediaStore, type MediaStore } from '../server/media/store.js';
import { seedBenchmark } from './seed/benchmark.js';
import type { SeedWallet } from './seed/chain.js';
import { seedDemo } from './seed/demo.js';
import { DEMO_SIZES, TEST_SIZES } from './seed/media.js';
import { isDatabaseEmpty, markSeeded, resetDatabase, seedStatus } from './seed/state.js';
import { seedXssArticles, xssArticlesWanted } from './seed/xssArticles.js';

const { values } = parseArgs({
  options: { tokens: { type: 'string' }, reset: { type: 'boolean', default: false }, 'if-needed': { type: 'boolean', default: false } },
});
const log = (line: string) => console.log(`[seed] ${line}`);
const rpcUrl = process.env.CHAIN_RPC_URL || 'http://127.0.0.1:8545';

function loadDeployments(): Deployments {
  const file = process.env.DEPLOYMENTS_FILE;
  const deployments = file ? (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Deployments) : null) : readDeployments(31337);
  if (!deployments) throw new Error('No deployments file: deploy the contracts first (npm run deploy).');
  return deployments;
}

async function chainWallets(publicClient: PublicClient): Promise<SeedWallet[]> {
  const chain = { ...hardhat, id: await publicClient.getChainId() };
  const addresses = (await publicClient.request({ method: 'eth_accounts' } as never)) as string[];
  // JSON-RPC accounts: the local chain holds the keys and signs for them.
  return addresses.map((a) => createWalletClient({ account: getAddress(a), chain, transport: http(rpcUrl), pollingInterval: 50 }) as SeedWallet);
}

/** The e2e stack's XSS corpus articles (SEED_XSS_ARTICLES=1, set by playwright.config.ts) on top of the demo. */
async function addXssArticles(db: Db, mediaStore: MediaStore): Promise<void> {
  if (!xssArticlesWanted()) return;
  log(`XSS corpus articles: ${await seedXssArticles(db, mediaStore, process.env.SEED_SIZE === 'test' ? TEST_SIZES : DEMO_SIZES)} added`);
}

async function main(): Promise<void> {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR || undefined, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    const { db } = database;
    const config = loadServerConfig(process.env);
    const blobs = openBlobStore(config.dataDir, config.blobs);
    await moveMediaToBlobs(db, blobs);
    const mediaStore = createMediaStore(db, blobs);
    if (values.tokens !== undefined) {
      const tokens = Number(values.tokens);
      if (!Number.isInteger(tokens) || tokens <= 0) throw new Error(`--tokens must be a positive integer, got ${values.tokens}`);
      if (!(await isDatabaseEmpty(db))) {
        if (!values.reset) throw new Error('The database is not empty: add --reset to replace its content.');
        await resetDatabase(db);
      }
      const started = Date.now();
      const result = await seedBenchmark(db, mediaStore, { tokens, log });
      log(`benchmark database: ${result.tokens} tokens in ${result.collections} collections, ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return;
    }

    const deployments = loadDeployments();
    const publicClient = createPublicClient({ chain: hardhat, transport: http(rpcUrl), pollingInterval: 50 }) as PublicClient;
    const status = await seedStatus(db, deployments, publicClient);
    if (status.state !== 'empty') {
      if (values['if-needed'] && status.state === 'seeded') {
        log('the demo is already seeded for this chain');
        return await addXssArticles(db, mediaStore);
      }
      if (values['if-needed'] && status.state === 'other') return log(`keeping the database as it is (${status.reason})`);
      if (values['if-needed'] && status.state === 'stale') {
        // Never wipe users' work because the chain looks new (its state file was lost or removed): the off-chain
        // records (comments, likes, profiles, API keys, studio drafts, uploads) stay. Following the reset — hiding
        // what the chain no longer has — is the indexer's job when the server starts.
        log(`chain reset: ${status.reason}; keeping the database and its off-chain records (not reseeding; the indexer follows the new chain)`);
        // The database follows this chain from now on: the next start on it is not another reset.
        return await markSeeded(db, deployments, publicClient);
      }
      if (!values.reset) throw new Error('The database is not empty: add --reset to replace its content.');
      log('resetting the database');
      await resetDatabase(db);
    }
    const started = Date.now();
    const result = await seedDemo({
      db, mediaStore, publicClient, deployments, wallets: await chainWallets(publicClient),
      sizes: process.env.SEED_SIZE === 'test' ? TEST_SIZES : DEMO_SIZES, log,
    });
    log(`demo seeded: ${result.artists} artists, ${result.collections} collections, ${result.tokens} tokens, ${result.sales.length} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await addXssArticles(db, mediaStore);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
