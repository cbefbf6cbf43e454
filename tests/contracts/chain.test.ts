import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createPublicClient, createWalletClient, http, webSocket, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilProblemFilter, dropRestartGeneses } from '../../contracts/anvil';
import { startLocalChain } from '../../contracts/chain';
import { compileContracts, computeSourceHash } from '../../contracts/compile';
import { deploymentsPath, deployMarketplaceContracts, readDeployments, writeDeployments } from '../../contracts/deploy';
import { marketplaceAbi } from '../../contracts/generated';
import stamp from '../../contracts/generated/stamp.json';

const root = resolve(import.meta.dirname, '../..');

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

describe('npm run chain (scripts/chain.ts)', () => {
  let child: ChildProcess;
  let url: string;
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/chain.ts'], { cwd: root, env: { ...process.env, CHAIN_PORT: String(port), CHAIN_QUIET: '1' } });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    while (!output.includes('local chain ready')) {
      if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`chain did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('serves chainId 31337 with 100 funded accounts of the test mnemonic and open CORS', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ result: '0x7a69' });
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const publicClient = createPublicClient({ transport: http(url) });
    const accounts: Address[] = await createWalletClient({ transport: http(url) }).getAddresses();
    expect(accounts).toHaveLength(100);
    // Accounts #0 and #99 of the mnemonic "test test ... junk" (m/44'/60'/0'/0/N): #0–#19 are Hardhat's defaults.
    expect(accounts[0]!.toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(accounts[99]).toBe(mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 99 }).address);
    expect(await publicClient.getBalance({ address: accounts[99]! })).toBe(10_000n * 10n ** 18n);
    // CHAIN_QUIET=1: requests after startup are not logged.
    expect(output.slice(output.indexOf('local chain ready'))).not.toContain('eth_getBalance');
  });

  it('answers JSON-RPC over WebSocket on the same port', async () => {
    const client = createPublicClient({ transport: webSocket(url.replace('http', 'ws')) });
    expect(await client.getChainId()).toBe(31337);
    await (await client.transport.getRpcClient()).close();
  });

  it('refuses to start a second chain on a port already served', async () => {
    const port = Number(new URL(url).port);
    await expect(startLocalChain({ port })).rejects.toThrow(/already listening/);
  });

  it('accepts the deployment over HTTP and automines it', async () => {
    const transport = http(url);
    const publicClient = createPublicClient({ transport, pollingInterval: 50 });
    const [deployer] = await createWalletClient({ transport }).getAddresses();
    const deployments = await deployMarketplaceContracts({
      walletClient: createWalletClient({ account: deployer!, transport }),
      publicClient,
      feeBasisPoints: 300,
    });
    expect(deployments.chainId).toBe(31337);
    for (const address of [deployments.marketplace, deployments.collectionFactory]) {
      expect(((await publicClient.getCode({ address })) ?? '0x').length).toBeGreaterThan(1000);
    }
    expect(await publicClient.readContract({ address: deployments.marketplace, abi: marketplaceAbi, functionName: 'fees' }))
      .toEqual([expect.stringMatching(new RegExp(deployer!, 'i')), 300n]);
    expect(await publicClient.readContract({ address: deployments.marketplace, abi: marketplaceAbi, functionName: 'isOwner', args: [deployer!] })).toBe(true);
    expect(deployments.blockNumber).toBeGreaterThan(0);
  });
});

describe('the quiet console of the chain (anvilProblemFilter)', () => {
  it('shows errors and warnings, not the banner, the request log or a request the chain refused', () => {
    const show = anvilProblemFilter();
    const lines = [
      'Listening on 127.0.0.1:8545',
      'eth_estimateGas',
      'RPC request failed:',
      '    Request: EthEstimateGas(..)',
      '    Error: Execution error: execution reverted: custom error 0x0c2524c7: 000000000000000000000000cf2d5b3c',
      'eth_blockNumber',
      'Warning: failed to load state from /tmp/chain-state.json',
      'Error: Address already in use (os error 98)',
    ];
    expect(lines.filter(show)).toEqual(['Warning: failed to load state from /tmp/chain-state.json', 'Error: Address already in use (os error 98)']);
  });
});

describe("the chain's state file (dropRestartGeneses)", () => {
  it("keeps only the chain's own genesis, the oldest, of those Anvil's starts added; a file with one is left as it is", () => {
    const dir = mkdtempSync(join(tmpdir(), 'artbazaar-anvil-state-'));
    try {
      const file = join(dir, 'chain-state.json');
      const block = (number: string, timestamp: string) => ({ header: { number, timestamp }, transactions: [] });
      const blocks = [block('0x0', '0x6b09cf48'), block('0x1', '0x6b09cf33'), block('0x0', '0x6b09cf32'), block('0x2', '0x6b09cf34'), block('0x0', '0x6b09cf3d')];
      writeFileSync(file, JSON.stringify({ best_block_number: '0x2', blocks }));
      expect(dropRestartGeneses(file)).toBe(2);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ best_block_number: '0x2', blocks: [blocks[1], blocks[2], blocks[3]] });
      expect(dropRestartGeneses(file)).toBe(0);
      expect(dropRestartGeneses(join(dir, 'missing.json'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deployments file', () => {
  it('round-trips through writeDeployments / readDeployments and is null when missing', () => {
    const chainId = 424_242;
    expect(readDeployments(chainId)).toBeNull();
    const value = { chainId, marketplace: '0x0000000000000000000000000000000000000001', collectionFactory: '0x0000000000000000000000000000000000000002', blockNumber: 7 } as const;
    try {
      writeDeployments(value);
      expect(readDeployments(chainId)).toEqual(value);
    } finally {
      rmSync(deploymentsPath(chainId), { force: true });
    }
    expect(existsSync(deploymentsPath(chainId))).toBe(false);
  });
});

describe('compile', () => {
  it('is stamped with the current source hash and skips solc when nothing changed', async () => {
    expect(stamp.sourceHash).toBe(computeSourceHash());
    const result = await compileContracts();
    expect(result).toMatchObject({ compiled: false, ranSolc: false });
  });
});
