// PostgreSQL's own binaries (initdb, pg_ctl, postgres), for the throwaway test cluster (tests/server/postgres.globalSetup.ts)
// and `npm run cluster` (scripts/cluster.ts): where they are, and running one (as the `postgres` user when root, since
// initdb refuses root).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** PG_BIN_DIR, then /usr/local/bin, then PATH, then Debian's /usr/lib/postgresql/<version>/bin (newest first). */
export function findPostgresBinDir(): string | null {
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

/** Runs `binary` of `binDir` to its end; a failure throws with what it wrote to stderr. */
export function runPostgresBinary(binDir: string, binary: string, args: string[], timeoutMs = 60_000): void {
  const path = join(binDir, binary);
  const asRoot = process.getuid?.() === 0;
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((candidate) => existsSync(candidate)) ?? 'runuser';
  const [command, commandArgs] = asRoot ? [runuser, ['-u', 'postgres', '--', path, ...args]] : [path, args];
  try {
    execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`PostgreSQL: ${binary} failed: ${stderr || (error as Error).message}`);
  }
}
