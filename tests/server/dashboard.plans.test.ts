// The dashboard reads walk indexes on a larger history (20,000 tokens, 40,000 sales mostly closed, 40,000 offers):
// no sequential scan of tokens, sales, offers or holdings, whatever the filter, on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections, insertHoldings, insertTokens } from '../../server/db/bulk.js';
import { allOutSales, offers, sales } from '../../server/db/schema.js';
import { analyzeStaleTables } from '../../server/db/statistics.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { ETH, MARKETPLACE, graphqlClient } from './dashboardFixtures.js';
import { buildTestServer } from './fixtures.js';

const TOKENS = 20_000;
const SALES_PER_TOKEN = 2;
const COLLECTORS = 500;
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe.each(DATABASE_KINDS)('dashboard query plans on %s', (kind) => {
  let database: TestDatabase;
  let client: ReturnType<typeof graphqlClient>;
  let captured: { query: string; params: unknown[] }[] = [];
  let collectionIds: number[];

  beforeAll(async () => {
    database = await openTestDatabase(kind, { logQuery: (query, params) => void captured.push({ query, params }) });
    collectionIds = await insertCollections(database.db, Array.from({ length: 20 }, (_, i) => ({
      chainId: 31337, name: `C${i}`, symbol: 'C', mediaType: 'image', creator: address(1 + (i % 10)), state: 'published' as const,
      address: address(0xc000 + i),
    })));
    const tokenIds = await insertTokens(database.db, Array.from({ length: TOKENS }, (_, i) => ({
      collectionId: collectionIds[i % 20]!, chainId: 31337, tokenId: String(i + 1), name: `T${i}`, mediaType: 'image', creator: address(1 + (i % 10)),
    })));
    await insertHoldings(database.db, tokenIds.flatMap((tokenId, i) => [
      { tokenId, owner: address(1 + (i % 10)), amount: '1' },
      { tokenId, owner: address(100 + (i % COLLECTORS)), amount: '1' },
    ]));
    // Every token was listed twice: the first listing cancelled or sold, the second open for one token in ten.
    const saleRows = tokenIds.flatMap((tokenRef, i) => Array.from({ length: SALES_PER_TOKEN }, (_, k) => ({
      chainId: 31337, marketplace: MARKETPLACE, saleId: String(i * SALES_PER_TOKEN + k + 1), allOutSaleId: k === 1 && i % 200 === 0 ? '1' : null,
      tokenRef, collectionId: collectionIds[i % 20]!, seller: address(1 + (i % 10)), amount: '1', priceWei: '1000', currency: ETH,
      wasCancelled: k === 0 ? i % 2 === 0 : i % 10 !== 0, soldAmount: k === 0 && i % 2 === 1 ? '1' : '0',
    })));
    const saleIds: number[] = [];
    for (let start = 0; start < saleRows.length; start += 1000) {
      saleIds.push(...(await database.db.insert(sales).values(saleRows.slice(start, start + 1000)).returning({ id: sales.id })).map((row) => row.id));
    }
    for (let start = 0; start < saleRows.length; start += 1000) {
      await database.db.insert(offers).values(saleRows.slice(start, start + 1000).map((row, j) => ({
        chainId: 31337, saleRef: saleIds[start + j]!, tokenRef: row.tokenRef, buyer: address(100 + ((start + j) % COLLECTORS)), amount: '1', priceWei: '900', currency: ETH,
        state: row.wasCancelled ? ('invalidated' as const) : row.soldAmount === '1' ? ('accepted' as const) : ('made' as const),
      })));
    }
    await database.db.insert(allOutSales).values(Array.from({ length: 200 }, (_, i) => ({
      chainId: 31337, marketplace: MARKETPLACE, allOutSaleId: String(i + 1), collectionId: collectionIds[i % 20]!, seller: address(1 + (i % 10)),
      priceWei: '1000', currency: ETH, wasCancelled: i !== 0,
    })));
    // What the server does on PGlite (server/db/statistics.ts) and autovacuum on PostgreSQL.
    await analyzeStaleTables(database.db);
    client = graphqlClient((await buildTestServer(database.db)).app);
  }, 300_000);

  afterAll(async () => {
    await database?.close();
  });

  /** Runs the query, then EXPLAINs every statement it sent. */
  const plans = async (query: string, variables: Record<string, unknown> = {}) => {
    captured = [];
    const data = await client.ok(query, variables);
    const statements = captured;
    const $client = (database.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }> } }).$client;
    const explained: string[] = [];
    for (const { query: text, params } of statements) {
      const result = await $client.query(`EXPLAIN ${text}`, params);
      explained.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
    }
    return { data, plan: explained.join('\n---\n') };
  };

  it.each([
    ['open listings, newest first', `{ getTokenListing(pagination: { perPage: 20 }) { totalCount edges { node { id token { name } } } } }`, /sales_open_idx/],
    ['listings of a seller', `{ getTokenListing(filters: { seller: "${address(3)}" }) { totalCount edges { node { id token { name } } } } }`, /sales_open_(seller_)?idx/],
    ['listings of a collection', `{ getTokenListing(filters: { container_id: "COLLECTION" }) { totalCount edges { node { id } } } }`, /sales_open_(collection_)?idx/],
    ['open all-out sales', `{ getCollectionListing { totalCount edges { node { tokensListed } } } }`, /sales_all_out_idx/],
    ['sent offers', `{ getMyBazaarOffers(address: "${address(120)}") { totalCount edges { node { saleActive sellerInfo { alias } token { name } } } } }`, /offers_buyer_idx/],
    ['received offers', `{ getMyTokensWithOffers(filters: { seller: "${address(4)}" }) { totalCount edges { node { offers { id } } } } }`, /offers_made_sale_idx[\s\S]*sales_open_(seller_)?idx|sales_open_(seller_)?idx[\s\S]*offers_made_sale_idx/],
    ['bought tokens', `{ getBoughtTokens(filters: { owner: "${address(130)}" }) { totalCount edges { node { tokenHolding { id } } } } }`, /holdings_owner_idx/],
    ['a sale by on-chain id', `{ getSale(saleId: "12345", chainId: 31337) { id } }`, /sales_sale_id_idx/],
  ])('%s: no sequential scan of the large tables', async (_name, query, index) => {
    const { data, plan } = await plans(query.replace('COLLECTION', String(collectionIds[3])));
    expect(Object.values(data)[0]).not.toBeNull();
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on (sales|offers|holdings|tokens)\b/);
  });
});
