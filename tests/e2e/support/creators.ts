import { expect, type APIRequestContext } from '@playwright/test';
import { createPublicClient, createWalletClient, getAddress, http, type Address, type HDAccount } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { collectionFactoryAbi } from '../../../contracts/generated/index';

// Chain accounts and curated creators for specs. The e2e chain funds 100 accounts of the standard test mnemonic
// (scripts/chain.ts): #0 deploys and owns the factory and the marketplace, #1–#11 are the demo's people, the
// specs use #12 onwards — each spec its own accounts, so no spec's leftovers matter to another.

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
export const TEST_ACCOUNT_COUNT = 100;

/** Account #index of the test mnemonic (m/44'/60'/0'/0/index): the same account the test wallet's #index is. */
export function testAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0 || index >= TEST_ACCOUNT_COUNT) {
    throw new Error(`test account #${index}: the e2e chain funds accounts #0 to #${TEST_ACCOUNT_COUNT - 1}`);
  }
  return mnemonicToAccount(TEST_MNEMONIC, { addressIndex: index });
}

export const testAddress = (index: number): Address => testAccount(index).address;

async function factoryOf(request: APIRequestContext) {
  const config = (await (await request.get('/api/v1/config')).json()) as {
    evms: Array<{ providerURL: string; contracts: { collectionFactory: Address } }>;
  };
  const evm = config.evms[0]!;
  const transport = http(evm.providerURL);
  return { factory: evm.contracts.collectionFactory, publicClient: createPublicClient({ transport }), walletClient: createWalletClient({ transport }) };
}

/** The account's isCreator as the server serves it (null while it has no account row). */
async function serverIsCreator(request: APIRequestContext, address: Address): Promise<boolean | null> {
  const response = await request.get(`/api/v1/account/${address.toLowerCase()}`);
  if (response.status() === 404) return null;
  return ((await response.json()) as { isCreator: boolean }).isCreator;
}

async function setCreator(request: APIRequestContext, address: string, creator: boolean): Promise<void> {
  const account = getAddress(address);
  const { factory, publicClient, walletClient } = await factoryOf(request);
  const read = () => publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'isCreator', args: [account] });
  if ((await read()) !== creator) {
    // The factory owner (#0 on the e2e chain) is an account the chain signs for.
    const owner = await publicClient.readContract({ address: factory, abi: collectionFactoryAbi, functionName: 'owner' });
    const hash = await walletClient.writeContract({
      address: factory, abi: collectionFactoryAbi, functionName: creator ? 'addCreator' : 'removeCreator', args: [account], account: owner, chain: null,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status, `${creator ? 'addCreator' : 'removeCreator'}(${account})`).toBe('success');
  }
  // The server's flag comes from the indexer (CreatedCreator / RemovedCreator).
  await expect
    .poll(() => serverIsCreator(request, account), { message: `the indexer marks ${account} ${creator ? 'a creator' : 'not a creator'}`, timeout: 15_000 })
    .toBe(creator ? true : false);
}

/**
 * Registers `address` as a creator on chain through the factory owner (what `npm run creator -- add` does) and
 * waits until the server reports it a creator. Does nothing on chain when it is registered already.
 */
export function registerCreator(request: APIRequestContext, address: string): Promise<void> {
  return setCreator(request, address, true);
}

/** Removes a registered creator (`npm run creator -- remove`) and waits until the server no longer reports it one. */
export function unregisterCreator(request: APIRequestContext, address: string): Promise<void> {
  return setCreator(request, address, false);
}
