// The client's trade check (src/services/chain) and the contractAction machine against the real server and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { SELLER_CANNOT_ORDER_MESSAGE } from '../../machines/forms/validators.js';
import type { ChainAction, ContractCall } from '../../machines/trading/chainActions.js';
import type { CheckListingInput, ContractActionEmitted, ListingOnChain, SubmitCallInput } from '../../machines/trading/contractActionMachine.js';
import { TradeCheckError } from '../../machines/trading/tradeCheck.js';
import { insertCollections, insertHoldings, insertTokens } from '../../server/db/bulk.js';
import { sales } from '../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { provideContractAction } from '../../src/services/chain/contractAction.js';
import { checkTrade, SIGN_IN_FIRST_MESSAGE, type CheckTradeOptions } from '../../src/services/chain/tradeCheck.js';
import { ALICE, BOB, login, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, MARKETPLACE } from './fixtures.js';

const CHAIN = 31337;
const COLLECTION = '0x00000000000000000000000000000000000000c1';

describe.each(DATABASE_KINDS)('client trade check against the server on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: LoginResponse; // the seller
  let bob: LoginResponse; // a collector holding nothing
  let tokenRowId = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    [alice, bob] = [await login(server, ALICE), await login(server, BOB)];
    const seller = ALICE.address.toLowerCase();
    const [collectionId] = await insertCollections(database.db, [
      { chainId: CHAIN, name: 'Checked', symbol: 'C', mediaType: 'image', tokenCount: 1, state: 'published', creator: seller, address: COLLECTION },
    ]);
    [tokenRowId] = (await insertTokens(database.db, [{ collectionId: collectionId!, chainId: CHAIN, tokenId: '1', name: 'One', mediaType: 'image', creator: seller }])) as [number];
    await insertHoldings(database.db, [{ tokenId: tokenRowId, owner: seller, amount: '1' }]);
    await database.db.insert(sales).values({
      chainId: CHAIN, marketplace: MARKETPLACE, saleId: '5', tokenRef: tokenRowId, collectionId: collectionId!, seller, amount: '1',
      priceWei: '20000000000000000', currency: '0x0000000000000000000000000000000000000000',
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  const keys = (): Record<string, ApiKeyCredentials> => ({ [ALICE.address.toLowerCase()]: alice.apiKey, [BOB.address.toLowerCase()]: bob.apiKey });
  const options = (): CheckTradeOptions => ({
    fetch: async (input, init) => server.app.request(input, init),
    apiKeyOf: (account) => keys()[account.toLowerCase()] ?? null,
  });
  const purchase = (): Extract<ChainAction, { type: 'makeOffer' }> => ({ type: 'makeOffer', chainId: CHAIN, saleId: '5', tokenId: '1', amount: '1', priceWei: '20000000000000000', currency: 'ETH', purchase: true, token_id: String(tokenRowId) });

  it('resolves for an allowed action, skips actions without rules, and rejects with the server message and code', async () => {
    await expect(checkTrade({ action: purchase(), account: BOB.address }, options())).resolves.toBeUndefined();
    await expect(checkTrade({ action: { ...purchase(), purchase: false, priceWei: '10000000000000000' }, account: BOB.address }, options())).resolves.toBeUndefined();
    // Cancel has no trading rules: no request at all (an account without a key would otherwise be refused).
    await expect(checkTrade({ action: { type: 'cancelSale', chainId: CHAIN, saleId: '5' }, account: '0x0000000000000000000000000000000000000001' }, options())).resolves.toBeUndefined();
    const refused = await checkTrade({ action: purchase(), account: ALICE.address }, options()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TradeCheckError);
    expect(refused).toMatchObject({ message: SELLER_CANNOT_ORDER_MESSAGE, code: 'seller_cannot_order', source: 'server' });
    const offPrice = await checkTrade({ action: { ...purchase(), priceWei: '150000000000001' }, account: BOB.address }, options()).catch((error: unknown) => error);
    expect(offPrice).toMatchObject({ message: 'Allowed price step is 0.0001', code: 'invalid_price' });
  });

  it('asks to sign in without a key, and passes on the server refusing a bad key', async () => {
    const stranger = '0x00000000000000000000000000000000000000d4';
    await expect(checkTrade({ action: purchase(), account: stranger }, options())).rejects.toMatchObject({ message: SIGN_IN_FIRST_MESSAGE, code: 'unauthorized' });
    const badKey: CheckTradeOptions = { ...options(), apiKeyOf: () => ({ address: BOB.address.toLowerCase(), key: 'not-the-right-key-at-all' }) };
    await expect(checkTrade({ action: purchase(), account: BOB.address }, badKey)).rejects.toMatchObject({ code: 'invalid_api_key', source: 'server' });
  });

  /** The app's contractAction machine (real checkAction) with the wallet steps recorded instead of sent. */
  async function runAction(account: string) {
    const sent: ContractCall[] = [];
    const listingReads: CheckListingInput[] = [];
    const machine = provideContractAction(options()).provide({
      actors: {
        switchChain: fromPromise(async () => {}),
        // The chain's answer for the listing (the wallet side, like the calls): open, at the price the buyer saw.
        checkListing: fromPromise<ListingOnChain, CheckListingInput>(async ({ input }) => {
          listingReads.push(input);
          return { seller: ALICE.address, amount: '1', price: purchase().priceWei, cancelled: false, active: true };
        }),
        checkApproval: fromPromise(async () => true),
        submitCall: fromPromise<string, SubmitCallInput>(async ({ input }) => {
          sent.push(input.call);
          return '0xabc';
        }),
        waitForReceipt: fromPromise(async () => {}),
      },
    });
    const actor = createActor(machine, { input: { action: purchase(), account, walletChainId: CHAIN, networkName: 'Hardhat' } });
    const emitted: ContractActionEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    const output = await toPromise(actor);
    const notices = emitted.filter((e) => e.type === 'trade.notify' && e.kind !== 'sticky').map((e) => (e as { kind: string; text: string }));
    return { output, sent, notices, listingReads, state: actor.getSnapshot().value };
  }

  it('the contractAction machine stops a refused purchase before the wallet, with the error notice', async () => {
    const result = await runAction(ALICE.address);
    expect(result.state).toBe('failed');
    expect(result.sent).toEqual([]);
    expect(result.listingReads).toEqual([]);
    expect(result.notices).toEqual([{ type: 'trade.notify', kind: 'error', text: SELLER_CANNOT_ORDER_MESSAGE }]);
    expect(result.output.error).toEqual({ message: SELLER_CANNOT_ORDER_MESSAGE, code: 'seller_cannot_order', source: 'server' });
  });

  it('the contractAction machine sends an accepted purchase to the wallet and announces it', async () => {
    const result = await runAction(BOB.address);
    expect(result.state).toBe('succeeded');
    // The server's check first, then the listing read on chain, then the wallet.
    expect(result.listingReads).toEqual([{ chainId: CHAIN, saleId: '5' }]);
    expect(result.sent).toEqual([purchase()]);
    expect(result.notices).toEqual([{ type: 'trade.notify', kind: 'success', text: 'Purchase successful' }]);
  });
});
