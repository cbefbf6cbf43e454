import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import type { HardhatRuntimeEnvironment } from 'hardhat/types/hre';
import type { EthereumProvider } from 'hardhat/types/providers';

/**
 * In-process EVM for tests and scripts: Hardhat 3's EDR engine through the programmatic API (the Hardhat CLI refuses
 * Node 20). The long-running chain (`npm run chain`, `npm start`) is Anvil: startLocalChain below.
 */

export const LOCAL_CHAIN_ID = 31337;
/** The standard Hardhat test mnemonic; EDR derives the funded accounts (10000 ETH each) from it. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
/**
 * Funded accounts of the local chain: Hardhat's default 20 plus more from the same mnemonic (m/44'/60'/0'/0/N),
 * so end-to-end specs have fresh accounts of their own. Accounts #0–#19 stay the same addresses.
 */
export const LOCAL_ACCOUNT_COUNT = 100;

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const edrNetwork = {
  type: 'edr-simulated',
  chainId: LOCAL_CHAIN_ID,
  accounts: { mnemonic: HARDHAT_MNEMONIC, count: LOCAL_ACCOUNT_COUNT, accountsBalance: 10_000n * 10n ** 18n },
} as const;

let sharedHre: Promise<HardhatRuntimeEnvironment> | undefined;

function createHre(): Promise<HardhatRuntimeEnvironment> {
  return createHardhatRuntimeEnvironment(
    {
      // `node` is the network the node task serves; `default` is what network.connect() uses.
      networks: { default: edrNetwork, node: edrNetwork },
      // Keep Hardhat's artifact/cache folders inside the gitignored cache instead of the project root.
      paths: {
        artifacts: join(projectRoot, 'contracts/.cache/hardhat/artifacts'),
        cache: join(projectRoot, 'contracts/.cache/hardhat/cache'),
      },
    },
    {},
    projectRoot,
  );
}

/**
 * A fresh in-process chain (chainId 31337, automine, LOCAL_ACCOUNT_COUNT funded accounts) for tests and scripts.
 * Its blocks are deterministic: the same transactions make the same blocks on every fresh chain, unless
 * `initialDate` (the genesis time) differs, which gives another genesis block, as a restarted real chain has.
 */
export async function connectInProcessChain({ initialDate }: { initialDate?: Date } = {}): Promise<{ provider: EthereumProvider; close(): Promise<void> }> {
  sharedHre ??= createHre();
  const connection = await (await sharedHre).network.connect(initialDate ? { override: { initialDate } } : undefined);
  return { provider: connection.provider, close: () => connection.close() };
}

function rpc(url: string, method: string, params: unknown[]): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}

export interface LocalChain {
  url: string;
  /** Settles when the chain process exits (rejects if it failed). */
  done: Promise<void>;
  /** Stops the chain (it writes its state file first, when it has one). */
  stop(): void;
}

/**
 * Starts the long-running JSON-RPC chain (Anvil: HTTP and WebSocket on one port, CORS open) as a child process and
 * resolves once it answers eth_chainId. With `stateFile` it loads that file when it exists and keeps writing it.
 * `quiet` shows only Anvil's errors and warnings, not its banner or per-request log.
 */
export async function startLocalChain(
  { hostname = '127.0.0.1', port = 8545, quiet = false, stateFile }: { hostname?: string; port?: number; quiet?: boolean; stateFile?: string } = {},
): Promise<LocalChain> {
  const url = `http://${hostname}:${port}`;
  // Otherwise a chain already listening there would pass the readiness probe below.
  const existing = await rpc(url, 'eth_chainId', []).then(() => true, () => false);
  if (existing) throw new Error(`something is already listening at ${url} (another chain?)`);
  const { anvilArgs, anvilBinary, anvilProblemFilter, dropRestartGeneses } = await import('./anvil');
  if (stateFile) dropRestartGeneses(stateFile);
  const isProblem = anvilProblemFilter();
  const child = spawn(anvilBinary(), anvilArgs({ hostname, port, stateFile }), { stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!quiet || isProblem(line)) console.log(line);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 || signal === 'SIGTERM' || signal === 'SIGINT' ? resolve() : reject(new Error(`anvil exited (${signal ?? code})`)));
  });
  let failure: unknown;
  done.catch((error: unknown) => {
    failure = error;
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (failure !== undefined) throw failure;
    try {
      if ((await rpc(url, 'eth_chainId', [])).ok) return { url, done, stop: () => child.kill('SIGTERM') };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`local chain did not answer at ${url}`);
}
