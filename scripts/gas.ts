import { createPublicClient, createWalletClient, custom, getAddress, zeroAddress, type Hash } from 'viem';
import { hardhat } from 'viem/chains';
import { connectInProcessChain } from '../contracts/chain';
import { compileContracts } from '../contracts/compile';

// `npm run gas`: gas used by the main marketplace transactions on an in-process chain.
await compileContracts({ log: (line) => console.log(line) });
const { deployMarketplaceContracts } = await import('../contracts/deploy');
const { collectionFactoryAbi, marketplaceAbi, tradableCollectionAbi } = await import('../contracts/generated');
const { allOutSaleIdFromLogs, collectionFromLogs, saleIdsFromLogs } = await import('../contracts/receipts');

const { provider } = await connectInProcessChain();
const transport = custom(provider);
const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 });
const accounts = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
const [owner, creator, buyer, bidder, secondBidder] = accounts.map((account) => createWalletClient({ account, chain: hardhat, transport }));

const rows: [string, bigint][] = [];
async function measure(label: string, hash: Promise<Hash>) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== 'success') throw new Error(`${label} reverted`);
  rows.push([label, receipt.gasUsed]);
  return receipt;
}

const { marketplace, collectionFactory } = await deployMarketplaceContracts({ walletClient: owner!, publicClient });
// The factory is curated: the owner registers the creator before it may publish.
await measure('addCreator', owner!.writeContract({ address: collectionFactory, abi: collectionFactoryAbi, functionName: 'addCreator', args: [creator!.account.address] }));
const price = 10n ** 17n;
const created = await measure('CreateTradableCollection (10 tokens x 10)', creator!.writeContract({
  address: collectionFactory, abi: collectionFactoryAbi, functionName: 'CreateTradableCollection',
  args: ['Gas', 'GAS', 10n, 10n, 'ipfs://gas/', creator!.account.address, 500n],
}));
const collection = collectionFromLogs(created.logs)!;
await measure('setApprovalForAll', creator!.writeContract({ address: collection, abi: tradableCollectionAbi, functionName: 'setApprovalForAll', args: [marketplace, true] }));
const listed = await measure('createSale', creator!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'createSale', args: [collection, 1n, 5n, price, zeroAddress] }));
const [saleId] = saleIdsFromLogs(listed.logs);
await measure('makeOffer at the listed price (purchase, 1 unit)', buyer!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId!, 1n, 1n, price, zeroAddress], value: price }));
await measure('makeOffer below the price (escrowed offer)', bidder!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId!, 1n, 2n, price / 2n, zeroAddress], value: price }));
await measure('acceptOffer (2 units)', creator!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId!, bidder!.account.address, 1n, price / 2n, zeroAddress] }));
// A holder may not offer again (AlreadyOwner): the second offer comes from another account.
await measure('makeOffer below the price (second offer)', secondBidder!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'makeOffer', args: [saleId!, 1n, 1n, price / 2n, zeroAddress], value: price / 2n }));
await measure('retractOffer', secondBidder!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'retractOffer', args: [saleId!, 1n] }));
await measure('cancel', creator!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'cancel', args: [saleId!] }));
const allOut = await measure('createAllOutSale (10 token ids)', creator!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'createAllOutSale', args: [collection, price, zeroAddress] }));
await measure('cancelAllOutSale (10 listings)', creator!.writeContract({ address: marketplace, abi: marketplaceAbi, functionName: 'cancelAllOutSale', args: [allOutSaleIdFromLogs(allOut.logs)!] }));

const width = Math.max(...rows.map(([label]) => label.length));
console.log(`\n${'transaction'.padEnd(width)}  gas used`);
for (const [label, gas] of rows) console.log(`${label.padEnd(width)}  ${gas.toLocaleString('en-US').padStart(9)}`);
