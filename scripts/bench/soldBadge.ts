// Sold on chain → SOLD badge visible in a second browser (trading and the dashboard): the demo stack as `npm start` runs it (the
// local chain and the server with its indexer as their own processes, fresh contracts, a fresh PGlite database,
// the built app), one Chromium page on /explore with the listed tokens, and another account buying them on chain
// one at a time (makeOffer at the listed price). Each latency runs from the purchase's receipt in hand to the
// animation frame that first paints that token's SOLD badge, seen by a MutationObserver inside the page.
// Run alone with `npx tsx scripts/bench/soldBadge.ts [--static-dir dist]`, or from scripts/bench.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { deployMarketplaceContracts } from '../../contracts/deploy.js';
import { marketplaceAbi } from '../../contracts/generated/index.js';
import { CHROMIUM, CHROMIUM_FLAGS, percentile, root, round, runWhenMain, type BenchOptions, type BenchRow } from './common';
import { approveMarketplace, createCollection, createSale, NATIVE, type SeedWallet } from '../seed/chain.js';
import { buildServer, serverCommand } from '../buildServer.js';

export type SoldBadgeRow = BenchRow;

export interface SoldBadgeOptions extends BenchOptions {
  /** Ports of the chain and the server this bench starts (BENCH_CHAIN_PORT / BENCH_SOLD_PORT). */
  chainPort?: number;
  serverPort?: number;
  purchases?: number;
}
const PRICE = parseEther('0.01');
const COLLECTION = 'Bench Sold';
/** After a Sold the page refetches its lists (LIVE_REFRESH_DELAY_MS, 2 s): the next purchase waits for that. */
const REFRESH_SETTLE_TIMEOUT_MS = 8000;

const wallClock = () => performance.timeOrigin + performance.now();
const tokenName = (tokenId: number) => `${COLLECTION} #${tokenId}`;

function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The listed (unsold) tokens of the bench collection as the server's GraphQL sees them. */
async function indexedListings(base: string): Promise<number> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ getMarketplaceTokens(pagination: { perPage: 100 }) { edges { node { name isSold tokenHolding { salePrice { amount } } } } } }' }),
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: { node: { name: string; isSold: boolean; tokenHolding: { salePrice: unknown } | null } }[] } } };
  return body.data.getMarketplaceTokens.edges.filter(({ node }) => node.name.startsWith(COLLECTION) && !node.isSold && node.tokenHolding?.salePrice).length;
}

// In-page helpers, as source text (page.evaluate of a string is not subject to the app's CSP): tsx would wrap
// named functions written here in its __name() helper, which the page does not have. watch(name) starts a
// MutationObserver that resolves with the wall-clock time of the first frame after `name`'s card shows the SOLD
// badge; refreshSettled waits out the live list refresh.
const PAGE_HELPERS = `window.benchSold = (() => {
  const seen = {};
  const cards = () => document.querySelectorAll('article.token-card');
  const hasBadge = (name) => [...cards()].some((card) => card.querySelector('.token-card-name')?.textContent === name && card.querySelector('.badge-sold'));
  const observe = (callback, options) => {
    const observer = new MutationObserver(() => callback(observer));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, ...options });
    return observer;
  };
  return {
    watch(name) {
      if (hasBadge(name)) throw new Error(name + ' already shows SOLD');
      seen[name] = new Promise((resolve) => observe((observer) => {
        if (!hasBadge(name)) return;
        observer.disconnect();
        // The mutation is in the DOM; this frame's callback runs right before it is painted.
        requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
      }));
    },
    seen(name, timeoutMs) {
      return Promise.race([seen[name], new Promise((_, reject) => setTimeout(() => reject(new Error('no SOLD badge for ' + name + ' after ' + timeoutMs + ' ms')), timeoutMs))]);
    },
    // The live list refresh after a sale empties the grid and loads it again: resolves once it is back (or
    // after timeoutMs, so a refresh that never came, or came before this call, does not stall the run).
    refreshSettled(count, timeoutMs) {
      return new Promise((resolve) => {
        let emptied = false;
        const observer = observe((observer) => {
          if (cards().length < count) emptied = true;
          else if (emptied && !document.querySelector('.paged-list[aria-busy="true"]')) finish();
        }, { attributes: true, attributeFilter: ['aria-busy'] });
        const timer = setTimeout(() => finish(), timeoutMs);
        const finish = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
})();`;

async function waitForListRefresh(page: Page, cards: number) {
  await page.evaluate(`window.benchSold.refreshSettled(${cards}, ${REFRESH_SETTLE_TIMEOUT_MS})`);
  await page.waitForFunction((cards) => document.querySelectorAll('article.token-card').length === cards, cards);
}

/** Page clock minus this process's clock, from the midpoint of a round trip (both are wall-clock based). */
async function clockOffset(page: Page): Promise<number> {
  const samples: { rtt: number; offset: number }[] = [];
  for (let i = 0; i < 10; i++) {
    const sent = wallClock();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const received = wallClock();
    samples.push({ rtt: received - sent, offset: pageNow - (sent + received) / 2 });
  }
  return samples.sort((a, b) => a.rtt - b.rtt)[0]!.offset;
}

export async function measureSoldBadge(options: SoldBadgeOptions = {}): Promise<SoldBadgeRow[]> {
  const log = options.log ?? console.log;
  const purchases = options.purchases ?? 20;
  const chainPort = options.chainPort ?? Number(process.env.BENCH_CHAIN_PORT ?? 8798);
  const serverPort = options.serverPort ?? Number(process.env.BENCH_SOLD_PORT ?? 8797);
  const staticDir = resolve(root, options.staticDir ?? 'dist');
  const rpcUrl = `http://127.0.0.1:${chainPort}`;
  const base = `http://127.0.0.1:${serverPort}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-bench-sold-'));
  const children: ChildProcess[] = [];
  let browser: Browser | null = null;
  try {
    log(`== sold badge: local chain at ${rpcUrl}`);
    children.push(startProcess(['scripts/chain.ts'], { CHAIN_PORT: String(chainPort), CHAIN_QUIET: '1' }));
    const transport = http(rpcUrl, { retryCount: 0 });
    const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 5 });
    await until('the local chain', () => publicClient.getChainId());
    const [deployer, artist, collector] = (await createWalletClient({ chain: hardhat, transport }).getAddresses()) as Address[];
    const wallet = (account: Address) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 5 }) as SeedWallet;
    // The factory is curated: the artist is registered by the owner (the deployer) at deployment.
    const deployments = await deployMarketplaceContracts({ walletClient: wallet(deployer!), publicClient, creators: [artist!] });
    const deploymentsFile = join(dataDir, 'deployments.json');
    await writeFile(deploymentsFile, JSON.stringify(deployments));

    // One warm-up purchase (proves the page's socket is live) plus the measured ones.
    const tokenCount = purchases + 1;
    const market = { publicClient, marketplace: deployments.marketplace, collectionFactory: deployments.collectionFactory };
    const { address: collection } = await createCollection(market, wallet(artist!), { name: COLLECTION, symbol: 'BSOLD', tokenCount, baseUri: 'ipfs://bench-sold/' });
    await approveMarketplace(market, wallet(artist!), collection);
    const saleIds: bigint[] = [];
    for (let tokenId = 1; tokenId <= tokenCount; tokenId++) saleIds.push(await createSale(market, wallet(artist!), collection, tokenId, PRICE));

    log(`== sold badge: server with the built app (${staticDir}) at ${base}`);
    const { command, args } = serverCommand(await buildServer());
    children.push(
      spawn(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env,
        PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '', DEPLOYMENTS_FILE: deploymentsFile,
        STATIC_DIR: staticDir, CHAIN_RPC_URL: rpcUrl,
      } }),
    );
    await until('the indexed listings', async () => ((await indexedListings(base)) === tokenCount ? true : undefined));

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
    // Tall enough for every card to be on screen (cards off screen skip rendering: content-visibility).
    const page = await browser.newPage({ viewport: { width: 1280, height: 3200 } });
    await page.goto(`${base}/explore`);
    await page.evaluate(PAGE_HELPERS);
    await page.waitForFunction((cards) => document.querySelectorAll('article.token-card').length === cards, tokenCount, { timeout: 60_000 });

    const buyer = wallet(collector!);
    const buy = async (tokenId: number) => {
      const hash = await buyer.writeContract({
        account: buyer.account, chain: hardhat, address: deployments.marketplace, abi: marketplaceAbi, functionName: 'makeOffer',
        args: [saleIds[tokenId - 1]!, BigInt(tokenId), 1n, PRICE, NATIVE], value: PRICE,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      if (receipt.status !== 'success') throw new Error(`purchase of token ${tokenId} reverted`);
      return wallClock();
    };

    log('== sold badge: warm-up purchase (the page connects its socket after the first load)');
    await page.evaluate(`window.benchSold.watch(${JSON.stringify(tokenName(tokenCount))})`);
    await buy(tokenCount);
    await page.evaluate(`window.benchSold.seen(${JSON.stringify(tokenName(tokenCount))}, 60000)`);
    await waitForListRefresh(page, tokenCount);

    const offset = await clockOffset(page);
    log(`== sold badge: ${purchases} purchases (page clock offset ${offset.toFixed(2)} ms)`);
    const latencies: number[] = [];
    for (let tokenId = 1; tokenId <= purchases; tokenId++) {
      await page.evaluate(`window.benchSold.watch(${JSON.stringify(tokenName(tokenId))})`);
      const mined = await buy(tokenId);
      const seen = (await page.evaluate(`window.benchSold.seen(${JSON.stringify(tokenName(tokenId))}, 15000)`)) as number;
      latencies.push(seen - offset - mined);
      await waitForListRefresh(page, tokenCount);
    }
    log(`latencies (ms): ${latencies.map((l) => l.toFixed(0)).join(' ')}`);
    return [
      { metric: `sold on chain → SOLD badge visible in a second browser p50 (${purchases} purchases)`, value: round(percentile(latencies, 50)), unit: 'ms', target: '≤ 300' },
      { metric: `sold on chain → SOLD badge visible in a second browser p95 (${purchases} purchases)`, value: round(percentile(latencies, 95)), unit: 'ms', target: '≤ 300' },
      { metric: `sold on chain → SOLD badge visible in a second browser, worst of ${purchases}`, value: round(Math.max(...latencies)), unit: 'ms' },
    ];
  } finally {
    await browser?.close();
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, () => {
  const flag = process.argv.indexOf('--static-dir');
  return measureSoldBadge({ staticDir: flag > 0 ? process.argv[flag + 1] : undefined });
});
