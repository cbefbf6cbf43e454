// `npm run cluster`: the demo as several server processes run it, on one machine. PostgreSQL and Redis from Debian's
// packages, started into the data folder (`.data-cluster/` by default: `postgres/`, `redis/`), then `npm start`'s
// chain, contracts, seed and build, and the server as SERVER_PROCESSES (2 by default) processes behind one origin at
// http://127.0.0.1:8787 (Node's cluster module: server/processes.ts). `npm start` stays the one-process default on
// PGlite. Ctrl-C stops everything; the data stays in the folder and the next run goes on from it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { findPostgresBinDir, runPostgresBinary } from './postgresBinaries';

const root = join(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.DATA_DIR || '.data-cluster');
const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 5433);
const redisPort = Number(process.env.CLUSTER_REDIS_PORT ?? 6380);
const processes = process.env.SERVER_PROCESSES ?? '2';
const children = new Set<ChildProcess>();
let redisChild: ChildProcess | null = null;
let stopping = false;

const log = (message: string) => console.log(`[cluster] ${message}`);

async function startPostgres(): Promise<{ url: string; stop(): void }> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error("PostgreSQL's initdb, pg_ctl and postgres are missing: apt-get install postgresql (or set PG_BIN_DIR).");
  const runPg = (binary: string, args: string[]) => runPostgresBinary(binDir, binary, args, 120_000);
  const dir = join(dataDir, 'postgres');
  const pgData = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  if (!existsSync(join(pgData, 'PG_VERSION'))) {
    log(`Creating a PostgreSQL cluster in ${pgData}`);
    runPg('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  }
  log(`Starting PostgreSQL on 127.0.0.1:${pgPort}`);
  runPg('pg_ctl', ['start', '-D', pgData, '-w', '-t', '60', '-l', join(dir, 'postgres.log'), '-o', `-p ${pgPort} -h 127.0.0.1 -k ${dir}`]);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
  await admin.connect();
  const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'artbazaar'`);
  if (!rowCount) await admin.query('create database artbazaar');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${pgPort}/artbazaar`,
    stop: () => runPg('pg_ctl', ['stop', '-D', pgData, '-m', 'fast', '-w']),
  };
}

async function startRedis(): Promise<{ url: string }> {
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  log(`Starting Redis on 127.0.0.1:${redisPort}`);
  // Its append-only file in the data folder: recoverable sessions survive a restart of Redis.
  const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  redisChild = child;
  await new Promise<void>((ready, fail) => {
    child.once('error', (error) => fail(new Error(`redis-server could not run (apt-get install redis-server): ${error.message}`)));
    child.once('exit', (code) => {
      children.delete(child);
      if (!stopping) fail(new Error(`redis-server exited (${code})`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('Ready to accept connections')) ready();
    });
  });
  return { url: `redis://127.0.0.1:${redisPort}` };
}

/** One secret for every process (ALTCHA challenges made by one are checked by another), kept in the data folder. */
function sharedSecret(): string {
  if (process.env.ALTCHA_HMAC_SECRET) return process.env.ALTCHA_HMAC_SECRET;
  const file = join(dataDir, 'altcha-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  mkdirSync(dataDir, { recursive: true });
  const postgres = await startPostgres();
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The demo (its server processes) first, so they close their Redis and database connections while both still run.
    const running = [...children];
    const order = [running.filter((child) => child !== redisChild), running.filter((child) => child === redisChild)];
    for (const group of order) {
      const exited = group.map((child) => new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(null) : child.once('exit', done))));
      for (const child of group) child.kill('SIGTERM');
      await Promise.all(exited);
    }
    try {
      postgres.stop();
    } catch (error) {
      console.error(`[cluster] PostgreSQL did not stop: ${error instanceof Error ? error.message : error}`);
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  try {
    const redis = await startRedis();
    log(`Starting the demo with ${processes} server processes on PostgreSQL and Redis (data in ${dataDir})`);
    const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        SERVER_PROCESSES: processes,
        ALTCHA_HMAC_SECRET: sharedSecret(),
      },
    });
    children.add(demo);
    demo.once('exit', (code) => {
      children.delete(demo);
      if (!stopping) void stopAll(code ?? 1);
    });
  } catch (error) {
    console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
    await stopAll(1);
  }
}

main().catch((error: unknown) => {
  console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
