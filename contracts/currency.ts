import { getAddress, type Account, type Address, type Chain, type PublicClient, type Transport, type WalletClient } from 'viem';
import type { TokenCurrency } from './deploy';
import { demoWETHAbi, demoWETHBytecode, marketplaceAbi } from './generated';

/** What each demo account receives of the demo wrapped-ETH-like token (10 WETH, 18 decimals). */
export const DEMO_CURRENCY_FUNDING = 10n * 10n ** 18n;

type Wallet = WalletClient<Transport, Chain | undefined, Account | undefined>;

/**
 * The demo's token currency: deploys DemoWETH, allow-lists it on the marketplace (the wallet must be a marketplace
 * owner, i.e. the deployer) and funds `fund` with `amountEach`: the wallet wraps the total once and transfers.
 */
export async function deployDemoCurrency({
  walletClient,
  publicClient,
  marketplace,
  fund = [],
  amountEach = DEMO_CURRENCY_FUNDING,
}: {
  walletClient: Wallet;
  publicClient: PublicClient;
  marketplace: Address;
  fund?: readonly Address[];
  amountEach?: bigint;
}): Promise<TokenCurrency> {
  const account = walletClient.account ?? (await walletClient.getAddresses())[0];
  if (account === undefined) throw new Error('deployDemoCurrency: the wallet has no account');
  const chain = walletClient.chain ?? null;
  const mined = async (hash: `0x${string}`) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`deployDemoCurrency: transaction ${hash} reverted`);
    return receipt;
  };
  const deployed = await mined(await walletClient.deployContract({ abi: demoWETHAbi, bytecode: demoWETHBytecode, account, chain }));
  if (!deployed.contractAddress) throw new Error('deployDemoCurrency: missing contract address in the receipt');
  const token = getAddress(deployed.contractAddress);
  await mined(await walletClient.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'setAllowedCurrency', args: [token, true], account, chain }));
  if (fund.length > 0 && amountEach > 0n) {
    await mined(await walletClient.writeContract({ address: token, abi: demoWETHAbi, functionName: 'deposit', value: amountEach * BigInt(fund.length), account, chain }));
    // Sent one after another (the nonce order), then awaited together.
    const hashes: `0x${string}`[] = [];
    for (const to of fund) hashes.push(await walletClient.writeContract({ address: token, abi: demoWETHAbi, functionName: 'transfer', args: [to, amountEach], account, chain }));
    await Promise.all(hashes.map(mined));
  }
  return { address: token, symbol: 'WETH', decimals: 18 };
}
