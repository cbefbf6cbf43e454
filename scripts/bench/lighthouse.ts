// Lighthouse mobile performance (marketplace browsing): performance score and CLS per page, with LCP/TBT/FCP/SI for context.
// Lighthouse's default config is the mobile form factor with simulated slow-4G throttling; only the performance
// category runs, against a local server, so nothing leaves the machine.
// Run alone with `npx tsx scripts/bench/lighthouse.ts http://127.0.0.1:<port> /explore /token/<holdingId>`
// (no paths: /explore and the first marketplace token's page), or from scripts/bench.ts.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type LighthouseRow = { metric: string; value: number; unit: string; target?: string };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const round = (n: number, step: number) => Math.round(n / step) * step;

/** A /token/{id} path for the first marketplace token of the server at baseUrl (the route takes the holding id). */
export async function firstTokenPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ getMarketplaceTokens(pagination: { perPage: 1 }) { edges { node { tokenHolding { id } } } } }' }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { data?: { getMarketplaceTokens: { edges: { node: { tokenHolding: { id: string } | null } }[] } }; errors?: unknown };
  const id = body.data?.getMarketplaceTokens.edges[0]?.node.tokenHolding?.id;
  if (!id) throw new Error(`no marketplace token to measure: ${JSON.stringify(body.errors ?? body.data)}`);
  return `/token/${encodeURIComponent(id)}`;
}

/** One Lighthouse run's figures: the performance score and an audit's numeric value (throws when missing). */
export interface LighthouseFigures {
  lhr: Lhr;
  score: number;
  numeric(id: string): number;
}

/** A Puppeteer page of the Chromium at `port` for Lighthouse to run in (it opens and closes its own when none is given). */
export type LighthousePage = NonNullable<Parameters<typeof lighthouse>[3]>;

/**
 * Runs Lighthouse (mobile, performance only) on one page in the Chromium at `port` (in `page` when given, which stays
 * open for the caller to read afterwards). A trace Lighthouse could not record (NO_NAVSTART on a loaded machine: it
 * says to run again) is run again, `attempts` times in all.
 */
export async function runLighthouse(url: string, port: number, attempts = 1, log: (line: string) => void = () => undefined, page?: LighthousePage): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      if (attempt >= attempts) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      log(`   (${lhr.runtimeError.code}: run again)`);
      continue;
    }
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse ${url}: no performance score`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse ${url}: no ${id} (${lhr.audits[id]?.errorMessage ?? 'missing'})`);
      return value;
    };
    return { lhr, score, numeric };
  }
}

/** Runs Lighthouse (mobile, performance only) once per path, one Chromium for all, and returns bench rows. */
export async function measureLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    for (const path of paths) {
      const { lhr, score, numeric } = await runLighthouse(`${baseUrl}${path}`, chrome.port);
      const label = `Lighthouse mobile ${path.startsWith('/token/') ? '/token/{id}' : path}`;
      rows.push({ metric: `${label} performance`, value: score, unit: 'score', target: '≥ 0.95' });
      rows.push({ metric: `${label} CLS`, value: round(numeric('cumulative-layout-shift'), 0.001), unit: '', target: '≤ 0.02' });
      rows.push({ metric: `${label} LCP`, value: round(numeric('largest-contentful-paint'), 10), unit: 'ms' });
      rows.push({ metric: `${label} TBT`, value: round(numeric('total-blocking-time'), 10), unit: 'ms' });
      rows.push({ metric: `${label} FCP`, value: round(numeric('first-contentful-paint'), 10), unit: 'ms' });
      rows.push({ metric: `${label} Speed Index`, value: round(numeric('speed-index'), 10), unit: 'ms' });
      if (process.env.LIGHTHOUSE_VERBOSE) printFindings(path, lhr);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

// Failing performance audits (opportunities and diagnostics) with their estimated savings, worst first.
function printFindings(path: string, lhr: Lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const failing = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => ({ id: audit.id, score: audit.score, value: audit.displayValue ?? '', savingsMs: audit.metricSavings ? JSON.stringify(audit.metricSavings) : '' }));
  console.log(`== Lighthouse ${path}: failing audits`);
  console.table(failing);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = 'http://127.0.0.1:8787', ...given] = process.argv.slice(2);
  const paths = given.length ? given : ['/explore', await firstTokenPath(baseUrl)];
  console.table(await measureLighthouse(baseUrl, paths));
}
