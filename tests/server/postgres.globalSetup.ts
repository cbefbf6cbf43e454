// Starts a throwaway PostgreSQL 15 cluster for the server tests and removes it afterwards.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster's `postgres` database; suites create their own databases. */
    postgresAdminUrl: string;
  }
}

/** PG_BIN_DIR, then /usr/local/bin (this machine), then PATH, then Debian's /usr/lib/postgresql/<version>/bin (CI). */
function findBinDir(): string | null {
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join('/usr/lib/postgresql', version, 'bin'))
    : [];
  const candidates = [
    ...(process.env.PG_BIN_DIR ? [process.env.PG_BIN_DIR] : []),
    '/usr/local/bin',
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
    ...debian,
  ];
  return candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(join(dir, name)))) ?? null;
}

let BIN_DIR = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** initdb refuses to run as root, so as root the cluster runs as the `postgres` user. */
function runPg(binary: string, args: string[]): void {
  const path = join(BIN_DIR, binary);
  const asRoot = process.getuid?.() === 0;
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => existsSync(candidate)) ?? 'runuser';
  const [command, commandArgs] = asRoot ? [runuser, ['-u', 'postgres', '--', path, ...args]] : [path, args];
  try {
    execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`PostgreSQL test cluster: ${binary} failed: ${stderr || (error as Error).message}`);
  }
}

export default async function setup(project: TestProject) {
  const binDir = findBinDir();
  if (!binDir) {
    throw new Error(
      'PostgreSQL binaries (initdb, pg_ctl, postgres) are missing: the server tests run against a real PostgreSQL. ' +
        'Install PostgreSQL 15 (CI installs Debian\'s postgresql package) or set PG_BIN_DIR.',
    );
  }
  BIN_DIR = binDir;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    } catch {
      throw new Error('Running as root: the server tests need a `postgres` user to run initdb (it refuses root).');
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'artbazaar-pg-'));
  const dataDir = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  runPg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  // -k: the socket goes in our temp dir; fsync off: a throwaway cluster need not survive a crash.
  runPg('pg_ctl', [
    'start',
    '-D',
    dataDir,
    '-w',
    '-t',
    '60',
    '-l',
    join(dir, 'postgres.log'),
    '-o',
    `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
  ]);

  project.provide('postgresAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      runPg('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
