// `npm run creator -- add <address>` / `npm run creator -- remove <address>`: how an accepted applicant becomes a
// creator (and how one stops being one). The CollectionFactory's owner sends addCreator / removeCreator; the
// indexer then sets the account's isCreator from the CreatedCreator / RemovedCreator event.
// Env: CHAIN_RPC_URL (default http://127.0.0.1:8545), DEPLOYMENTS_FILE (default contracts/deployments/<chainId>.json),
// OWNER_PRIVATE_KEY (the owner's key; without it the owner must be an account the node signs for, as Hardhat
// account #0 is on the local chain).
import { createPublicClient, createWalletClient, http, isHex, type Account, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { addCreator, factoryOwner, isCreator, parseCreatorAddress, removeCreator } from '../contracts/creators';
import { deploymentsPath, readDeployments } from '../contracts/deploy';

const USAGE = 'usage: npm run creator -- add <address> | npm run creator -- remove <address>';

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): { action: 'add' | 'remove'; address: Address } {
  const [action, address, ...rest] = argv;
  if (action !== 'add' && action !== 'remove') throw new UsageError(action === undefined ? USAGE : `unknown action ${JSON.stringify(action)}\n${USAGE}`);
  if (rest.length > 0) throw new UsageError(`one address at a time\n${USAGE}`);
  try {
    return { action, address: parseCreatorAddress(address) };
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

function ownerKeyAccount(): Account | null {
  const key = process.env.OWNER_PRIVATE_KEY?.trim();
  if (!key) return null;
  const hex = key.startsWith('0x') ? key : `0x${key}`;
  if (!isHex(hex) || hex.length !== 66) throw new Error('OWNER_PRIVATE_KEY must be 32 bytes of hex (64 hex digits, 0x optional)');
  return privateKeyToAccount(hex);
}

async function main(): Promise<void> {
  const { action, address } = parseArgs(process.argv.slice(2));
  const rpcUrl = process.env.CHAIN_RPC_URL || 'http://127.0.0.1:8545';
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ transport, pollingInterval: 100 });
  let chainId: number;
  try {
    chainId = await publicClient.getChainId();
  } catch {
    throw new Error(`no chain answers at ${rpcUrl} (start it with npm run chain, or set CHAIN_RPC_URL)`);
  }
  const deployments = readDeployments(chainId);
  if (!deployments) throw new Error(`no deployments file at ${deploymentsPath(chainId)} (deploy with npm run deploy, or set DEPLOYMENTS_FILE)`);
  if (deployments.chainId !== chainId) throw new Error(`${deploymentsPath(chainId)} is for chain ${deployments.chainId}, but ${rpcUrl} is chain ${chainId}`);
  const factory = deployments.collectionFactory;
  const code = await publicClient.getCode({ address: factory });
  if (!code || code === '0x') throw new Error(`no CollectionFactory at ${factory} on chain ${chainId} (a fresh chain? deploy again with npm run deploy)`);

  const owner = await factoryOwner(publicClient, factory);
  const keyAccount = ownerKeyAccount();
  let account: Account | Address;
  if (keyAccount) {
    if (keyAccount.address !== owner) throw new Error(`OWNER_PRIVATE_KEY is the key of ${keyAccount.address}, but the factory owner is ${owner}`);
    account = keyAccount;
  } else {
    const unlocked = await createWalletClient({ transport }).getAddresses().catch(() => [] as Address[]);
    if (!unlocked.some((a) => a.toLowerCase() === owner.toLowerCase())) {
      throw new Error(`the factory owner ${owner} is not an account the node at ${rpcUrl} signs for: set OWNER_PRIVATE_KEY to the owner's key`);
    }
    account = owner;
  }

  const registered = await isCreator(publicClient, factory, address);
  if (action === 'add' && registered) return console.log(`[creator] ${address} is already a creator on chain ${chainId}: nothing sent`);
  if (action === 'remove' && !registered) return console.log(`[creator] ${address} is not a creator on chain ${chainId}: nothing sent`);

  const walletClient = createWalletClient({ account, transport });
  const call = { walletClient, publicClient, factory };
  const receipt = action === 'add' ? await addCreator(call, address) : await removeCreator(call, address);
  const [event, verb] = action === 'add' ? ['CreatedCreator', 'registered'] : ['RemovedCreator', 'removed'];
  console.log(`[creator] ${verb} ${address} as a creator on chain ${chainId} (factory ${factory}, owner ${owner})`);
  console.log(`[creator] transaction ${receipt.transactionHash} in block ${receipt.blockNumber}: ${event} emitted; the indexer updates the account's isCreator`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error as Error & { shortMessage?: string }).shortMessage ?? error.message : String(error);
  console.error(`[creator] ${message}`);
  process.exitCode = 1;
});
