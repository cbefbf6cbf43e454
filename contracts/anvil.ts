import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HARDHAT_MNEMONIC, LOCAL_ACCOUNT_COUNT, LOCAL_CHAIN_ID } from './chain';

/** The demo's long-running chain: Anvil from npm (@foundry-rs/anvil), its state kept in a file across restarts. */

const require = createRequire(import.meta.url);

/**
 * The Anvil executable itself, not the npm wrapper (bin.mjs): a supervisor's signals, and a `kill -9` of the chain,
 * reach the chain and leave no orphan behind.
 */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${name}`);
}

export interface AnvilOptions {
  hostname?: string;
  port?: number;
  /** Load the chain from this file when it exists, and write it there every second and on exit. */
  stateFile?: string;
}

/** Chain id 31337, the test mnemonic's LOCAL_ACCOUNT_COUNT accounts with 10000 ETH each, automine. */
export function anvilArgs({ hostname = '127.0.0.1', port = 8545, stateFile }: AnvilOptions = {}): string[] {
  return [
    '--host', hostname,
    '--port', String(port),
    '--chain-id', String(LOCAL_CHAIN_ID),
    '--mnemonic', HARDHAT_MNEMONIC,
    '--accounts', String(LOCAL_ACCOUNT_COUNT),
    '--balance', '10000',
    ...(stateFile ? ['--state', stateFile, '--state-interval', '1'] : []),
  ];
}

/**
 * A filter of Anvil's log lines for a quiet console: its errors and warnings, not its banner or per-request log. A
 * request the chain refused ('RPC request failed:' and its indented lines: a reverting call estimated or simulated,
 * a nonce too low) is the caller's answer, not a problem of the chain: hidden too. Stateful: one per log stream.
 */
export function anvilProblemFilter(): (line: string) => boolean {
  let inRefusedRequest = false;
  return (line) => {
    if (/^RPC request failed/.test(line)) inRefusedRequest = true;
    else if (!/^\s/.test(line)) inRefusedRequest = false;
    return !inRefusedRequest && /\b(error|warn|panic|failed)\b/i.test(line);
  };
}

/**
 * Anvil (1.7) keeps, in its state file, the genesis block it makes afresh at every start (dated then) beside the
 * chain's own. With two or more of them in the file, which one a later start serves as block 0 is a matter of order:
 * block 0 then no longer is block 1's parent, and an indexer comparing the genesis sees a reset that never happened
 * (and cannot index on from block 0). Before each start the file is left with the chain's own genesis, the oldest.
 * Returns how many were dropped.
 */
export function dropRestartGeneses(stateFile: string): number {
  if (!existsSync(stateFile)) return 0;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { blocks?: { header: { number: string; timestamp: string } }[] };
  const geneses = (state.blocks ?? []).filter((block) => BigInt(block.header.number) === 0n);
  if (geneses.length < 2) return 0;
  const own = geneses.reduce((oldest, block) => (BigInt(block.header.timestamp) < BigInt(oldest.header.timestamp) ? block : oldest));
  state.blocks = state.blocks!.filter((block) => BigInt(block.header.number) !== 0n || block === own);
  writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
  renameSync(`${stateFile}.tmp`, stateFile);
  return geneses.length - 1;
}
