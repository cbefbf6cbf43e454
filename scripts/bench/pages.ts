// Every page a visitor opens on a phone (the phone-performance work): Lighthouse 13 mobile (its default: simulated slow 4G, 4× CPU,
// a 412 px Moto G Power screen), performance only, three runs per page in one Chromium, reported as the median with
// the spread (min–max) of the performance score, LCP, TBT and CLS, next to the targets; and the script a first visit
// fetches until the network is idle, with service workers blocked (scripts/bench/firstLoad.ts), per page.
// It runs against the whole demo as `npm start` runs it (its own data folder and ports, the build in dist/): the chain,
// the seeded demo data, the server. The pages are found as a visitor finds them, from the demo's own links: the first
// token of each media type on /explore, that token's collection, the first artist on /artists, the first article on
// /media-articles.
// The signed-in pages (/studio/list, /profile, /account/dashboard, labelled "(signed in)") are measured as creator
// Mara Vale (demo account #1, two seeded collections) meets them, in a Chromium of their own so the other pages stay a
// signed-out visitor's: that Chromium is first signed in through the app as a demo visitor does (the wallet modal's
// demo wallet, the terms, the SIWE message signed by the chain's node and verified by the server; scripts/bench/
// signIn.ts, driven over CDP by Playwright), which leaves the session the app restores at start in its profile
// (localStorage: the connection flag and wagmi's keys; IndexedDB: the API key). Lighthouse keeps its storage reset:
// in Lighthouse 13 it clears the service worker, Cache Storage and the HTTP cache, not localStorage, IndexedDB or
// cookies, so each run is a returning signed-in user's first load with nothing served warm. Each run must end on its
// page rendered signed in (Lighthouse's final URL, then the account avatar, no connect-wallet prompt and the page's
// own content read in Lighthouse's page after the run), else the bench throws instead of reporting the figures of a
// signed-out page. The first-load script of those pages is measured with the same session (firstLoad.ts `signIn`).
// BENCH_PAGES_SCREENSHOTS=<dir> writes each run's final screenshot there.
// Measured 2026-12-03, `--runs 1 /studio/list /profile /account/dashboard`, two runs on a shared machine (uptime load
// 2.6 → 5.7, then 1.2 → 3.5): /studio/list 0.90, 0.90 (LCP 3.20, 3.11 s; TBT 65, 26 ms; CLS 0), /profile 0.84, 0.88
// (3.39, 3.31 s; 202, 66 ms; CLS 0.004), /account/dashboard 0.67, 0.81 (3.87, 3.88 s; 643, 182 ms; CLS 0.027);
// first-load script signed in (gzip -9) 127.8, 138.9 and 143.1 KB: over 120, the stored session loaded the wallet stack.
// 2026-12-05, the session restored without it and the cover editor's Edit button there from the first render (load 19):
// /studio/list 102.4 KB, /profile 113.6, /account/dashboard 120.8 (117.8 measured alone); CLS 0, 0.004, 0.
// Run alone with `npx tsx scripts/bench/pages.ts [--runs N] [--static-dir dist] [/path ...]` (a signed-in page's path
// is measured signed in), or from scripts/bench.ts (`npm run bench -- --only=pages`). BENCH_PAGES_PORT,
// BENCH_PAGES_CHAIN_PORT and BENCH_PAGES_DEMO (the data folder .data-bench-<name>) keep a run apart from another's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS, root, runWhenMain, startDemo, tableRows, waitForDemo, type BenchOptions, type BenchRow } from './common';
import { firstLoadRows, measureFirstLoad } from './firstLoad';
import { runLighthouse, type LighthousePage } from './lighthouse';
import { DEMO_CREATOR, expectSignedIn, readSignedIn, SIGNED_IN_PAGES, signedInPage, signInWithDemoWallet, type SignedInPage } from './signIn';

export interface PagesOptions extends BenchOptions {
  port?: number;
  chainPort?: number;
  /** Lighthouse runs per page (the median is reported). */
  runs?: number;
  /** Pages to measure; default: every page the demo links to (see pagesOfDemo) and the signed-in pages. */
  paths?: string[];
  /** The demo's name: its data folder is `.data-bench-<name>` (startDemo). */
  demoName?: string;
}

/** One page's Lighthouse figures over its runs. */
export interface PageRuns {
  path: string;
  performance: number[];
  lcp: number[];
  tbt: number[];
  cls: number[];
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Median and spread rows of one page, with the targets. */
export function pageRows(label: string, runs: PageRuns): BenchRow[] {
  const spread = (values: readonly number[], digits: number) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  return [
    { metric: `${label} performance (median of ${runs.performance.length}; spread ${spread(runs.performance, 2)})`, value: median(runs.performance), unit: 'score', target: '≥ 0.95' },
    { metric: `${label} LCP (spread ${spread(runs.lcp, 0)} ms)`, value: median(runs.lcp), unit: 'ms', target: '≤ 2000' },
    { metric: `${label} TBT (spread ${spread(runs.tbt, 0)} ms)`, value: median(runs.tbt), unit: 'ms', target: '≤ 150' },
    { metric: `${label} CLS (spread ${spread(runs.cls, 3)})`, value: median(runs.cls), unit: '', target: '≤ 0.02' },
  ];
}

/** The pages to measure, found from the demo's links as a visitor finds them. */
export async function pagesOfDemo(browser: Browser, base: string): Promise<Array<{ label: string; path: string }>> {
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  const firstHref = async (path: string, selector: string) => {
    await page.goto(`${base}${path}`);
    const link = page.locator(selector).first();
    try {
      await link.waitFor({ timeout: 30_000 });
    } catch {
      return null;
    }
    return new URL((await link.getAttribute('href'))!, base).pathname;
  };
  const pages: Array<{ label: string; path: string }> = [
    { label: '/', path: '/' },
    { label: '/explore (tokens)', path: '/explore' },
    { label: '/explore (collections)', path: '/explore?view=collection' },
  ];
  const media = [['image', 'image'], ['gif', 'gif'], ['flipcard', 'multipart/image'], ['generative', 'multipart/mixed'], ['video', 'video'], ['sound', 'sound']];
  let tokenPath: string | null = null;
  for (const [name, type] of media) {
    const path = await firstHref(`/explore?media=${encodeURIComponent(type!)}`, 'main a[href^="/token/"]');
    if (path) pages.push({ label: `/token/{id} (${name})`, path });
    tokenPath ??= path;
  }
  if (tokenPath) {
    const collection = await firstHref(tokenPath, 'main a[href^="/collection/"]');
    if (collection) pages.push({ label: '/collection/{address}/{chainId}', path: collection });
  }
  pages.push({ label: '/artists', path: '/artists' });
  const artist = await firstHref('/artists', 'main a[href^="/artist/"]');
  if (artist) {
    pages.push({ label: '/artist/{id}', path: artist });
    pages.push({ label: '/artist/{id}/artworks', path: `${artist.replace(/\/$/, '')}/artworks` });
  }
  for (const tab of ['current', 'artworks', 'past']) pages.push({ label: `/exhibitions (${tab})`, path: tab === 'current' ? '/exhibitions' : `/exhibitions?tab=${tab}` });
  pages.push({ label: '/media-articles', path: '/media-articles' });
  const article = await firstHref('/media-articles', 'main a[href^="/article/"]');
  if (article) pages.push({ label: '/article/{id}', path: article });
  await page.context().close();
  return pages;
}

/**
 * Lighthouse (mobile, performance only) `runs` times per page, one Chromium for all. `signIn` (a demo account's
 * index): that Chromium (a fresh profile of its own) is signed in first through the app (scripts/bench/signIn.ts,
 * driven over CDP by Playwright), and every run must end on its page rendered signed in (checked in Lighthouse's own
 * page after the run, and its final URL), else this throws. Lighthouse's storage reset stays on: in Lighthouse 13 it
 * clears the origin's service worker, Cache Storage and the HTTP cache but keeps localStorage, IndexedDB and
 * cookies (its clearStorageTypes), so the session survives while nothing is served warm.
 */
export async function lighthouseRuns(base: string, paths: readonly string[], runs: number, log: (line: string) => void, { signIn }: { signIn?: number } = {}): Promise<PageRuns[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent' });
  const results: PageRuns[] = [];
  const screenshots = process.env.BENCH_PAGES_SCREENSHOTS;
  let pages: Awaited<ReturnType<typeof puppeteer.connect>> | null = null;
  try {
    if (signIn !== undefined) {
      log(`   signing in as demo account #${signIn} (the app's demo wallet, SIWE through the server)`);
      const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        await signInWithDemoWallet(driver.contexts()[0]!, base, signIn);
      } finally {
        await driver.close();
      }
      pages = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    }
    for (const path of paths) {
      const page: PageRuns = { path, performance: [], lcp: [], tbt: [], cls: [] };
      const signedIn: SignedInPage | undefined = signIn === undefined ? undefined : signedInPage(path);
      if (signIn !== undefined && !signedIn) throw new Error(`${path} is not a signed-in page of the bench (scripts/bench/signIn.ts SIGNED_IN_PAGES)`);
      for (let run = 0; run < runs; run += 1) {
        log(`   Lighthouse ${path}${signedIn ? ' signed in' : ''} (run ${run + 1} of ${runs})`);
        const tab = pages ? await pages.newPage() : undefined;
        try {
          const { lhr, score, numeric } = await runLighthouse(`${base}${path}`, chrome.port, 3, log, tab as LighthousePage | undefined);
          if (screenshots) {
            const data = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
            mkdirSync(screenshots, { recursive: true });
            if (data) writeFileSync(join(screenshots, `${path.replace(/[^a-z0-9]+/gi, '_')}-${run + 1}.jpg`), Buffer.from(data.replace(/^data:[^,]*,/, ''), 'base64'));
          }
          if (signedIn && tab) {
            const where = `Lighthouse run ${run + 1}`;
            const ended = new URL(lhr.finalDisplayedUrl).pathname;
            if (ended !== signedIn.path) throw new Error(`${where}: ${signedIn.path} ended on ${ended}, not signed in as the demo creator: the session did not hold, so no figures are reported for it`);
            await expectSignedIn(() => tab.evaluate(readSignedIn, signedIn.shows), signedIn, where);
          }
          page.performance.push(score);
          page.lcp.push(numeric('largest-contentful-paint'));
          page.tbt.push(numeric('total-blocking-time'));
          page.cls.push(numeric('cumulative-layout-shift'));
        } finally {
          await tab?.close();
        }
      }
      results.push(page);
    }
  } finally {
    await pages?.disconnect();
    chrome.kill();
  }
  return results;
}

export async function measurePages({
  staticDir = join(root, 'dist'),
  port = Number(process.env.BENCH_PAGES_PORT ?? 8798),
  chainPort = Number(process.env.BENCH_PAGES_CHAIN_PORT ?? 8558),
  demoName = process.env.BENCH_PAGES_DEMO ?? 'pages',
  runs = 3,
  paths,
  log = console.log,
}: PagesOptions = {}): Promise<BenchRow[]> {
  const base = `http://127.0.0.1:${port}`;
  log(`== the demo at ${base} (chain ${chainPort}, data .data-bench-${demoName}), serving ${staticDir}`);
  const demo = startDemo(demoName, port, chainPort, resolve(staticDir));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: BenchRow[] = [];
  try {
    await waitForDemo(base);
    const pages = paths ? paths.map((path) => signedInPage(path) ?? { label: path, path }) : [...(await pagesOfDemo(browser, base)), ...SIGNED_IN_PAGES];
    const signedOut = pages.filter((page) => !signedInPage(page.path));
    const signedIn = pages.filter((page) => signedInPage(page.path));
    log(`== ${pages.length} pages: ${pages.map((page) => page.label).join(' ')}`);
    log('== script fetched on a first visit until the network is idle (service workers blocked)');
    if (signedOut.length) rows.push(...firstLoadRows(await measureFirstLoad(base, signedOut.map((page) => page.path))));
    if (signedIn.length) rows.push(...firstLoadRows(await measureFirstLoad(base, signedIn.map((page) => page.path), { signIn: DEMO_CREATOR.accountIndex })));
    log(`== Lighthouse mobile, ${runs} runs per page`);
    // The signed-in pages in a Chromium of their own, signed in first: the other pages stay a signed-out visitor's.
    const measured = [
      ...(signedOut.length ? await lighthouseRuns(base, signedOut.map((page) => page.path), runs, log) : []),
      ...(signedIn.length ? await lighthouseRuns(base, signedIn.map((page) => page.path), runs, log, { signIn: DEMO_CREATOR.accountIndex }) : []),
    ];
    for (const [index, page] of [...signedOut, ...signedIn].entries()) rows.push(...pageRows(`Lighthouse mobile ${page.label}`, measured[index]!));
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
    const flag = (name: string) => {
      const at = process.argv.indexOf(name);
      return at > 0 ? process.argv[at + 1] : undefined;
    };
    const given = process.argv.slice(2).filter((arg, index, all) => arg.startsWith('/') && !['--static-dir', '--runs'].includes(all[index - 1] ?? ''));
    return measurePages({
      staticDir: resolve(flag('--static-dir') ?? join(root, 'dist')),
      runs: Number(flag('--runs') ?? 3),
      ...(given.length ? { paths: given } : {}),
    });
  },
  tableRows,
);
