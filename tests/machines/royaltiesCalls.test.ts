import type { Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { tradableCollectionAbi } from '../../contracts/generated';
import { SUCCESS_MESSAGES, successMessage, type ContractCall } from '../../machines/trading/chainActions';
import { tradeCheckOf } from '../../machines/trading/tradeCheck';
import { contractRequest } from '../../src/services/chain/contractCalls';
import { createCollection, createTestChain, deployMarket, send, type TestChain } from '../contracts/helpers';

// The creator's royalties controls: the creator's royalties actions as contract requests against the real compiled collection.
let chain: TestChain;
let marketplace: Address;
let factory: Address;

const run = (wallet: TestChain['wallets'][number], call: ContractCall) => send(chain, wallet, contractRequest(call, marketplace) as never);

beforeAll(async () => {
  chain = await createTestChain();
  ({ marketplace, collectionFactory: factory } = await deployMarket(chain));
}, 120_000);

describe('royalties contract requests (real contracts)', () => {
  it('the creator lowers the royalties and moves them to another recipient; raising and other senders are refused', async () => {
    const [creator, other] = [chain.wallets[1]!, chain.wallets[2]!];
    const { collection } = await createCollection(chain, factory, creator, { tokens: 1, supply: 1, royaltiesBasispoints: 500 });
    const read = (functionName: 'royaltiesBasispoints' | 'royaltiesRecipient') =>
      chain.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName });

    await run(creator, { type: 'reduceRoyalties', chainId: 31337, collection, basispoints: 250 });
    expect(Number(await read('royaltiesBasispoints'))).toBe(250);
    await expect(run(creator, { type: 'reduceRoyalties', chainId: 31337, collection, basispoints: 300 })).rejects.toThrow(/RoyaltiesCannotIncrease/);

    await run(creator, { type: 'transferRoyaltiesRecipient', chainId: 31337, collection, recipient: other.account.address });
    expect(String(await read('royaltiesRecipient')).toLowerCase()).toBe(other.account.address.toLowerCase());
    await expect(run(other, { type: 'reduceRoyalties', chainId: 31337, collection, basispoints: 100 })).rejects.toThrow(/Unauthorized/);
  }, 120_000);

  it('have no trading-rule check and announce their own success', () => {
    const reduce: ContractCall = { type: 'reduceRoyalties', chainId: 31337, collection: '0x0000000000000000000000000000000000000001', basispoints: 1 };
    const transfer: ContractCall = { type: 'transferRoyaltiesRecipient', chainId: 31337, collection: '0x0000000000000000000000000000000000000001', recipient: '0x0000000000000000000000000000000000000002' };
    expect(tradeCheckOf(reduce)).toBeNull();
    expect(tradeCheckOf(transfer)).toBeNull();
    expect(successMessage(reduce)).toBe(SUCCESS_MESSAGES.royaltiesReduced);
    expect(successMessage(transfer)).toBe('Royalties recipient transferred');
  });
});
