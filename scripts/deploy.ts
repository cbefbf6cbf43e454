import { createPublicClient, createWalletClient, http } from 'viem';
import { compileContracts } from '../contracts/compile';

// `npm run deploy`: compile if the sources changed, deploy factory + marketplace, write contracts/deployments/<chainId>.json.
const rpcUrl = process.env.CHAIN_RPC_URL ?? 'http://127.0.0.1:8545';
const feeBasisPoints = Number(process.env.MARKETPLACE_FEE_BP ?? 250);
if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > 10_000) {
  throw new Error(`MARKETPLACE_FEE_BP must be an integer between 0 and 10000, got ${process.env.MARKETPLACE_FEE_BP}`);
}

await compileContracts({ log: (line) => console.log(line) });
// Imported after compiling so the freshly generated ABIs and bytecode are the ones deployed.
const { deployMarketplaceContracts, readDeployments, writeDeployments } = await import('../contracts/deploy');
const { collectionFactoryAbi, marketplaceAbi } = await import('../contracts/generated');
const { deployDemoCurrency } = await import('../contracts/currency');

const transport = http(rpcUrl);
const publicClient = createPublicClient({ transport });

// --if-needed (used by `npm start`): keep a deployment whose contracts still have code on this chain.
if (process.argv.includes('--if-needed')) {
  const existing = readDeployments(await publicClient.getChainId());
  if (existing) {
    const [marketplaceCode, factoryCode] = await Promise.all([
      publicClient.getCode({ address: existing.marketplace }),
      publicClient.getCode({ address: existing.collectionFactory }),
    ]);
    // A factory deployed before curation has no owner(): a chain kept running across that change gets new contracts.
    const curated = await publicClient
      .readContract({ address: existing.collectionFactory, abi: collectionFactoryAbi, functionName: 'owner' })
      .then(() => true, () => false);
    // A marketplace deployed before token-currency offers has no allow-list, and the file names no token currency.
    const tokenOffers = existing.tokenCurrency?.address !== undefined && (await publicClient
      .readContract({ address: existing.marketplace, abi: marketplaceAbi, functionName: 'isAllowedCurrency', args: [existing.tokenCurrency.address] })
      .catch(() => false));
    if (marketplaceCode && marketplaceCode !== '0x' && factoryCode && factoryCode !== '0x' && curated && tokenOffers) {
      console.log(`contracts already deployed (marketplace ${existing.marketplace}, factory ${existing.collectionFactory})`);
      process.exit(0);
    }
    console.log('the deployments file names contracts this chain does not have (a fresh chain, or an older factory): deploying again');
  }
}
const walletClient = createWalletClient({ transport });
const [deployer] = await walletClient.getAddresses();
if (deployer === undefined) throw new Error(`no unlocked account at ${rpcUrl}`);

const deployerWallet = createWalletClient({ account: deployer, transport });
const deployments = await deployMarketplaceContracts({
  walletClient: deployerWallet,
  publicClient,
  feeRecipient: deployer,
  feeBasisPoints,
});
// The demo's token currency (token-currency offers, docs/requirements.md#trading-offers): DemoWETH, allow-listed, 10 WETH to every unlocked
// account (the local chain's 64 test accounts, so the demo and every e2e account can offer in it).
deployments.tokenCurrency = await deployDemoCurrency({
  walletClient: deployerWallet,
  publicClient,
  marketplace: deployments.marketplace,
  fund: await walletClient.getAddresses(),
});
const path = writeDeployments(deployments);
console.log(`deployed on chain ${deployments.chainId} at block ${deployments.blockNumber}:`);
console.log(`  marketplace        ${deployments.marketplace} (owner and fee recipient ${deployer}, fee ${feeBasisPoints} bp)`);
console.log(`  collectionFactory  ${deployments.collectionFactory}`);
console.log(`  tokenCurrency      ${deployments.tokenCurrency.address} (WETH, allow-listed, 10 WETH to each unlocked account)`);
console.log(`wrote ${path}`);
