// The dashboard reads follow the indexer: marketplace events applied with the indexer's own applyRange.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { MEDIA_URL_PREFIX, THUMBNAIL_URL_PREFIX } from '../../server/config.js';
import { applyRange } from '../../server/indexer/apply.js';
import type { ChainEvent, IndexedLog } from '../../server/indexer/logs.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { COLLECTOR, CREATOR_A, CREATOR_B, ETH, MARKETPLACE, graphqlClient, seedDashboard, WEI, type Data, type DashboardSeed } from './dashboardFixtures.js';
import { buildTestServer } from './fixtures.js';

const DAWN = '0x00000000000000000000000000000000000000d1' as Address;
const OTHER = '0x00000000000000000000000000000000000000d4' as Address;
const a = (address: string) => address as Address;

describe.each(DATABASE_KINDS)('dashboard reads after indexed events on %s', (kind) => {
  let database: TestDatabase;
  let seed: DashboardSeed;
  let client: ReturnType<typeof graphqlClient>;
  let block = 1000n;

  /** Applies events as one indexed block range (marketplace events from the marketplace, transfers from the collection). */
  const apply = async (...events: (ChainEvent & { address?: Address })[]) => {
    block += 1n;
    const logs: IndexedLog[] = events.map((event, logIndex) => ({
      ...event, address: event.address ?? a(MARKETPLACE), blockNumber: block, logIndex, transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
      blockTime: new Date(Number(block) * 12_000),
    }) as IndexedLog);
    await database.db.transaction((tx) => applyRange(tx, { chainId: 31337, marketplace: MARKETPLACE, facts: new Map(), ipfs: { urlPrefix: MEDIA_URL_PREFIX, thumbnailUrlPrefix: THUMBNAIL_URL_PREFIX } }, [], logs));
  };
  const sale = (saleId: bigint, collection: Address, tokenId: bigint, seller: string, price: bigint, allOutSaleId = 0n): ChainEvent => ({
    eventName: 'CreatedSale', args: { saleId, collection, tokenId, seller: a(seller), amount: 1n, price, currency: a(ETH), allOutSaleId },
  });

  const sentQuery = `query ($a: String!) { getMyBazaarOffers(address: $a) { totalCount edges { node { saleId state saleActive token { name } } } } }`;
  const receivedQuery = `query ($s: String!) { getMyTokensWithOffers(filters: { seller: $s }) { edges { node { token { name } offers { buyer { address } } } } } }`;
  const listingQuery = `query ($s: String) { getTokenListing(filters: { seller: $s }) { edges { node { saleId amount token { name } } } } }`;
  const collectionQuery = `{ getCollectionListing(filters: { container_id: "CID" }) { edges { node { allOutSaleId tokensListed } } } }`;
  const names = (connection: Data, pick: (node: Data) => unknown) => connection.edges.map((edge: Data) => pick(edge.node));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seed = await seedDashboard(database.db);
    client = graphqlClient((await buildTestServer(database.db)).app);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('an offer on a listing that is then cancelled: sent offers keep it with saleActive false, received offers and listings drop it', async () => {
    await apply(sale(100n, OTHER, 2n, COLLECTOR, 5n * WEI));
    expect(names((await client.ok(listingQuery, { s: COLLECTOR })).getTokenListing, (n) => [n.saleId, n.token.name])).toEqual([['100', 'Other #2'], ['9', 'Dawn #2']]);
    await apply({ eventName: 'OfferMade', args: { saleId: 100n, tokenId: 2n, buyer: a(CREATOR_A), amount: 1n, price: 4n * WEI, currency: a(ETH) } });
    const before = (await client.ok(sentQuery, { a: CREATOR_A })).getMyBazaarOffers;
    expect(names(before, (n) => [n.saleId, n.state, n.saleActive, n.token.name])).toEqual([['100', 'made', true, 'Other #2']]);
    expect(names((await client.ok(receivedQuery, { s: COLLECTOR })).getMyTokensWithOffers, (n) => n.token.name)).toEqual(['Other #2', 'Dawn #2']);

    await apply({ eventName: 'CancelledSale', args: { saleId: 100n } });
    const after = (await client.ok(sentQuery, { a: CREATOR_A })).getMyBazaarOffers;
    // Funds still in escrow: the buyer sees it, unavailable, until retracted.
    expect(names(after, (n) => [n.saleId, n.state, n.saleActive])).toEqual([['100', 'invalidated', false]]);
    expect(names((await client.ok(receivedQuery, { s: COLLECTOR })).getMyTokensWithOffers, (n) => n.token.name)).toEqual(['Dawn #2']);
    expect(names((await client.ok(listingQuery, { s: COLLECTOR })).getTokenListing, (n) => n.saleId)).toEqual(['9']);

    await apply({ eventName: 'OfferRetracted', args: { saleId: 100n, tokenId: 2n, buyer: a(CREATOR_A) } });
    expect((await client.ok(sentQuery, { a: CREATOR_A })).getMyBazaarOffers).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('an all-out sale: tokensListed drops as tokens sell, the buyer\'s bought tokens gain the token, cancelling ends it', async () => {
    const q = collectionQuery.replace('CID', String(seed.collection.dawn));
    // Alice lists Dawn #3 and #5 again as all-out sale 9 (one CreatedSale per token, then CreatedAllOutSale).
    await apply(
      sale(101n, DAWN, 3n, CREATOR_A, WEI, 9n),
      sale(102n, DAWN, 5n, CREATOR_A, WEI, 9n),
      { eventName: 'CreatedAllOutSale', args: { allOutSaleId: 9n, collection: DAWN, seller: a(CREATOR_A), price: WEI, currency: a(ETH) } },
    );
    expect(names((await client.ok(q)).getCollectionListing, (n) => [n.allOutSaleId, n.tokensListed])).toEqual([['9', 2], ['1', 2]]);

    await apply(
      { eventName: 'OfferMade', args: { saleId: 101n, tokenId: 3n, buyer: a(CREATOR_B), amount: 1n, price: WEI, currency: a(ETH) } },
    );
    const bobSent = (await client.ok(sentQuery, { a: CREATOR_B })).getMyBazaarOffers;
    expect(names(bobSent, (n) => [n.saleId, n.saleActive])[0]).toEqual(['101', true]);
    // acceptOffer's order on chain: OfferAccepted, Sold, then the collection's transfer.
    await apply(
      { eventName: 'OfferAccepted', args: { saleId: 101n, tokenId: 3n, buyer: a(CREATOR_B) } },
      { eventName: 'Sold', args: { saleId: 101n, tokenId: 3n, buyer: a(CREATOR_B), seller: a(CREATOR_A), amount: 1n, price: WEI, currency: a(ETH) } },
      { eventName: 'TransferSingle', address: DAWN, args: { operator: a(MARKETPLACE), from: a(CREATOR_A), to: a(CREATOR_B), id: 3n, value: 1n } },
    );
    expect(names((await client.ok(q)).getCollectionListing, (n) => [n.allOutSaleId, n.tokensListed])).toEqual([['9', 1], ['1', 2]]);
    const bought = (await client.ok(`{ getBoughtTokens(filters: { owner: "${CREATOR_B}" }) { edges { node { name tokenHolding { amount owner { address } } } } } }`)).getBoughtTokens;
    expect(names(bought, (n) => [n.name, n.tokenHolding.amount, n.tokenHolding.owner.address])).toEqual([['Dawn #3', '1', CREATOR_B]]);
    // Bob's accepted offer is no longer a sent offer.
    expect((await client.ok(sentQuery, { a: CREATOR_B })).getMyBazaarOffers.edges.map((e: Data) => e.node.saleId)).not.toContain('101');

    await apply(
      { eventName: 'CancelledSale', args: { saleId: 102n } },
      { eventName: 'CancelledAllOutSale', args: { allOutSaleId: 9n } },
    );
    expect(names((await client.ok(q)).getCollectionListing, (n) => n.allOutSaleId)).toEqual(['1']);
    const sold = (await client.ok(`{ getSale(saleId: "101", chainId: 31337) { soldAmount wasCancelled allOutSaleId } }`)).getSale;
    expect(sold).toEqual({ soldAmount: '1', wasCancelled: false, allOutSaleId: '9' });
  });
});
