import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployMarketplaceContracts } from '../../contracts/deploy.js';
import { openDatabase } from '../../server/db/client.js';
import { indexerState } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { makeStaticDir } from './fixtures.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function run(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
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

async function waitFor(output: () => string, child: ChildProcess, pattern: RegExp, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(output());
    if (match) return match;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${pattern} in:\n${output()}`);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// One real chain (scripts/chain.ts) with the contracts deployed, shared by both database kinds.
let chain: ReturnType<typeof run>;
let rpcUrl: string;
let deploymentsFile: string;
let deploymentBlock: number;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'artbazaar-main-chain-'));
  const port = await freePort();
  chain = run('scripts/chain.ts', { CHAIN_PORT: String(port), CHAIN_QUIET: '1' });
  await waitFor(chain.output, chain.child, /local chain ready/);
  rpcUrl = `http://127.0.0.1:${port}`;
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport });
  const [deployer] = await createWalletClient({ transport }).getAddresses();
  const deployments = await deployMarketplaceContracts({ walletClient: createWalletClient({ account: deployer!, transport }), publicClient });
  deploymentBlock = deployments.blockNumber;
  deploymentsFile = join(root, '31337.json');
  await writeFile(deploymentsFile, JSON.stringify(deployments));
});

afterAll(async () => {
  chain?.child.kill('SIGTERM');
  await chain?.exit;
  await rm(root, { recursive: true, force: true });
});

describe.each(DATABASE_KINDS)('server/main.ts with a deployed chain on %s', (kind) => {
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      PORT: '0',
      DATA_DIR: join(root, `data-${kind}`),
      STATIC_DIR: await makeStaticDir(),
      DEPLOYMENTS_FILE: deploymentsFile,
      CHAIN_RPC_URL: rpcUrl,
    };
    if (kind === 'postgres') {
      database = await openTestDatabase('postgres');
      env.DATABASE_URL = database.location.databaseUrl!;
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  // Two processes started through tsx (the chain is shared): minutes, not seconds, on a loaded machine.
  it('starts the chain indexer, which records its progress; config names the deployed contracts', { timeout: 240_000 }, async () => {
    const server = run('server/main.ts', env);
    try {
      const [, url] = await waitFor(server.output, server.child, /Server listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const config = (await (await fetch(`${url}/api/v1/config`)).json()) as { evms: { providerURL: string; contracts: { marketplace: string } }[] };
      expect(config.evms[0]!.providerURL).toBe(rpcUrl);
      expect(config.evms[0]!.contracts.marketplace).toMatch(/^0x[0-9a-fA-F]{40}$/);
      // The indexer says when its first poll has read the chain to its head, having stored its progress.
      const [, block] = await waitFor(server.output, server.child, /Chain indexer: in step with chain 31337 at block (\d+)/);
      expect(Number(block)).toBeGreaterThanOrEqual(deploymentBlock);
      expect(server.output()).not.toContain('failed to start');
      expect(server.output()).not.toContain('not started');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);

    const reopened = await openDatabase(kind === 'pglite' ? { dataDir: env.DATA_DIR } : { databaseUrl: env.DATABASE_URL });
    try {
      const rows = await reopened.db.select().from(indexerState);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.chainId).toBe(31337);
      expect(rows[0]!.lastBlock).toBeGreaterThanOrEqual(deploymentBlock);
    } finally {
      await reopened.close();
    }
  });
});
