// `npm start`: the whole demo in one command — chain, contracts, seeded database, built app, server.
// `npm run dev` (--dev): the same without the build, the server with NODE_ENV=development (which accepts sign-ins
// from Vite's dev origins), then Vite's dev server proxying to it. Ctrl-C stops everything it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPublicClient, http } from 'viem';
import { hardhat } from 'viem/chains';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8787);
const chainPort = Number(process.env.CHAIN_PORT ?? 8545);
const rpcUrl = process.env.CHAIN_RPC_URL ?? `http://127.0.0.1:${chainPort}`;
// STATIC_DIR (the server's setting) names another build folder than dist/, e.g. for parallel e2e runs.
const staticDir = process.env.STATIC_DIR ? resolve(root, process.env.STATIC_DIR) : join(root, 'dist');
const skipBuildCheck = process.argv.includes('--no-build-check') && existsSync(join(staticDir, 'index.html'));
const dev = process.argv.includes('--dev');

const children: ChildProcess[] = [];
let stopping = false;

function log(message: string) {
  console.log(`[start] ${message}`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${command} ${args.join(' ')} exited (${signal ?? code}); stopping the demo`);
      void stop(1);
    }
  });
  return child;
}

function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    children.push(child);
    child.on('exit', (code) => {
      children.splice(children.indexOf(child), 1);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code}`));
    });
  });
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.reverse()) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
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

  if (await chainAnswers()) {
    log(`Using the chain already running at ${rpcUrl}`);
  } else {
    log(`Starting the local chain at ${rpcUrl}`);
    run(process.execPath, ['--import', 'tsx', 'scripts/chain.ts'], env);
    await waitFor(chainAnswers, 'the local chain');
  }

  log('Compiling and deploying the contracts when needed');
  await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', '--if-needed'], env);

  log('Seeding the demo database when it is empty or belongs to an older chain');
  await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--if-needed'], env);

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
    log('Starting the server');
    run(process.execPath, ['--import', 'tsx', 'server/main.ts'], dev ? { ...env, NODE_ENV: 'development' } : env);
    await waitFor(serverAnswers, 'the server');
  }
  if (dev) {
    log("Starting Vite's dev server");
    run('npx', ['vite']);
    return;
  }
  console.log(`\n  Art Bazaar demo is running at ${url}\n  (Ctrl-C stops the chain and the server)\n`);
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  void stop(1);
});
