// What the benches share: their row and option shapes, the repo root, the Chromium they launch, the statistics they
// report, how a table of rows is printed for people (bench-results.json keeps the full precision) and how a bench
// runs on its own (`npx tsx scripts/bench/<name>.ts`).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export type BenchRow = { metric: string; value: number; unit: string; target?: string };

/** Options every bench that serves the built app takes. */
export interface BenchOptions {
  /** The built app the server serves (default dist/). */
  staticDir?: string;
  log?: (line: string) => void;
}

export const root = join(import.meta.dirname, '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** `value` as people read it: layout shift (no unit) to three decimals, ratios and scores to two, the rest to one. */
export function roundForPeople(value: number, unit: string): number {
  const scale = unit === '' ? 1000 : unit === 'ratio' || unit === 'score' ? 100 : 10;
  return Math.round(value * scale) / scale;
}

/** Rows for console.table: values rounded for people, the target column always there. */
export function tableRows(rows: readonly BenchRow[]): Array<Required<BenchRow>> {
  return rows.map((row) => ({ metric: row.metric, value: roundForPeople(row.value, row.unit), unit: row.unit, target: row.target ?? '' }));
}

/** Nearest rank: the smallest value with at least p % of the samples at or below it (p95 of 20 = the 19th). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `n` to `digits` decimals (one unless told). */
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Runs a bench when its file is the script node was started with (not when bench.ts imports it): prints its rows
 * as a table (`table` shapes them; as they are unless told) and exits 0, or prints the error and exits 1.
 */
export function runWhenMain(
  moduleUrl: string,
  measure: () => Promise<readonly BenchRow[]>,
  table: (rows: readonly BenchRow[]) => readonly object[] = (rows) => rows,
): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  measure().then(
    (rows) => {
      console.table(table(rows));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * The whole demo as `npm start` runs it (chain, contracts, seed, server) on its own ports and data folder
 * (`.data-bench-<name>`, deployments `bench-<name>.json`), serving staticDir; in its own process group (kill -pid).
 */
export function startDemo(name: string, port: number, chainPort: number, staticDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build-check'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      CHAIN_PORT: String(chainPort),
      CHAIN_RPC_URL: `http://127.0.0.1:${chainPort}`,
      DATA_DIR: join(root, `.data-bench-${name}`),
      DEPLOYMENTS_FILE: join(root, 'contracts', 'deployments', `bench-${name}.json`),
      STATIC_DIR: staticDir,
      CHAIN_QUIET: '1',
    },
  });
}

/** Waits until the demo at base answers its config (the seed runs first: minutes on a fresh data folder). */
export async function waitForDemo(base: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(`${base}/api/v1/config`).then((response) => response.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the demo did not start at ${base}`);
}
