// `npm run creator -- add|remove <address>` (scripts/creator.ts) against a real chain served by scripts/chain.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPublicClient, createWalletClient, http, type Address, type PublicClient } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCreator } from '../../contracts/creators';
import { deployMarketplaceContracts, type Deployments } from '../../contracts/deploy';

const root = resolve(import.meta.dirname, '../..');
const MNEMONIC = 'test test test test test test test test test test test junk';
const keyOf = (index: number) => `0x${Buffer.from(mnemonicToAccount(MNEMONIC, { addressIndex: index }).getHdKey().privateKey!).toString('hex')}`;
const addressOf = (index: number) => mnemonicToAccount(MNEMONIC, { addressIndex: index }).address;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

let chain: ChildProcess;
let rpcUrl: string;
let dir: string;
let deploymentsFile: string;
let deployments: Deployments;
let publicClient: PublicClient;

/** Runs the script to its end: exit code and output. */
function creator(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/creator.ts', ...args], {
      cwd: root,
      env: { ...process.env, CHAIN_RPC_URL: rpcUrl, DEPLOYMENTS_FILE: deploymentsFile, OWNER_PRIVATE_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  const port = await freePort();
  rpcUrl = `http://127.0.0.1:${port}`;
  let output = '';
  chain = spawn(process.execPath, ['--import', 'tsx', 'scripts/chain.ts'], { cwd: root, env: { ...process.env, CHAIN_PORT: String(port), CHAIN_QUIET: '1' } });
  chain.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  chain.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (!output.includes('local chain ready')) {
    if (chain.exitCode !== null || Date.now() - started > 60_000) throw new Error(`chain did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const transport = http(rpcUrl);
  publicClient = createPublicClient({ transport, pollingInterval: 50 });
  deployments = await deployMarketplaceContracts({ walletClient: createWalletClient({ account: addressOf(0), transport }), publicClient });
  dir = await mkdtemp(join(tmpdir(), 'artbazaar-creator-script-'));
  deploymentsFile = join(dir, '31337.json');
  await writeFile(deploymentsFile, JSON.stringify(deployments));
});

afterAll(async () => {
  chain?.kill('SIGTERM');
  if (dir) await rm(dir, { recursive: true, force: true });
});

const registered = (address: Address) => isCreator(publicClient, deployments.collectionFactory, address);

describe('npm run creator', () => {
  it('adds an applicant as the factory owner (account #0 on the local chain), then removes it', async () => {
    const applicant = addressOf(30);
    const added = await creator(['add', applicant.toLowerCase()]);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`[creator] registered ${applicant} as a creator on chain 31337 (factory ${deployments.collectionFactory}, owner ${addressOf(0)})`);
    expect(added.stdout).toMatch(/transaction 0x[0-9a-f]{64} in block \d+: CreatedCreator emitted/);
    expect(await registered(applicant)).toBe(true);

    const again = await creator(['add', applicant]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`[creator] ${applicant} is already a creator on chain 31337: nothing sent`);

    const removed = await creator(['remove', applicant]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`[creator] removed ${applicant} as a creator on chain 31337`);
    expect(removed.stdout).toContain('RemovedCreator emitted');
    expect(await registered(applicant)).toBe(false);
  });

  it('signs with OWNER_PRIVATE_KEY when given, and refuses a key that is not the owner\'s', async () => {
    const applicant = addressOf(31);
    const withKey = await creator(['add', applicant], { OWNER_PRIVATE_KEY: keyOf(0) });
    expect(withKey.code).toBe(0);
    expect(await registered(applicant)).toBe(true);

    const wrongKey = await creator(['remove', applicant], { OWNER_PRIVATE_KEY: keyOf(1) });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain(`[creator] OWNER_PRIVATE_KEY is the key of ${addressOf(1)}, but the factory owner is ${addressOf(0)}`);
    expect(await registered(applicant)).toBe(true);
  });

  it('exits 1 with a clear message for a bad address, a bad action or a missing deployments file', async () => {
    const bad = await creator(['add', '0x1234']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('[creator] not an address: "0x1234" (expected 0x followed by 40 hex digits)');
    expect(bad.stderr).toContain('usage: npm run creator -- add <address> | npm run creator -- remove <address>');

    const missing = await creator(['remove']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('[creator] not an address: (missing)');

    const action = await creator(['promote', addressOf(32)]);
    expect(action.code).toBe(1);
    expect(action.stderr).toContain('[creator] unknown action "promote"');

    const noFile = await creator(['add', addressOf(32)], { DEPLOYMENTS_FILE: join(dir, 'none.json') });
    expect(noFile.code).toBe(1);
    expect(noFile.stderr).toContain(`[creator] no deployments file at ${join(dir, 'none.json')}`);
    expect(await registered(addressOf(32))).toBe(false);
  });
});
