// The demo keeps its state across restarts: one real demo (`scripts/start.ts`: Anvil with its state file, deploy,
// the test-size seed, the server) on ports and a data folder of its own. Users' work made through the API — a
// comment, a like, a profile edit, an API key — and the chain's tokens and sales survive a `kill -9` of the server
// (the supervisor restarts it), a `kill -9` of the chain (restarted from its state file) and Ctrl-C then a new start.
// A start without the chain's state file keeps the database: the seed says 'chain reset' and the server's indexer
// follows the new chain (hides what it lacks); the state file restored under the running server brings the same tokens
// back with their rows.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mnemonicToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDHAT_MNEMONIC } from '../../contracts/chain.js';
import { authFetch, type ApiKeyCredentials } from '../../src/services/authFetch.js';

const root = resolve(import.meta.dirname, '../..');
// Test-wallet account #79: no other test or spec writes with it.
const account = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 79 });

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

interface Demo {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

let dir: string;
let env: NodeJS.ProcessEnv;
let base: string;
let rpcUrl: string;
let demo: Demo | undefined;

function startDemo(): Demo {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build-check'], { cwd: root, env });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exit };
}

/** Waits until the demo's console has printed `pattern` `times` times (polls its output, no fixed sleep). */
async function waitForOutput(pattern: RegExp, times = 1, timeoutMs = 240_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = demo!.output();
    if ((text.match(new RegExp(pattern.source, 'g')) ?? []).length >= times) return text;
    if (demo!.child.exitCode !== null || Date.now() > until) throw new Error(`no ${pattern} in the demo's output:\n${text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stateFile = () => join(dir, 'data', 'chain-state.json');

const pidOf = (name: 'server' | 'chain') => {
  const all = [...demo!.output().matchAll(new RegExp(`started the ${name} \\(pid (\\d+)\\)`, 'g'))];
  return Number(all.at(-1)![1]);
};

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const signed = (key: ApiKeyCredentials, path: string, init: RequestInit = {}) =>
  authFetch(path, init, key, { fetch: (input, requestInit) => fetch(new URL(input, base), requestInit) });

async function signIn(): Promise<ApiKeyCredentials> {
  const { nonce } = (await (await fetch(`${base}/api/v1/account/nonce`)).json()) as { nonce: string };
  const now = Date.now();
  const url = new URL(base);
  const message = createSiweMessage({
    domain: url.host, address: account.address, uri: url.origin, version: '1', chainId: 31337, nonce,
    issuedAt: new Date(now), expirationTime: new Date(now + 3_600_000), statement: 'Sign in to the marketplace.',
  });
  const response = await fetch(`${base}/api/v1/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }), apiKey: { address: account.address, alias: '', expires: now + 7_200_000 } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { apiKey: ApiKeyCredentials }).apiKey;
}

const TOKENS = `query { getMarketplaceTokens(pagination: { perPage: 100 }) { totalCount edges { node { id tokenId name isSold likesCount ownerInfo { address } price { amount } } } } }`;
const COMMENTS = `query ($id: ID!) { getCommentsByTokenId(token_id: $id) { edges { node { id text } } } }`;

interface Snapshot {
  tokens: unknown;
  comments: unknown;
  likes: unknown;
  profile: { alias: string; email: string };
  marketplaceLogs: number;
}

let key: ApiKeyCredentials;
let tokenId: string;
let marketplace: string;
let deploymentBlock: number;
let before: Snapshot;

/** What users and the chain made, read back through the server's API and the chain's RPC. */
async function snapshot(): Promise<Snapshot> {
  const profile = (await (await signed(key, `/account/${account.address}`, { method: 'GET' })).json()) as { alias: string; email: string };
  const likesResponse = await signed(key, '/likes/account', { method: 'GET' });
  expect(likesResponse.status).toBe(200); // the API key made before is still accepted
  const logs = await rpc<unknown[]>('eth_getLogs', [{ address: marketplace, fromBlock: `0x${deploymentBlock.toString(16)}`, toBlock: 'latest' }]);
  return {
    tokens: await graphql(TOKENS),
    comments: await graphql(COMMENTS, { id: tokenId }),
    likes: await likesResponse.json(),
    profile: { alias: profile.alias, email: profile.email },
    marketplaceLogs: logs.length,
  };
}

async function serverAnswers(): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (await fetch(`${base}/api/v1/config`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not answer again');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'artbazaar-demo-faults-'));
  // The server needs a built app only to serve it; these tests use the API.
  await mkdir(join(dir, 'static'));
  await writeFile(join(dir, 'static', 'index.html'), '<!doctype html><title>Art Bazaar</title>');
  const [port, contentPort, chainPort] = [await freePort(), await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  rpcUrl = `http://127.0.0.1:${chainPort}`;
  env = {
    ...process.env,
    PORT: String(port), CONTENT_PORT: String(contentPort), CHAIN_PORT: String(chainPort), CHAIN_RPC_URL: rpcUrl,
    DATA_DIR: join(dir, 'data'), DEPLOYMENTS_FILE: join(dir, 'deployments.json'), STATIC_DIR: join(dir, 'static'),
    SEED_SIZE: 'test',
  };
  // PGlite in DATA_DIR and the chain state file in it, whatever the calling shell set.
  delete env.DATABASE_URL;
  delete env.CHAIN_STATE_FILE;
  demo = startDemo();
  // The first start deploys and seeds (about a minute on a quiet machine, minutes on a busy one).
  await waitForOutput(/demo is running at/, 1, 840_000);

  const deployments = JSON.parse(await readFile(join(dir, 'deployments.json'), 'utf8')) as { marketplace: string; blockNumber: number };
  marketplace = deployments.marketplace;
  deploymentBlock = deployments.blockNumber;
  const tokens = await graphql<{ getMarketplaceTokens: { edges: { node: { id: string } }[] } }>(TOKENS);
  tokenId = tokens.getMarketplaceTokens.edges[0]!.node.id;

  key = await signIn();
  const comment = await signed(key, '/comments', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token_id: tokenId, text: 'Still here after a restart' }),
  });
  expect(comment.status).toBe(201);
  const like = new FormData();
  like.set('token_id', tokenId);
  expect((await signed(key, '/likes/', { method: 'POST', body: like })).status).toBe(201);
  const profile = new FormData();
  profile.set('alias', 'Durable 79');
  profile.set('email', 'durable79@example.com');
  profile.set('avatarChanged', 'false');
  expect((await signed(key, `/account/${account.address}`, { method: 'PUT', body: profile })).status).toBe(200);
  before = await snapshot();
}, 900_000);

afterAll(async () => {
  if (demo && demo.child.exitCode === null) {
    demo.child.kill('SIGINT');
    await demo.exit;
  }
  await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('the demo keeps its state (scripts/start.ts on Anvil)', () => {
  it('made the data the other tests check: a comment, a like, a profile edit, a key, tokens and sales', () => {
    expect(JSON.stringify(before.comments)).toContain('Still here after a restart');
    expect(before.likes).toMatchObject({ likes: [{ token_id: tokenId }] });
    expect(before.profile).toEqual({ alias: 'Durable 79', email: 'durable79@example.com' });
    expect((before.tokens as { getMarketplaceTokens: { totalCount: number } }).getMarketplaceTokens.totalCount).toBeGreaterThan(0);
    expect(before.marketplaceLogs).toBeGreaterThan(0);
  });

  it('kill -9 of the server: the supervisor restarts it and the same data is served', async () => {
    const pid = pidOf('server');
    process.kill(pid, 'SIGKILL');
    const output = await waitForOutput(/the server is back/);
    expect(output).toMatch(/the server stopped \(SIGKILL\) after [\d.]+ s; restarting it in 1 s \(restart 1 in a row\)/);
    expect(pidOf('server')).not.toBe(pid);
    expect(await snapshot()).toEqual(before);
  }, 420_000);

  it('kill -9 of the chain: restarted from its state file; no off-chain row lost, the server keeps running', async () => {
    // The chain writes its state every second: wait until the file is newer than the last write (the profile edit).
    const madeAt = Date.now();
    while ((await stat(stateFile())).mtimeMs < madeAt + 1000) await new Promise((r) => setTimeout(r, 200));
    const serverPid = pidOf('server');
    const blockBefore = Number(await rpc<string>('eth_blockNumber'));
    process.kill(pidOf('chain'), 'SIGKILL');
    const output = await waitForOutput(/the chain is back/);
    expect(output).toMatch(/the chain stopped \(SIGKILL\) after [\d.]+ s; restarting it in 1 s/);
    expect(Number(await rpc<string>('eth_blockNumber'))).toBe(blockBefore);
    expect(await snapshot()).toEqual(before);
    // The server (and its indexer) rode through the chain's absence: same process, never restarted.
    expect(pidOf('server')).toBe(serverPid);
    expect(output.match(/the server stopped/g)).toHaveLength(1); // the kill of the previous test only
  }, 420_000);

  it('Ctrl-C stops everything; a new start finds the chain and the data: nothing redeployed or reseeded', async () => {
    const pids = [pidOf('server'), pidOf('chain')];
    demo!.child.kill('SIGINT');
    expect(await demo!.exit).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(); // no child left behind
    demo = startDemo();
    const output = await waitForOutput(/demo is running at/);
    expect(output).toContain('contracts already deployed');
    expect(output).toContain('[seed] the demo is already seeded for this chain');
    await serverAnswers();
    expect(await snapshot()).toEqual(before);
  }, 420_000);

  it('a lost chain state never wipes the database: the seed and the indexer say the chain was reset; the profile and the key stay, the comment and the like are hidden with their token', async () => {
    demo!.child.kill('SIGINT');
    expect(await demo!.exit).toBe(0);
    // Kept for the next test, as an operator's backup would be.
    await rename(stateFile(), `${stateFile()}.backup`);
    demo = startDemo();
    const output = await waitForOutput(/the chain was reset \(its genesis block changed\)/);
    expect(output).toMatch(/\[seed\] chain reset: .*; keeping the database and its off-chain records/);
    expect(output).not.toContain('demo seeded');
    await serverAnswers();
    const after = await snapshot();
    expect(after.profile).toEqual(before.profile);
    // The new chain has the contracts (deployed again) and none of the demo's tokens: the comment and the like are
    // kept but hidden with their token (the next test brings them back).
    expect(after.marketplaceLogs).toBeLessThan(before.marketplaceLogs);
    expect(after.comments).toEqual({ getCommentsByTokenId: { edges: [] } });
    expect(after.likes).toEqual({ likes: [] });
  }, 420_000);

  it('the chain state restored from the backup under the running server: the indexer follows, the same tokens come back with their comment and like, nothing doubled', async () => {
    const serverPid = pidOf('server');
    // A chain restart is all a restore needs (no second demo start: CI time): the supervisor starts the chain again
    // 1 s after it died, from the state file put back meanwhile (a kill -9 writes nothing over it).
    process.kill(pidOf('chain'), 'SIGKILL');
    await rename(`${stateFile()}.backup`, stateFile());
    // Found by the genesis (a poll failed while the chain was away) or by its blocks (it was back before the next poll).
    const output = await waitForOutput(/Chain indexer: the chain was reset/, 2);
    expect(output).toMatch(/the chain stopped \(SIGKILL\) after [\d.]+ s; restarting it in 1 s/);
    await expect.poll(snapshot, { timeout: 60_000 }).toEqual(before);
    expect(pidOf('server')).toBe(serverPid);
  }, 420_000);
});
