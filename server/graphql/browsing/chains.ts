// Chain names for collection details: the configured chains first, then the seed's known chain ids (docs/requirements.md#chains).
import type { PublicConfig } from '../../config.js';

const KNOWN_CHAINS: Record<number, string> = {
  1: 'Ethereum Mainnet',
  4: 'Rinkeby',
  5: 'Goerli',
  56: 'Binance Smart Chain',
  97: 'Binance Smart Chain Testnet',
  128: 'Huobi ECO Chain',
  256: 'Huobi ECO Chain Testnet',
  137: 'Polygon',
  250: 'Fantom',
  4002: 'Fantom Testnet',
  1337: 'Localhost',
  31337: 'Hardhat',
  80001: 'Polygon Mumbai',
  11155111: 'Sepolia',
};

export function chainName(config: Pick<PublicConfig, 'evms'>, chainId: number): string | null {
  return config.evms.find((evm) => evm.chainId === chainId)?.name ?? KNOWN_CHAINS[chainId] ?? null;
}
