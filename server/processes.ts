// SERVER_PROCESSES=N (N > 1): this process forks N server processes with Node's cluster module, which share its ports
// (the app's and the content origin's): one origin, connections handed to the processes in turn. The live socket is
// websocket only, so a connection stays with its process and no sticky sessions are needed. The processes share
// PostgreSQL (one of them indexes the chain: server/indexer/leader.ts), Redis (live events, recoverable sessions, upload
// locks: server/redis.ts), the data folder's uploads and blobs, and the ALTCHA secret (so a challenge made by one
// process is checked by another). A process that exits is started again after a second.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';

/** How many server processes SERVER_PROCESSES asks for (1 when unset). */
export function serverProcesses(env: NodeJS.ProcessEnv): number {
  const count = Number(env.SERVER_PROCESSES ?? 1);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error('SERVER_PROCESSES must be a whole number from 1 to 64.');
  return count;
}

/** True in the primary of several processes (it forks them and serves nothing itself). */
export const isPrimaryOfSeveral = (count: number) => count > 1 && cluster.isPrimary;

export function runPrimary(count: number, env: NodeJS.ProcessEnv): void {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name]);
  if (missing.length > 0) {
    // PGlite's folder opens in one process, and without Redis live events and upload locks stay in each process.
    throw new Error(`SERVER_PROCESSES=${count} needs ${missing.join(' and ')}: several processes share PostgreSQL and Redis (see README, Configuration).`);
  }
  const shared = { ALTCHA_HMAC_SECRET: env.ALTCHA_HMAC_SECRET ?? randomBytes(32).toString('hex') };
  let stopping = false;
  const fork = () => cluster.fork(shared);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another in 1 s`);
    setTimeout(() => {
      if (!stopping) fork();
    }, 1000);
  });
  for (let i = 0; i < count; i++) fork();
  console.log(`Started ${count} server processes sharing one origin (Node's cluster module)`);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      worker.process.kill(signal);
    }
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGTERM'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
