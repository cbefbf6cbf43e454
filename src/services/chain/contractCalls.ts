// The heavy half of contract calls (wagmi + typed ABIs): only ever reached through contractAction.ts's dynamic import.
import { getPublicClient, readContract, simulateContract, switchChain, writeContract } from '@wagmi/core';
import { isAddress, parseEventLogs, zeroAddress, type Address, type Hash } from 'viem';
import { collectionFactoryAbi } from '../../../contracts/generated/CollectionFactory';
import { demoWETHAbi } from '../../../contracts/generated/DemoWETH';
import { marketplaceAbi } from '../../../contracts/generated/Marketplace';
import { tradableCollectionAbi } from '../../../contracts/generated/TradableCollection';
import type { PublishedOnChain } from '../../../domain/publishedCollection';
import type { AppConfig } from '../../../machines/config/configMachine';
import { isTokenCurrency, type ContractCall } from '../../../machines/trading/chainActions';
import type { ListingOnChain } from '../../../machines/trading/listingCheck';
import { getWagmiConfig } from '../wallet/wagmiClient';

/** A revert found on chain (a mined receipt with status reverted): shown with its code and source 'chain'. */
export class ChainRevertError extends Error {
  override name = 'ChainRevertError';
  readonly source = 'chain';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function marketplaceOf(appConfig: AppConfig, chainId: number): Address {
  const evm = appConfig.evms.find((entry) => entry.chainId === chainId);
  if (!evm) throw new Error(`Chain ${chainId} is not configured`);
  return evm.contracts.marketplace as Address;
}

// Native currency is address(0); the API names it by symbol ("ETH").
const currencyAddress = (currency: string): Address => (isAddress(currency) ? currency : zeroAddress);

/** The contract request of one wallet step: contract, function and arguments (amounts already in wei). */
export function contractRequest(call: ContractCall, marketplace: Address) {
  switch (call.type) {
    case 'setApprovalForAll':
      return { address: call.collection as Address, abi: tradableCollectionAbi, functionName: 'setApprovalForAll', args: [marketplace, true] } as const;
    case 'createSale':
      return {
        address: marketplace,
        abi: marketplaceAbi,
        functionName: 'createSale',
        args: [call.collection as Address, BigInt(call.tokenId), BigInt(call.amount), BigInt(call.priceWei), currencyAddress(call.currency)],
      } as const;
    case 'createAllOutSale':
      return { address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [call.collection as Address, BigInt(call.priceWei), currencyAddress(call.currency)] } as const;
    case 'cancelSale':
      return { address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [BigInt(call.saleId)] } as const;
    case 'cancelAllOutSale':
      return { address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [BigInt(call.allOutSaleId)] } as const;
    case 'acceptOffer':
      return {
        address: marketplace,
        abi: marketplaceAbi,
        functionName: 'acceptOffer',
        args: [BigInt(call.saleId), call.buyer as Address, BigInt(call.tokenId), BigInt(call.priceWei), currencyAddress(call.currency)],
      } as const;
    case 'retractOffer':
      return { address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [BigInt(call.saleId), BigInt(call.tokenId)] } as const;
    case 'approveToken':
      // The ERC-20 allowance a token offer escrows (any ERC-20's approve; DemoWETH's ABI carries it).
      return { address: call.token as Address, abi: demoWETHAbi, functionName: 'approve', args: [marketplace, BigInt(call.amount)] } as const;
    case 'makeOffer':
      if (isTokenCurrency(call.currency)) {
        // See docs/requirements.md#trading-offers: a token-currency offer escrows price × amount of the allow-listed token (no value sent).
        return {
          address: marketplace,
          abi: marketplaceAbi,
          functionName: 'makeOfferWithToken',
          args: [BigInt(call.saleId), BigInt(call.tokenId), BigInt(call.amount), BigInt(call.priceWei), call.currency as Address],
        } as const;
      }
      return {
        address: marketplace,
        abi: marketplaceAbi,
        functionName: 'makeOffer',
        args: [BigInt(call.saleId), BigInt(call.tokenId), BigInt(call.amount), BigInt(call.priceWei), currencyAddress(call.currency)],
        // See docs/requirements.md#trading-offers: native currency pays price × amount with the call.
        value: BigInt(call.priceWei) * BigInt(call.amount),
      } as const;
    case 'createCollection':
      // The studio's publish (docs/requirements.md#trading-offers "CreateTradableCollection"): the factory /publish named.
      return {
        address: call.factory as Address,
        abi: collectionFactoryAbi,
        functionName: 'CreateTradableCollection',
        args: [call.name, call.symbol, BigInt(call.howManyTokens), BigInt(call.supplyPerToken), call.baseURI, call.royaltiesRecipient as Address, BigInt(call.royaltiesBasispoints)],
      } as const;
    case 'reduceRoyalties':
      return { address: call.collection as Address, abi: tradableCollectionAbi, functionName: 'reduceRoyalties', args: [BigInt(call.basispoints)] } as const;
    case 'transferRoyaltiesRecipient':
      return { address: call.collection as Address, abi: tradableCollectionAbi, functionName: 'transferRoyaltiesRecipient', args: [call.recipient as Address] } as const;
  }
}

export async function switchToChain(appConfig: AppConfig, chainId: number): Promise<void> {
  await switchChain(getWagmiConfig(appConfig), { chainId });
}

export async function isCollectionApproved(appConfig: AppConfig, input: { chainId: number; collection: string; owner: string }): Promise<boolean> {
  return readContract(getWagmiConfig(appConfig), {
    chainId: input.chainId,
    address: input.collection as Address,
    abi: tradableCollectionAbi,
    functionName: 'isApprovedForAll',
    args: [input.owner as Address, marketplaceOf(appConfig, input.chainId)],
  });
}

/** Whether `owner`'s ERC-20 allowance to the marketplace covers `amount` base units (a token offer's approval). */
export async function hasAllowance(appConfig: AppConfig, input: { chainId: number; token: string; owner: string; amount: string }): Promise<boolean> {
  const allowance = await readContract(getWagmiConfig(appConfig), {
    chainId: input.chainId as never,
    address: input.token as Address,
    abi: demoWETHAbi,
    functionName: 'allowance',
    args: [input.owner as Address, marketplaceOf(appConfig, input.chainId)],
  });
  return allowance >= BigInt(input.amount);
}

/** A listing as the marketplace contract has it now (getSale: the seller is zero when it does not exist). */
export async function readListing(appConfig: AppConfig, input: { chainId: number; saleId: string }): Promise<ListingOnChain> {
  const sale = await readContract(getWagmiConfig(appConfig), {
    chainId: input.chainId as never,
    address: marketplaceOf(appConfig, input.chainId),
    abi: marketplaceAbi,
    functionName: 'getSale',
    args: [BigInt(input.saleId)],
  });
  return { seller: sale.seller, amount: sale.amount.toString(), price: sale.price.toString(), cancelled: sale.cancelled, active: sale.active };
}

/** Simulates the call first (a revert is reported without asking the wallet), then has the wallet send it. */
export async function submitContractCall(appConfig: AppConfig, call: ContractCall, account: string): Promise<Hash> {
  const config = getWagmiConfig(appConfig);
  const request = contractRequest(call, marketplaceOf(appConfig, call.chainId));
  const { request: simulated } = await simulateContract(config, { ...request, chainId: call.chainId as never, account: account as Address } as never);
  return writeContract(config, simulated as never);
}

/** The collection's current royalties as its contract says (the creator's royalties controls, docs/requirements.md#collection-page). */
export async function readRoyalties(appConfig: AppConfig, input: { chainId: number; collection: string }): Promise<{ basispoints: number; recipient: string }> {
  const config = getWagmiConfig(appConfig);
  const read = (functionName: 'royaltiesBasispoints' | 'royaltiesRecipient') =>
    readContract(config, { chainId: input.chainId as never, address: input.collection as Address, abi: tradableCollectionAbi, functionName });
  const [basispoints, recipient] = await Promise.all([read('royaltiesBasispoints'), read('royaltiesRecipient')]);
  return { basispoints: Number(basispoints), recipient: String(recipient) };
}

export async function waitForMined(appConfig: AppConfig, input: { chainId: number; hash: string }): Promise<void> {
  const client = getPublicClient(getWagmiConfig(appConfig), { chainId: input.chainId as never });
  if (!client) throw new Error(`Chain ${input.chainId} is not configured`);
  const receipt = await client.waitForTransactionReceipt({ hash: input.hash as Hash });
  if (receipt.status === 'reverted') throw new ChainRevertError('Transaction reverted', 'CALL_EXCEPTION');
}

/**
 * The collection a mined CreateTradableCollection transaction created, from its receipt's CreatedCollection log (the
 * factory's own), with the block's time as the indexer will store it; null when the receipt has no such log.
 */
export async function readCreatedCollection(
  appConfig: AppConfig,
  input: { canvasId: string; chainId: number; factory: string; hash: string },
): Promise<PublishedOnChain | null> {
  const client = getPublicClient(getWagmiConfig(appConfig), { chainId: input.chainId as never });
  if (!client) throw new Error(`Chain ${input.chainId} is not configured`);
  const receipt = await client.getTransactionReceipt({ hash: input.hash as Hash });
  if (receipt.status !== 'success') return null;
  const factory = input.factory.toLowerCase();
  const [created] = parseEventLogs({ abi: collectionFactoryAbi, eventName: 'CreatedCollection', logs: receipt.logs }).filter(
    (log) => log.address.toLowerCase() === factory,
  );
  if (!created) return null;
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  return {
    canvasId: input.canvasId,
    chainId: input.chainId,
    address: created.args.collection.toLowerCase(),
    creator: created.args.creator.toLowerCase(),
    tokenCount: Number(created.args.tokenCount),
    publishedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
    hash: input.hash,
  };
}
