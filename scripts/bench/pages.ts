// Every page a visitor opens on a phone (issue 29): Lighthouse 13 mobile (its default: simulated slow 4G, 4× CPU,
// a 412 px Moto G Power screen), performance only, three runs per page in one Chromium, reported as the median with
// the spread (min–max) of the performance score, LCP, TBT and CLS, next to the targets; and the script a first visit
// fetches until the network is idle, with service workers blocked (scripts/bench/firstLoad.ts), per page.
// It runs against the whole demo as `npm start` runs it (its own data folder and ports, the build in dist/): the chain,
// the seeded demo data, the server. The pages are found as a visitor finds them, from the demo's own links: the first
// token of each media type on /explore, that token's collection, the first artist on /artists, the first article on
// /media-articles. Signed-in pages (/studio/list, /profile, /account/dashboard) are not measured yet (Lighthouse would
// need a wallet session in its profile).
// Run alone with `npx tsx scripts/bench/pages.ts [--runs N] [--static-dir dist] [/path ...]`, or from scripts/bench.ts
// (`npm run bench -- --only=pages`).
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { launch } from 'chrome-launcher';
import { CHROMIUM, CHROMIUM_FLAGS, root, runWhenMain, startDemo, tableRows, waitForDemo, type BenchOptions, type BenchRow } from './common';
import { firstLoadRows, measureFirstLoad } from './firstLoad';
import { runLighthouse } from './lighthouse';

export interface PagesOptions extends BenchOptions {
  port?: number;
  chainPort?: number;
  /** Lighthouse runs per page (the median is reported). */
  runs?: number;
  /** Pages to measure; default: every page the demo links to (see pagesOfDemo). */
  paths?: string[];
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

/** Lighthouse (mobile, performance only) `runs` times per page, one Chromium for all. */
export async function lighthouseRuns(base: string, paths: readonly string[], runs: number, log: (line: string) => void): Promise<PageRuns[]> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS], logLevel: 'silent' });
  const results: PageRuns[] = [];
  try {
    for (const path of paths) {
      const page: PageRuns = { path, performance: [], lcp: [], tbt: [], cls: [] };
      for (let run = 0; run < runs; run += 1) {
        log(`   Lighthouse ${path} (run ${run + 1} of ${runs})`);
        const { score, numeric } = await runLighthouse(`${base}${path}`, chrome.port, 3, log);
        page.performance.push(score);
        page.lcp.push(numeric('largest-contentful-paint'));
        page.tbt.push(numeric('total-blocking-time'));
        page.cls.push(numeric('cumulative-layout-shift'));
      }
      results.push(page);
    }
  } finally {
    chrome.kill();
  }
  return results;
}


export async function measurePages({
  staticDir = join(root, 'dist'),
  port = Number(process.env.BENCH_PAGES_PORT ?? 8798),
  chainPort = Number(process.env.BENCH_PAGES_CHAIN_PORT ?? 8558),
  runs = 3,
  paths,
  log = console.log,
}: PagesOptions = {}): Promise<BenchRow[]> {
  const base = `http://127.0.0.1:${port}`;
  log(`== the demo at ${base} (chain ${chainPort}), serving ${staticDir}`);
  const demo = startDemo('pages', port, chainPort, resolve(staticDir));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: BenchRow[] = [];
  try {
    await waitForDemo(base);
    const pages = paths ? paths.map((path) => ({ label: path, path })) : await pagesOfDemo(browser, base);
    log(`== ${pages.length} pages: ${pages.map((page) => page.path).join(' ')}`);
    log('== script fetched on a first visit until the network is idle (service workers blocked)');
    rows.push(...firstLoadRows(await measureFirstLoad(base, pages.map((page) => page.path))));
    log(`== Lighthouse mobile, ${runs} runs per page`);
    const measured = await lighthouseRuns(base, pages.map((page) => page.path), runs, log);
    for (const [index, page] of pages.entries()) rows.push(...pageRows(`Lighthouse mobile ${page.label}`, measured[index]!));
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
