// First-load script of a page as a user meets it (the editorial pages: "≤ 120 KB gzip of script fetched on a first visit to /
// until the network is idle"): one Playwright Chromium with the e2e flags, a fresh browser context (no cookies, no
// storage, service workers blocked so nothing is served from a worker cache) with the HTTP cache disabled, opens the
// page on the real server serving the built app and waits until the network is idle (no request for 500 ms). Every
// script response seen until then is summed twice:
// - as transferred: the encoded response body, Content-Encoding as the server negotiated it with Chromium (the demo
//   server, server/http/static.ts, sends br, and files under 1 KB uncompressed; the encodings seen are reported);
// - as gzip -9 of the decoded body, the same measure as the static count (scripts/bundle-size.ts) whatever the
//   server negotiated.
// Signed in (`signIn`: a demo account's index; the signed-in pages of the phone-performance work): the browser signs in once through the
// app and the real server (scripts/bench/signIn.ts) and every fresh context starts from that session (its localStorage
// and IndexedDB, as Playwright's storage state), so the page loads as a returning signed-in user's would, with nothing
// cached; after the network is idle the page must show signed-in content (else the measure throws).
// Run alone with `npx tsx scripts/bench/firstLoad.ts http://127.0.0.1:<port> [/ ...]` against a running server
// (`--files` lists every script; `--signed-in` signs in first), or from scripts/bench.ts.
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContextOptions } from '@playwright/test';
import { DEMO_CREATOR, expectSignedIn, readSignedIn, signedInPage, signInWithDemoWallet } from './signIn';

export type FirstLoadRow = { metric: string; value: number; unit: string; target?: string };

export interface ScriptResponse {
  url: string;
  status: number;
  encoding: string;
  /** Body bytes on the wire (encoded). */
  transferred: number;
  /** Decoded body bytes. */
  bytes: number;
  /** gzip -9 of the decoded body. */
  gzip: number;
}

export interface FirstLoadMeasure {
  path: string;
  scripts: ScriptResponse[];
  transferred: number;
  gzip: number;
  encodings: string[];
  /** gzip -9 of scripts from other origins (the generative sandbox's frame on the content origin: p5 and the
   * artist's script), reported on their own: they run in their own frame, once the artwork is in view. */
  otherOriginsGzip: number;
  /** False when the network never rested within 60 s (the scripts are those fetched until then). */
  idle: boolean;
  /** Measured with a signed-in session (and checked to have rendered signed in). */
  signedIn: boolean;
}

export interface FirstLoadOptions {
  /** Sign in first as this demo account (scripts/bench/signIn.ts) and load every path with that session. */
  signIn?: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of playwright.config.ts.
const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Opens each path in its own fresh context (cache disabled, no service worker) and sums its scripts until network idle. */
export async function measureFirstLoad(baseUrl: string, paths: string[], { signIn }: FirstLoadOptions = {}): Promise<FirstLoadMeasure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const measures: FirstLoadMeasure[] = [];
  try {
    let storageState: BrowserContextOptions['storageState'];
    if (signIn !== undefined) {
      const signing = await browser.newContext({ serviceWorkers: 'block' });
      try {
        await signInWithDemoWallet(signing, baseUrl, signIn);
        storageState = await signing.storageState({ indexedDB: true });
      } finally {
        await signing.close();
      }
    }
    for (const path of paths) {
      const context = await browser.newContext({ serviceWorkers: 'block', ...(storageState ? { storageState } : {}) });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        const pending: Promise<ScriptResponse>[] = [];
        // Only what finished before the network went idle counts (a later script is not part of the first load).
        let measuring = true;
        page.on('requestfinished', (request) => {
          if (!measuring || request.resourceType() !== 'script') return;
          pending.push((async () => {
            const response = await request.response();
            if (!response) throw new Error(`no response for ${request.url()}`);
            const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
            return {
              url: request.url(),
              status: response.status(),
              encoding: (await response.headerValue('content-encoding')) ?? 'identity',
              transferred: sizes.responseBodySize,
              bytes: body.byteLength,
              gzip: gzipSync(body, { level: 9 }).byteLength,
            };
          })());
        });
        page.on('requestfailed', (request) => {
          if (measuring && request.resourceType() === 'script') pending.push(Promise.reject(new Error(`script failed: ${request.url()} ${request.failure()?.errorText}`)));
        });
        // A page whose network never rests (a video streaming its ranges) is measured until it has loaded and 60 s
        // passed: its row says so.
        let idle = true;
        const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 }).catch(async (error: unknown) => {
          if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
          idle = false;
          await page.waitForLoadState('load');
          return null;
        });
        measuring = false;
        if (response !== null && !response.ok()) throw new Error(`${path}: HTTP ${response.status()}`);
        const scripts = (await Promise.all(pending)).sort((a, b) => a.url.localeCompare(b.url));
        const bad = scripts.find((script) => script.status !== 200);
        if (bad) throw new Error(`${path}: ${bad.url} answered ${bad.status}`);
        if (signIn !== undefined) {
          const expected = signedInPage(path);
          if (!expected) throw new Error(`${path} is not a signed-in page of the bench (scripts/bench/signIn.ts SIGNED_IN_PAGES)`);
          await expectSignedIn(() => page.evaluate(readSignedIn, expected.shows), expected, 'first-load script');
        }
        const origin = new URL(baseUrl).origin;
        const own = scripts.filter((script) => new URL(script.url).origin === origin);
        measures.push({
          path,
          scripts,
          transferred: own.reduce((sum, script) => sum + script.transferred, 0),
          gzip: own.reduce((sum, script) => sum + script.gzip, 0),
          encodings: [...new Set(own.map((script) => script.encoding))].sort(),
          otherOriginsGzip: scripts.filter((script) => !own.includes(script)).reduce((sum, script) => sum + script.gzip, 0),
          idle,
          signedIn: signIn !== undefined,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return measures;
}

/** Bench rows: transferred (as served) and gzip -9 of the bodies, target ≤ 120 KB on every route (the phone-performance work). */
export function firstLoadRows(measures: FirstLoadMeasure[]): FirstLoadRow[] {
  return measures.flatMap((measure) => {
    const target = '≤ 120';
    const how = `Chromium, fresh context${measure.signedIn ? ' with the session' : ''}, cache off, no SW, ${measure.idle ? 'until network idle' : 'network never idle: 60 s'}, ${measure.scripts.length} scripts`;
    const page = measure.signedIn ? `${measure.path} (signed in)` : measure.path;
    const rows: FirstLoadRow[] = [
      { metric: `first-load script ${page} in a browser, transferred (${measure.encodings.join('+')}; ${how})`, value: kb(measure.transferred), unit: 'KB', target },
      { metric: `first-load script ${page} in a browser, gzip -9 of the bodies`, value: kb(measure.gzip), unit: 'KB', target },
    ];
    if (measure.otherOriginsGzip > 0) {
      rows.push({ metric: `first-load script ${page}: the generative sandbox's frame (content origin: p5 and the artist's script), gzip -9`, value: kb(measure.otherOriginsGzip), unit: 'KB' });
    }
    return rows;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((arg) => arg !== '--files' && arg !== '--signed-in');
  const [baseUrl = 'http://127.0.0.1:8787', ...given] = args;
  const signIn = process.argv.includes('--signed-in') ? { signIn: DEMO_CREATOR.accountIndex } : {};
  const measures = await measureFirstLoad(baseUrl, given.length ? given : ['/'], signIn);
  if (process.argv.includes('--files')) {
    for (const measure of measures) {
      console.log(`== ${measure.path}`);
      console.table(measure.scripts.map((s) => ({ script: new URL(s.url).pathname, encoding: s.encoding, transferredKB: kb(s.transferred), KB: kb(s.bytes), gzipKB: kb(s.gzip) })));
    }
  }
  console.table(firstLoadRows(measures));
}
