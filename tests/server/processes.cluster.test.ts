// SERVER_PROCESSES=2 as `npm run cluster` runs it (server/processes.ts): server/main.ts forks two server processes that
// share one port through Node's cluster module, on a real PostgreSQL and a real Redis (Debian's redis-server). A
// process that dies is replaced while the other keeps answering; SIGTERM stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrimary } from '../../server/processes.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { makeStaticDir } from './fixtures.js';
import { startRedis, type TestRedis } from './redisServer.js';
import { until } from './until.js';

const LISTENING = /Server listening on http:\/\/127\.0\.0\.1:(\d+)/g;

/** The pids of the server processes `pid` forked (ps; tsx's esbuild service is a child too, but runs no server). */
const childrenOf = (pid: number) =>
  spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes('server/main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((n) => n > 0);

describe('SERVER_PROCESSES=2: two server processes behind one port (server/processes.ts)', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    [redis, database] = await Promise.all([startRedis(), openTestDatabase('postgres')]);
    dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-processes-'));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await redis?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses several processes without a shared PostgreSQL and Redis', () => {
    expect(() => runPrimary(2, {})).toThrow('SERVER_PROCESSES=2 needs DATABASE_URL and REDIS_URL');
    expect(() => runPrimary(3, { DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow('SERVER_PROCESSES=3 needs REDIS_URL');
  });

  it('two processes answer on one port; one killed is replaced while the other answers; SIGTERM stops them all', async () => {
    const primary = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        SERVER_PROCESSES: '2',
        PORT: '0',
        DATA_DIR: dataDir,
        STATIC_DIR: await makeStaticDir(),
        DEPLOYMENTS_FILE: join(dataDir, 'none.json'),
        DATABASE_URL: database.location.databaseUrl!,
        REDIS_URL: redis.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    primary.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    const listening = () => [...output.matchAll(LISTENING)].map((m) => Number(m[1]));
    try {
      await until(() => listening().length === 2 || primary.exitCode !== null, 'two server processes listening', 150_000);
      const [first, second] = listening();
      expect(second, `both listen on one port:\n${output}`).toBe(first);
      const base = `http://127.0.0.1:${first}`;
      const workers = childrenOf(primary.pid!);
      expect(workers).toHaveLength(2);
      // New connections each (Connection: close), handed to the processes in turn.
      const answers = async (count: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < count; i++) statuses.push((await fetch(`${base}/api/v1/config`, { headers: { connection: 'close' } })).status);
        return statuses;
      };
      expect(await answers(10)).toEqual(Array(10).fill(200));

      const [killed, survivor] = workers as [number, number];
      process.kill(killed, 'SIGKILL');
      await until(() => output.includes(`Server process ${killed} stopped (SIGKILL); starting another in 1 s`), 'the primary seeing the process go', 30_000);
      // The other answers meanwhile: nothing is handed to the dead one.
      expect(await answers(10)).toEqual(Array(10).fill(200));
      await until(() => listening().length === 3, 'a replacement listening', 150_000);
      expect(listening()[2]).toBe(first);
      const now = childrenOf(primary.pid!);
      expect(now).toHaveLength(2);
      expect(now).toContain(survivor);
      expect(now).not.toContain(killed);
      expect(await answers(10)).toEqual(Array(10).fill(200));

      primary.kill('SIGTERM');
      expect(await exitCode).toBe(0);
      expect(now.filter((pid) => spawnSync('kill', ['-0', String(pid)]).status === 0), 'no server process left').toEqual([]);
    } finally {
      if (primary.exitCode === null) primary.kill('SIGKILL');
      for (const pid of childrenOf(primary.pid!)) process.kill(pid, 'SIGKILL');
    }
  }, 300_000);
});
