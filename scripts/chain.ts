import { resolve } from 'node:path';
import { startLocalChain } from '../contracts/chain';

// `npm run chain`: local chain (Anvil) at http://127.0.0.1:8545 (chainId 31337) until interrupted.
const hostname = process.env.CHAIN_HOST ?? '127.0.0.1';
const port = Number(process.env.CHAIN_PORT ?? 8545);
// CHAIN_QUIET=1 shows only the chain's errors, not its per-request log. CHAIN_STATE_FILE keeps the chain in that file
// (loaded when it exists, written every second and on exit); without it the chain lives in memory.
const stateFile = process.env.CHAIN_STATE_FILE ? resolve(process.env.CHAIN_STATE_FILE) : undefined;
const chain = await startLocalChain({ hostname, port, quiet: process.env.CHAIN_QUIET === '1', stateFile });
console.log(`local chain ready at ${chain.url} (chainId 31337${stateFile ? `, state in ${stateFile}` : ''})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => chain.stop());
await chain.done;
