// Starts a throwaway PostgreSQL 15 cluster for the server tests and removes it afterwards.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPostgresBinDir, runPostgresBinary } from '../../scripts/postgresBinaries';
import { freePort } from './freePort';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster's `postgres` database; suites create their own databases. */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      'PostgreSQL binaries (initdb, pg_ctl, postgres) are missing: the server tests run against a real PostgreSQL. ' +
        'Install PostgreSQL 15 (CI installs Debian\'s postgresql package) or set PG_BIN_DIR.',
    );
  }
  const runPg = (binary: string, args: string[]) => runPostgresBinary(binDir, binary, args);
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
