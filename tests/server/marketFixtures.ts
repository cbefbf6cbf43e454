// The indexer tests' chain: an in-process chain with the real contracts deployed, a wallet client per account, and
// the `Market` the seed's chain helpers take (scripts/seed/chain.ts).
import { createPublicClient, createWalletClient, custom, getAddress, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { connectInProcessChain } from '../../contracts/chain.js';
import { deployMarketplaceContracts } from '../../contracts/deploy.js';
import { MEDIA_URL_PREFIX, THUMBNAIL_URL_PREFIX } from '../../server/config.js';
import type { Market, SeedWallet } from '../../scripts/seed/chain.js';

/** The media URL prefixes the indexer names people's avatars with (the server's defaults). */
export const TEST_IPFS = { urlPrefix: MEDIA_URL_PREFIX, thumbnailUrlPrefix: THUMBNAIL_URL_PREFIX };

/** Deploys the marketplace on a fresh in-process chain; `creators` are account indexes the owner (#0) registers. */
export async function deployTestMarket({ creators = [] }: { creators?: number[] } = {}) {
  const { provider } = await connectInProcessChain();
  const transport = custom(provider);
  const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 });
  const accounts: Address[] = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
  const wallets = accounts.map((account) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 10 })) as SeedWallet[];
  const deployments = await deployMarketplaceContracts({ walletClient: wallets[0]!, publicClient, creators: creators.map((index) => accounts[index]!) });
  const market: Market = { publicClient, marketplace: deployments.marketplace, collectionFactory: deployments.collectionFactory };
  return { publicClient, accounts, wallets, deployments, market };
}
