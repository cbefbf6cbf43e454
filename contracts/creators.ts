import { getAddress, isAddress, type Account, type Address, type Chain, type PublicClient, type TransactionReceipt, type Transport, type WalletClient } from 'viem';
import { collectionFactoryAbi } from './generated';

/**
 * Curation on chain: the CollectionFactory's owner registers creators (addCreator → CreatedCreator) and removes
 * them (removeCreator → RemovedCreator); only registered creators may call CreateTradableCollection.
 */

type AnyWallet = WalletClient<Transport, Chain | undefined, Account | undefined>;

export interface CreatorCall {
  /** Sends as the factory owner: its own account, or `account` (an address the node signs for, or a local account). */
  walletClient: AnyWallet;
  account?: Account | Address;
  publicClient: PublicClient;
  factory: Address;
}

/** The address, checksummed; throws a readable error for anything that is not a 20-byte hex address. */
export function parseCreatorAddress(value: string | undefined): Address {
  if (value === undefined || !isAddress(value, { strict: false })) {
    throw new Error(`not an address: ${value === undefined ? '(missing)' : JSON.stringify(value)} (expected 0x followed by 40 hex digits)`);
  }
  return getAddress(value);
}

export function isCreator(publicClient: PublicClient, factory: Address, address: Address): Promise<boolean> {
  return publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'isCreator', args: [address] });
}

export function factoryOwner(publicClient: PublicClient, factory: Address): Promise<Address> {
  return publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'owner' });
}

async function send(call: CreatorCall, functionName: 'addCreator' | 'removeCreator', creator: Address): Promise<TransactionReceipt> {
  const account = call.account ?? call.walletClient.account;
  if (account === undefined) throw new Error(`${functionName}: no account to send from`);
  const hash = await call.walletClient.writeContract({
    address: call.factory,
    abi: collectionFactoryAbi,
    functionName,
    args: [creator],
    account,
    chain: call.walletClient.chain ?? null,
  });
  const receipt = await call.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName}(${creator}) reverted (transaction ${hash})`);
  return receipt;
}

/** addCreator(creator) from the owner; waits for the receipt. Reverts AlreadyACreator when registered already. */
export function addCreator(call: CreatorCall, creator: Address): Promise<TransactionReceipt> {
  return send(call, 'addCreator', creator);
}

/** removeCreator(creator) from the owner; waits for the receipt. Reverts NotACreator when not registered. */
export function removeCreator(call: CreatorCall, creator: Address): Promise<TransactionReceipt> {
  return send(call, 'removeCreator', creator);
}

/** Registers every address not registered yet (one transaction each); returns the ones it registered. */
export async function registerCreators(call: CreatorCall, creators: readonly Address[]): Promise<Address[]> {
  const added: Address[] = [];
  for (const creator of creators) {
    if (await isCreator(call.publicClient, call.factory, creator)) continue;
    await addCreator(call, creator);
    added.push(creator);
  }
  return added;
}
