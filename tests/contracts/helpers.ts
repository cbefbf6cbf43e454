import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  decodeErrorResult,
  encodeDeployData,
  getAddress,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { hardhat } from 'viem/chains';
import { expect } from 'vitest';
import { connectInProcessChain } from '../../contracts/chain';
import { factoryOwner, registerCreators } from '../../contracts/creators';
import { deployMarketplaceContracts } from '../../contracts/deploy';
import {
  collectionFactoryAbi,
  demoWETHAbi,
  marketplaceAbi,
  tradableCollectionAbi,
} from '../../contracts/generated';
import { testActorAbi } from '../../contracts/generated/test/TestActor';
import { collectionFromLogs } from '../../contracts/receipts';

const allErrorsAbi = [...marketplaceAbi, ...collectionFactoryAbi, ...tradableCollectionAbi, ...testActorAbi, ...demoWETHAbi].filter((item) => item.type === 'error');

export const ZERO = '0x0000000000000000000000000000000000000000' as const;
export const ETH = 10n ** 18n;

/** A fresh in-process chain with viem clients for its funded accounts (40, from the standard test mnemonic). */
export async function createTestChain() {
  const { provider } = await connectInProcessChain();
  const transport = custom(provider);
  const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 });
  const accounts = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
  const wallets = accounts.map((account) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 10 }));
  return { provider, publicClient, accounts, wallets };
}

export type TestChain = Awaited<ReturnType<typeof createTestChain>>;
export type Wallet = TestChain['wallets'][number];

/** Sends a contract call from `wallet`, waits for it and returns the receipt plus the gas it cost in wei. */
export async function send<const abi extends Abi, name extends ContractFunctionName<abi, 'payable' | 'nonpayable'>>(
  chain: TestChain,
  wallet: Wallet,
  call: {
    address: Address;
    abi: abi;
    functionName: name;
    args: ContractFunctionArgs<abi, 'payable' | 'nonpayable', name>;
    value?: bigint;
  },
): Promise<TransactionReceipt & { cost: bigint }> {
  const hash = await wallet.writeContract(call as never);
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return { ...receipt, cost: receipt.gasUsed * receipt.effectiveGasPrice };
}

/** Name of the custom error a failed call reverted with (or the error message when it is not a custom error). */
export function revertName(error: unknown): string {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      if (reverted.data?.errorName) return reverted.data.errorName;
      // Errors bubbled up from another contract (e.g. a collection constructor through the factory).
      if (reverted.raw && reverted.raw.length >= 10) {
        try {
          return decodeErrorResult({ abi: allErrorsAbi, data: reverted.raw }).errorName;
        } catch {
          // Not a known custom error.
        }
      }
      return reverted.reason ?? reverted.shortMessage;
    }
    // Raw calls (eth_call of deploy data) carry the revert data on a RawContractError.
    const raw = error.walk((e) => typeof (e as { data?: unknown }).data === 'string') as { data?: Hex } | null;
    if (raw?.data && raw.data.length >= 10) {
      try {
        return decodeErrorResult({ abi: allErrorsAbi, data: raw.data }).errorName;
      } catch {
        // Not a known custom error.
      }
    }
    return error.shortMessage;
  }
  return String(error);
}

/** Asserts that `promise` rejects with the custom error `name` (decoded from the ABI). */
export async function expectRevert(promise: Promise<unknown>, name: string): Promise<void> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected revert ${name}`).toBeDefined();
  expect(revertName(caught)).toBe(name);
}

/** The custom error a contract deployment reverts with (simulated with eth_call), or null when it succeeds. */
export async function deployRevertName(chain: TestChain, deploy: { abi: Abi; bytecode: Hex; args: readonly unknown[] }): Promise<string | null> {
  try {
    await chain.publicClient.call({ account: chain.accounts[0]!, data: encodeDeployData(deploy as never) });
    return null;
  } catch (error) {
    return revertName(error);
  }
}

/** Deploys factory + marketplace from account #0 (owner and fee recipient unless given). */
export async function deployMarket(chain: TestChain, options: { feeBasisPoints?: number; feeRecipient?: Address } = {}) {
  return deployMarketplaceContracts({ walletClient: chain.wallets[0]!, publicClient: chain.publicClient, ...options });
}

export interface CollectionOptions {
  name?: string;
  symbol?: string;
  tokens?: number;
  supply?: number;
  baseURI?: string;
  royaltiesRecipient?: Address;
  royaltiesBasispoints?: number;
}

/** Registers `creators` on the factory from its owner (one of the chain's accounts), skipping registered ones. */
export async function registerCreator(chain: TestChain, factory: Address, ...creators: Address[]): Promise<void> {
  const owner = await factoryOwner(chain.publicClient, factory);
  const wallet = chain.wallets.find((w) => w.account.address === owner);
  if (!wallet) throw new Error(`the factory owner ${owner} is not one of the test chain's accounts`);
  await registerCreators({ walletClient: wallet, publicClient: chain.publicClient, factory }, creators);
}

/**
 * Creates a TradableCollection through the factory from `creator` (registered by the factory owner first when
 * it is not a creator yet: the factory is curated); returns its address and the receipt.
 */
export async function createCollection(
  chain: TestChain,
  factory: Address,
  creator: Wallet,
  options: CollectionOptions = {},
): Promise<{ collection: Address; receipt: TransactionReceipt & { cost: bigint } }> {
  await registerCreator(chain, factory, creator.account.address);
  const receipt = await send(chain, creator, {
    address: factory,
    abi: collectionFactoryAbi,
    functionName: 'CreateTradableCollection',
    args: [
      options.name ?? 'Test Collection',
      options.symbol ?? 'TST',
      BigInt(options.tokens ?? 3),
      BigInt(options.supply ?? 5),
      options.baseURI ?? 'ipfs://base/',
      options.royaltiesRecipient ?? creator.account.address,
      BigInt(options.royaltiesBasispoints ?? 500),
    ],
  });
  const collection = collectionFromLogs(receipt.logs);
  if (collection === null) throw new Error('no CreatedCollection event');
  return { collection, receipt };
}

/** setApprovalForAll(marketplace, approved) on a collection. */
export async function approve(chain: TestChain, wallet: Wallet, collection: Address, marketplace: Address, approved = true) {
  return send(chain, wallet, {
    address: collection,
    abi: tradableCollectionAbi,
    functionName: 'setApprovalForAll',
    args: [marketplace, approved],
  });
}

export async function balanceOf(chain: TestChain, collection: Address, owner: Address, tokenId: bigint): Promise<bigint> {
  return chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'balanceOf', args: [owner, tokenId] });
}

export async function ethBalance(chain: TestChain, address: Address): Promise<bigint> {
  return chain.publicClient.getBalance({ address });
}

/** Reads a marketplace view. */
export function market(chain: TestChain, address: Address) {
  const read = chain.publicClient.readContract;
  return {
    getSale: (saleId: bigint) => read({ address, abi: marketplaceAbi, functionName: 'getSale', args: [saleId] }),
    getAllOutSale: (id: bigint) => read({ address, abi: marketplaceAbi, functionName: 'getAllOutSale', args: [id] }),
    getOffer: (saleId: bigint, buyer: Address) => read({ address, abi: marketplaceAbi, functionName: 'getOffer', args: [saleId, buyer] }),
    pending: (account: Address) => read({ address, abi: marketplaceAbi, functionName: 'pendingWithdrawals', args: [account] }),
    totalEscrow: () => read({ address, abi: marketplaceAbi, functionName: 'totalEscrow' }),
    totalPending: () => read({ address, abi: marketplaceAbi, functionName: 'totalPendingWithdrawals' }),
  };
}

export type { Hex };
