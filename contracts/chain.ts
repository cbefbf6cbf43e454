import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import type { HardhatRuntimeEnvironment } from 'hardhat/types/hre';
import type { EthereumProvider } from 'hardhat/types/providers';

/** Local EVM on Hardhat 3's EDR engine through the programmatic API (the Hardhat CLI refuses Node 20). */

export const LOCAL_CHAIN_ID = 31337;
/** The standard Hardhat test mnemonic; EDR derives the funded accounts (10000 ETH each) from it. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
/**
 * Funded accounts of the local chain: Hardhat's default 20 plus more from the same mnemonic (m/44'/60'/0'/0/N),
 * so end-to-end specs have fresh accounts of their own. Accounts #0–#19 stay the same addresses.
 */
export const LOCAL_ACCOUNT_COUNT = 80;

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

/** A fresh in-process chain (chainId 31337, automine, LOCAL_ACCOUNT_COUNT funded accounts) for tests and scripts. */
export async function connectInProcessChain(): Promise<{ provider: EthereumProvider; close(): Promise<void> }> {
  sharedHre ??= createHre();
  const connection = await (await sharedHre).network.connect();
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
  /** Settles when the JSON-RPC server stops (rejects if it failed). */
  done: Promise<void>;
}

/**
 * Starts the long-running JSON-RPC chain (HTTP and WebSocket, CORS open) and resolves once it answers
 * eth_chainId. The process keeps serving until it exits. `quiet` disables the per-request log.
 */
export async function startLocalChain(
  { hostname = '127.0.0.1', port = 8545, quiet = false }: { hostname?: string; port?: number; quiet?: boolean } = {},
): Promise<LocalChain> {
  const url = `http://${hostname}:${port}`;
  // Otherwise a chain already listening there would pass the readiness probe below.
  const existing = await rpc(url, 'eth_chainId', []).then(() => true, () => false);
  if (existing) throw new Error(`something is already listening at ${url} (another chain?)`);
  const hre = await createHre();
  let failure: unknown;
  const done = hre.tasks
    .getTask('node')
    .run({ hostname, port })
    .then(() => undefined);
  done.catch((error: unknown) => {
    failure = error;
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (failure !== undefined) throw failure;
    try {
      const response = await rpc(url, 'eth_chainId', []);
      if (response.ok) {
        // The node task logs every request; `quiet` turns that off once it is up (an indexer polls a lot).
        if (quiet) await rpc(url, 'hardhat_setLoggingEnabled', [false]);
        return { url, done };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`local chain did not answer at ${url}`);
}
