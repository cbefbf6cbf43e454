// Offline figures (offline-first): on the demo as `npm start` runs it (its own chain, contracts, seeded PGlite database and
// the built app, on ports of its own), one Playwright Chromium with the e2e flags and service workers on:
// - first contentful paint and largest contentful paint of /, /explore, a token page and /exhibitions: the first
//   visit in a fresh context (no storage, no worker), then a repeat visit in that context online (its service worker
//   installed and controlling, its stores filled by the first visit), then a repeat visit offline (the page offline
//   and every request of the context, the worker's too, aborted); each the median of 3 runs (a fresh context per
//   run), read from the page's paint timeline (PerformanceObserver, buffered) once the network is idle; repeats are
//   also given as ratios to the first visit;
// - the precache size: the bytes of every file in the worker's precache manifest (dist/sw.js), as built;
// - the time and bytes to save the demo's current exhibition: Save for offline on /exhibitions, then Download, until
//   'Saved for offline (…)' shows; the bytes are the download size the app announces before it starts (the sum of
//   the files' sizes and of the data answers it stores, measured), read exactly from the size's data-bytes.
// Rows keep full precision (bench-results.json); the printed table rounds them (scripts/bench/common.ts).
// Run alone with `npx tsx scripts/bench/offline.ts [--static-dir dist]`, or from scripts/bench.ts (--only=offline).
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, root, runWhenMain, startDemo, tableRows, waitForDemo, type BenchOptions, type BenchRow } from './common';
import { firstTokenPath } from './lighthouse';

export type OfflineRow = BenchRow;

export interface OfflineOptions extends BenchOptions {
  /** The demo's server and chain ports (BENCH_OFFLINE_PORT / BENCH_OFFLINE_CHAIN_PORT). */
  port?: number;
  chainPort?: number;
  runs?: number;
}

interface Paint {
  fcp: number;
  lcp: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The bytes of the files the worker precaches: the manifest workbox injected into sw.js. */
export function precacheBytes(staticDir: string): { files: number; bytes: number } {
  const worker = readFileSync(join(staticDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!))];
  let bytes = 0;
  for (const url of urls) bytes += statSync(join(staticDir, decodeURIComponent(url))).size;
  return { files: urls.length, bytes };
}

/** FCP and LCP of the page's current document, once the network is idle. */
async function paintOf(page: Page): Promise<Paint> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<Paint>((done) => {
        let lcp = Number.NaN;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        // The buffered entries arrive in a task of their own.
        setTimeout(() => {
          observer.disconnect();
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          done({ fcp, lcp });
        }, 50);
      }),
  );
}

async function visit(context: BrowserContext, url: string): Promise<Paint> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await paintOf(page);
  } finally {
    await page.close();
  }
}

async function workerControls(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForLoadState('networkidle');
  } finally {
    await page.close();
  }
}

async function measurePath(browser: Browser, base: string, path: string, runs: number) {
  const first: Paint[] = [];
  const online: Paint[] = [];
  const offline: Paint[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    try {
      first.push(await visit(context, `${base}${path}`));
      await workerControls(context, `${base}${path}`);
      online.push(await visit(context, `${base}${path}`));
      await context.route('**/*', (route) => route.abort('internetdisconnected'));
      await context.setOffline(true);
      offline.push(await visit(context, `${base}${path}`));
    } finally {
      await context.close();
    }
  }
  const of = (paints: Paint[], key: keyof Paint) => median(paints.map((paint) => paint[key]));
  return {
    first: { fcp: of(first, 'fcp'), lcp: of(first, 'lcp') },
    online: { fcp: of(online, 'fcp'), lcp: of(online, 'lcp') },
    offline: { fcp: of(offline, 'fcp'), lcp: of(offline, 'lcp') },
  };
}

async function measureSave(browser: Browser, base: string): Promise<{ ms: number; bytes: number } | null> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/exhibitions?tab=current`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const copy = page.getByRole('region', { name: 'Offline copy' });
    const save = copy.getByRole('button', { name: 'Save for offline' });
    if ((await save.count().catch(() => 0)) === 0) await save.waitFor({ timeout: 30_000 }).catch(() => undefined);
    if ((await save.count()) === 0) return null;
    await save.click();
    const question = copy.getByText(/^Download .+ to keep this exhibition offline\?$/);
    await question.waitFor({ timeout: 60_000 });
    // The exact size the app measured (the text shows it rounded).
    const bytes = Number(await question.locator('strong').getAttribute('data-bytes'));
    const started = performance.now();
    await copy.getByRole('button', { name: 'Download' }).click();
    await copy.getByText(/^Saved for offline \(/).waitFor({ timeout: 300_000 });
    return { ms: performance.now() - started, bytes };
  } finally {
    await context.close();
  }
}


export async function measureOffline({
  staticDir = join(root, 'dist'),
  port = Number(process.env.BENCH_OFFLINE_PORT ?? 8797),
  chainPort = Number(process.env.BENCH_OFFLINE_CHAIN_PORT ?? 8557),
  runs = 3,
  log = console.log,
}: OfflineOptions = {}): Promise<OfflineRow[]> {
  const rows: OfflineRow[] = [];
  const precache = precacheBytes(staticDir);
  rows.push({ metric: `precache size (${precache.files} files in the worker's manifest)`, value: precache.bytes / 1024, unit: 'KB' });
  const base = `http://127.0.0.1:${port}`;
  log(`== the demo at ${base} (chain ${chainPort})`);
  const demo = startDemo('offline', port, chainPort, resolve(staticDir));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    await waitForDemo(base);
    const paths = ['/', '/explore', await firstTokenPath(base), '/exhibitions'];
    for (const path of paths) {
      log(`== first, repeat online and repeat offline visits of ${path}`);
      const measured = await measurePath(browser, base, path, runs);
      const label = path.startsWith('/token/') ? '/token/{id}' : path;
      for (const key of ['fcp', 'lcp'] as const) {
        const name = key.toUpperCase();
        rows.push({ metric: `${label} ${name} first visit`, value: measured.first[key], unit: 'ms' });
        rows.push({ metric: `${label} ${name} repeat visit online`, value: measured.online[key], unit: 'ms' });
        rows.push({ metric: `${label} ${name} repeat visit offline`, value: measured.offline[key], unit: 'ms' });
        rows.push({ metric: `${label} ${name} repeat online / first`, value: measured.online[key] / measured.first[key], unit: 'ratio' });
        rows.push({ metric: `${label} ${name} repeat offline / first`, value: measured.offline[key] / measured.first[key], unit: 'ratio' });
      }
    }
    log('== save the current exhibition for offline');
    const save = await measureSave(browser, base);
    if (save) {
      rows.push({ metric: 'save the current exhibition for offline: time', value: save.ms, unit: 'ms' });
      rows.push({ metric: 'save the current exhibition for offline: download size (as the app announces it)', value: save.bytes / 1024, unit: 'KB' });
    } else {
      log('(no Save for offline button on /exhibitions: the save figures are missing)');
    }
  } finally {
    await browser.close();
    // The demo's process group: start.ts, its chain and its server.
    if (demo.pid) process.kill(-demo.pid, 'SIGTERM');
  }
  return rows;
}

runWhenMain(
  import.meta.url,
  () => {
    const dirFlag = process.argv.indexOf('--static-dir');
    return measureOffline({ staticDir: dirFlag > 0 ? resolve(process.argv[dirFlag + 1]!) : join(root, 'dist') });
  },
  tableRows,
);
