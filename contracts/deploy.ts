import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress, type Account, type Address, type Chain, type PublicClient, type Transport, type WalletClient } from 'viem';
import { registerCreators } from './creators';
import { collectionFactoryAbi, collectionFactoryBytecode, marketplaceAbi, marketplaceBytecode } from './generated';

export const DEFAULT_FEE_BASIS_POINTS = 250;

/** An ERC-20 the marketplace accepts for token-currency offers. */
export interface TokenCurrency {
  address: Address;
  symbol: string;
  decimals: number;
}

export interface Deployments {
  chainId: number;
  marketplace: Address;
  collectionFactory: Address;
  /** Block of the first deployment transaction: indexers start scanning here. */
  blockNumber: number;
  /** The allow-listed ERC-20 for token-currency offers (the demo's DemoWETH, contracts/currency.ts); absent in older files. */
  tokenCurrency?: TokenCurrency;
}

export const deploymentsDir = join(dirname(fileURLToPath(import.meta.url)), 'deployments');

/** contracts/deployments/<chainId>.json, or DEPLOYMENTS_FILE when set (the e2e stack keeps its own). */
export function deploymentsPath(chainId: number): string {
  return process.env.DEPLOYMENTS_FILE ?? join(deploymentsDir, `${chainId}.json`);
}

/** Reads contracts/deployments/<chainId>.json, or null when the contracts were not deployed there. */
export function readDeployments(chainId = 31337): Deployments | null {
  const path = deploymentsPath(chainId);
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as Deployments;
}

export function writeDeployments(deployments: Deployments): string {
  const path = deploymentsPath(deployments.chainId);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(deployments, null, 2)}\n`);
  return path;
}

/**
 * Deploys the CollectionFactory and the Marketplace from the wallet's account (or the node's first unlocked
 * account), which becomes the marketplace owner and the factory owner (who registers creators). Fee recipient
 * defaults to that account, fee to 250 bp. `creators` are registered on the factory right after (tests, benches).
 */
export async function deployMarketplaceContracts({
  walletClient,
  publicClient,
  feeRecipient,
  feeBasisPoints = DEFAULT_FEE_BASIS_POINTS,
  creators = [],
}: {
  walletClient: WalletClient<Transport, Chain | undefined, Account | undefined>;
  publicClient: PublicClient;
  feeRecipient?: Address;
  feeBasisPoints?: number;
  creators?: readonly Address[];
}): Promise<Deployments> {
  const account = walletClient.account ?? (await walletClient.getAddresses())[0];
  if (account === undefined) throw new Error('deployMarketplaceContracts: the wallet has no account');
  const deployer = typeof account === 'string' ? account : account.address;
  const chain = walletClient.chain ?? null;

  const factoryHash = await walletClient.deployContract({
    abi: collectionFactoryAbi,
    bytecode: collectionFactoryBytecode,
    account,
    chain,
  });
  const factoryReceipt = await publicClient.waitForTransactionReceipt({ hash: factoryHash });
  const marketplaceHash = await walletClient.deployContract({
    abi: marketplaceAbi,
    bytecode: marketplaceBytecode,
    args: [feeRecipient ?? deployer, BigInt(feeBasisPoints)],
    account,
    chain,
  });
  const marketplaceReceipt = await publicClient.waitForTransactionReceipt({ hash: marketplaceHash });
  if (factoryReceipt.status !== 'success' || marketplaceReceipt.status !== 'success') {
    throw new Error('deployMarketplaceContracts: a deployment transaction reverted');
  }
  if (!factoryReceipt.contractAddress || !marketplaceReceipt.contractAddress) {
    throw new Error('deployMarketplaceContracts: missing contract address in a receipt');
  }
  const collectionFactory = getAddress(factoryReceipt.contractAddress);
  await registerCreators({ walletClient, account, publicClient, factory: collectionFactory }, creators);
  return {
    chainId: await publicClient.getChainId(),
    marketplace: getAddress(marketplaceReceipt.contractAddress),
    collectionFactory,
    blockNumber: Number(factoryReceipt.blockNumber),
  };
}
