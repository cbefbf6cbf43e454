// `npm start`: the whole demo in one command — chain, contracts, seeded database, built app, server.
// `npm run dev` (--dev): the same without the build, the server with NODE_ENV=development (which accepts sign-ins
// from Vite's dev origins), then Vite's dev server proxying to it. Ctrl-C stops everything it started.
// The chain (Anvil) keeps its state in the data folder, so a restart finds its contracts, tokens and sales and
// nothing is redeployed or reseeded. A crashed chain or server is started again after a bounded backoff.
// --fresh (the e2e stack): start from nothing — the data folder (or, with DATABASE_URL, the database) and the
// chain state are emptied first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { createPublicClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { buildServer, serverCommand } from './buildServer';
import { anvilArgs, anvilBinary, anvilProblemFilter, dropRestartGeneses } from '../contracts/anvil';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8787);
const chainPort = Number(process.env.CHAIN_PORT ?? 8545);
const rpcUrl = process.env.CHAIN_RPC_URL ?? `http://127.0.0.1:${chainPort}`;
// STATIC_DIR (the server's setting) names another build folder than dist/, e.g. for parallel e2e runs.
const staticDir = process.env.STATIC_DIR ? resolve(root, process.env.STATIC_DIR) : join(root, 'dist');
const skipBuildCheck = process.argv.includes('--no-build-check') && existsSync(join(staticDir, 'index.html'));
const dev = process.argv.includes('--dev');
const fresh = process.argv.includes('--fresh');
// The server's data folder (PGlite's database and the media) and the chain's state file beside it.
const dataDir = resolve(root, process.env.DATA_DIR || '.data');
const chainStateFile = resolve(root, process.env.CHAIN_STATE_FILE || join(dataDir, 'chain-state.json'));
/** A child that ran at least this long before it exited starts again after the shortest delay. */
const RESTART_RESET_MS = 60_000;
const RESTART_MIN_DELAY_MS = 1000;
const RESTART_MAX_DELAY_MS = 30_000;
const READY_TIMEOUT_MS = 300_000;

const children = new Set<ChildProcess>();
const restartTimers = new Set<NodeJS.Timeout>();
let stopping = false;

function log(message: string) {
  console.log(`[start] ${message}`);
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** A child whose exit stops the demo (Vite's dev server). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = track(spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${command} ${args.join(' ')} exited (${signal ?? code}); stopping the demo`);
      void stop(1);
    }
  });
  return child;
}

/** The delay before restart number `restarts` (0-based): 1 s, 2 s, 4 s … at most 30 s. */
function restartDelay(restarts: number): number {
  return Math.min(RESTART_MAX_DELAY_MS, RESTART_MIN_DELAY_MS * 2 ** restarts);
}

interface Supervised {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Lines of the child's stdout to show; without it stdout is passed through. */
  show?: (line: string) => boolean;
  ready: () => Promise<boolean>;
  /** Runs before every start (the first and each restart). */
  beforeStart?: () => void;
}

/**
 * Runs a child for as long as the demo runs: when it exits by itself it is started again after 1 s, 2 s, 4 s … at
 * most 30 s, the delay starting over once it stayed up for a minute. Resolves when the first start answers.
 */
async function supervise(spec: Supervised): Promise<void> {
  let restarts = 0;
  const launch = () => {
    spec.beforeStart?.();
    const startedAt = Date.now();
    const child = track(spawn(spec.command, spec.args, {
      cwd: root,
      stdio: ['ignore', spec.show ? 'pipe' : 'inherit', 'inherit'],
      env: { ...process.env, ...spec.env },
    }));
    const { show } = spec;
    if (show && child.stdout) createInterface({ input: child.stdout }).on('line', (line) => {
      if (show(line)) console.log(`[${spec.name}] ${line}`);
    });
    log(`started the ${spec.name} (pid ${child.pid})`);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const upMs = Date.now() - startedAt;
      if (upMs >= RESTART_RESET_MS) restarts = 0;
      const delay = restartDelay(restarts++);
      console.error(`[start] the ${spec.name} stopped (${signal ?? `exit code ${code}`}) after ${(upMs / 1000).toFixed(1)} s; restarting it in ${delay / 1000} s (restart ${restarts} in a row)`);
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (stopping) return;
        launch();
        waitFor(spec.ready, `the ${spec.name}`, READY_TIMEOUT_MS).then(
          () => log(`the ${spec.name} is back`),
          (error: unknown) => console.error(`[start] ${error instanceof Error ? error.message : error}`),
        );
      }, delay);
      restartTimers.add(timer);
    });
  };
  launch();
  // A generous bound: on a busy machine the server's first start (TypeScript, migrations) can take minutes.
  await waitFor(spec.ready, `the ${spec.name}`, READY_TIMEOUT_MS);
}

function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code}`));
    });
  });
}

/** Stops every child (the chain writes its state file on the way out) and exits once they are gone. */
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const timer of restartTimers) clearTimeout(timer);
  const exited = [...children].map((child) => new Promise((r) => child.once('exit', r)));
  for (const child of children) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 10_000);
  await Promise.all(exited);
  clearTimeout(force);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function chainAnswers(): Promise<boolean> {
  try {
    const client = createPublicClient({ chain: hardhat, transport: http(rpcUrl, { retryCount: 0, timeout: 1000 }) });
    return (await client.getChainId()) === 31337;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const built = join(staticDir, 'index.html');
  if (!existsSync(built)) return true;
  const inputs = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json'];
  return Math.max(...inputs.map((p) => newestMtime(join(root, p)))) > statSync(built).mtimeMs;
}

async function main() {
  const env = { CHAIN_RPC_URL: rpcUrl, CHAIN_PORT: String(chainPort), PORT: String(port) };
  if (fresh) {
    log(`Starting fresh: removing the chain state${process.env.DATABASE_URL ? '' : ` and the data folder ${dataDir}`}`);
    rmSync(chainStateFile, { force: true });
    if (!process.env.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });
  }

  if (await chainAnswers()) {
    log(`Using the chain already running at ${rpcUrl}`);
  } else {
    mkdirSync(dirname(chainStateFile), { recursive: true });
    log(`Starting the local chain at ${rpcUrl} (${existsSync(chainStateFile) ? 'from' : 'its state kept in'} ${chainStateFile})`);
    await supervise({
      name: 'chain',
      command: anvilBinary(),
      args: anvilArgs({ port: chainPort, stateFile: chainStateFile }),
      show: anvilProblemFilter(),
      ready: chainAnswers,
      beforeStart: () => dropRestartGeneses(chainStateFile),
    });
  }

  log('Compiling and deploying the contracts when needed');
  await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', '--if-needed'], env);

  log('Seeding the demo database when it is empty');
  await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', fresh && process.env.DATABASE_URL ? '--reset' : '--if-needed'], env);

  if (!dev && !skipBuildCheck && buildIsStale()) {
    log('Building the app');
    await runToEnd('npx', ['vite', 'build', '--outDir', staticDir]);
  }

  const url = `http://127.0.0.1:${port}`;
  const serverAnswers = async () => {
    try {
      return (await fetch(`${url}/api/v1/config`)).ok;
    } catch {
      return false;
    }
  };
  if (dev && (await serverAnswers())) {
    log(`Using the server already running at ${url} (sign-ins from Vite's origin need it started with NODE_ENV=development)`);
  } else {
    // The demo runs the bundled server (scripts/buildServer.ts: it starts in a third of tsx's time); --dev runs the
    // sources through tsx, as `npm run server` does.
    const { command, args } = dev
      ? { command: process.execPath, args: ['--import', 'tsx', 'server/main.ts'] }
      : serverCommand(await buildServer());
    log('Starting the server');
    await supervise({
      name: 'server',
      command,
      args,
      env: dev ? { ...env, NODE_ENV: 'development' } : env,
      ready: serverAnswers,
    });
  }
  if (dev) {
    log("Starting Vite's dev server");
    run('npx', ['vite']);
    return;
  }
  console.log(`\n  Art Bazaar demo is running at ${url}\n  (Ctrl-C stops the chain and the server; the data stays in ${dataDir})\n`);
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  void stop(1);
});
