import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { makeStaticDir } from './fixtures.js';
import { buildServer, serverCommand } from '../../scripts/buildServer.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** How the server runs: its sources through tsx (`npm run server`, the tests), or the bundle `npm start` runs. */
const RUNNERS = ['sources', 'bundle'] as const;
type Runner = (typeof RUNNERS)[number];
let bundleEntry: Promise<string> | undefined;

async function serverArgs(runner: Runner): Promise<string[]> {
  if (runner === 'sources') return ['--import', 'tsx', 'server/main.ts'];
  bundleEntry ??= buildServer();
  return serverCommand(await bundleEntry).args;
}

// Runs the server as a child process with its own environment.
async function startServer(runner: Runner, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, await serverArgs(runner), {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exit };
}

async function waitForListening(server: Started, timeoutMs = 150_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
    if (match) return match[1]!;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

// Each case starts one to two server processes (tsx transforms the sources at start): in CI beside the other
// suites a start took up to about 40 s, so these tests get more than the server project's 60 s.
const PROCESS_TEST_TIMEOUT_MS = 180_000;

const CASES = DATABASE_KINDS.flatMap((kind) => RUNNERS.map((runner) => [kind, runner] as const));

describe.each(CASES)('server/main.ts on %s (%s)', (kind, runner) => {
  let root: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'artbazaar-main-'));
    env = {
      PORT: '0',
      DATA_DIR: join(root, 'data', 'nested'),
      STATIC_DIR: await makeStaticDir(),
      DEPLOYMENTS_FILE: join(root, 'no-deployments.json'),
    };
    if (kind === 'postgres') {
      database = await openTestDatabase('postgres');
      env.DATABASE_URL = database.location.databaseUrl!;
    }
  });
  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('starts, serves the API and the app, and shuts down cleanly on SIGTERM', async () => {
    const server = await startServer(runner, env);
    try {
      const url = await waitForListening(server);
      expect(server.output()).toContain(kind === 'pglite' ? `Database: PGlite in ${env.DATA_DIR}` : 'Database: PostgreSQL');
      expect(server.output()).toContain('the chain indexer is not started');
      const config = await fetch(`${url}/api/v1/config`);
      expect(config.status).toBe(200);
      expect(((await config.json()) as { maxFileSize: number }).maxFileSize).toBe(10485760);
      // A list read: the query's cost is estimated on the schema (server/graphql/limits.ts, its graphql the one yoga
      // loads), and the database answers through the migrated tables.
      const read = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ getMarketplaceTokens(pagination: { perPage: 15 }) { totalCount edges { node { id name } } } }' }),
      });
      expect(await read.json()).toEqual({ data: { getMarketplaceTokens: { totalCount: 0, edges: [] } } });
      const page = await fetch(`${url}/explore`);
      expect(await page.text()).toContain('<div id="root">');
      // The content origin listens on a port of its own (a free one with PORT 0), named in the config it serves:
      // the sandbox page there, nothing of the API.
      const contentOrigin = /Content origin (http:\/\/127\.0\.0\.1:\d+) /.exec(server.output())?.[1];
      expect(contentOrigin).toBeDefined();
      expect(contentOrigin).not.toBe(url);
      const served = (await (await fetch(`${url}/api/v1/config`)).json()) as { contentOrigin: string };
      expect(served.contentOrigin).toBe(contentOrigin);
      expect((await fetch(`${contentOrigin}/sandbox/generative.html`)).status).toBe(200);
      expect((await fetch(`${contentOrigin}/api/v1/config`)).status).toBe(404);
      expect((await fetch(`${url}/sandbox/generative.html`)).status).toBe(404);

      if (kind === 'pglite') {
        expect(existsSync(join(env.DATA_DIR!, 'server.lock'))).toBe(true);
        // A second server on the same data folder fails fast and says why.
        const second = await startServer(runner, env);
        expect(await second.exit).toBe(1);
        expect(second.output()).toContain(`already in use by process ${server.child.pid}`);
        // The first one is unaffected.
        expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
      }
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('SIGTERM: shutting down');
    expect(existsSync(join(env.DATA_DIR!, 'server.lock'))).toBe(false);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses an invalid environment with a readable message', async () => {
    const server = await startServer(runner, { ...env, PORT: 'abc' });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('Invalid server environment');
    expect(server.output()).toContain('PORT');
  }, PROCESS_TEST_TIMEOUT_MS);
});
