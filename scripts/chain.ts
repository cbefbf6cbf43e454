import { startLocalChain } from '../contracts/chain';

// `npm run chain`: local chain at http://127.0.0.1:8545 (chainId 31337) until interrupted.
const hostname = process.env.CHAIN_HOST ?? '127.0.0.1';
const port = Number(process.env.CHAIN_PORT ?? 8545);
// CHAIN_QUIET=1 turns off the per-request log of the Hardhat node.
const chain = await startLocalChain({ hostname, port, quiet: process.env.CHAIN_QUIET === '1' });
console.log(`local chain ready at ${chain.url} (chainId 31337)`);
await chain.done;
