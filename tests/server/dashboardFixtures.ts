// Rows for the dashboard GraphQL tests: collections, holdings, sales, all-out sales and offers in every state.
import { insertCollections, insertHoldings, insertTokens } from '../../server/db/bulk.js';
import type { Db } from '../../server/db/client.js';
import { accounts, allOutSales, offers, sales } from '../../server/db/schema.js';
import { COLLECTOR, CREATOR_A, CREATOR_B, MARKETPLACE } from './fixtures.js';

export { COLLECTOR, CREATOR_A, CREATOR_B, MARKETPLACE };
export const ETH = '0x0000000000000000000000000000000000000000';
/** A second marketplace on the same chain: its sale ids repeat the main one's. */
export const OLD_MARKETPLACE = '0x00000000000000000000000000000000000000ee';
export const WEI = 10n ** 18n;

type SaleSpec = {
  key: string;
  saleId: string;
  token: string;
  seller: string;
  price: bigint;
  amount?: string;
  soldAmount?: string;
  wasCancelled?: boolean;
  allOutSaleId?: string;
  chainId?: number;
  marketplace?: string;
};

/**
 * Alice (CREATOR_A) made Dawn (5 tokens), a hidden Dusk and Noon on chain 1; Bob (CREATOR_B, no account row)
 * made Other (3 tokens); Carol (COLLECTOR) made Mine and bought Dawn #1 (2 of 3 units), Dawn #2, Other #1, #2.
 */
export async function seedDashboard(db: Db) {
  await db.insert(accounts).values([
    { address: CREATOR_A, alias: 'alice', isCreator: true, avatar: 'bafkreialice' },
    { address: COLLECTOR, alias: 'carol', isCreator: true },
  ]);
  const base = { symbol: 'SYM', description: 'desc', state: 'published' as const, mediaType: 'image' };
  const [dawn, dusk, noon, other, mine] = await insertCollections(db, [
    { ...base, chainId: 31337, name: 'Dawn', creator: CREATOR_A, address: '0x00000000000000000000000000000000000000d1', tokenCount: 5, supplyPerToken: 2, cover: 'bafkreidawn' },
    { ...base, chainId: 31337, name: 'Dusk', creator: CREATOR_A, address: '0x00000000000000000000000000000000000000d2', tokenCount: 2, isHidden: true },
    { ...base, chainId: 1, name: 'Noon', creator: CREATOR_A, address: '0x00000000000000000000000000000000000000d3', tokenCount: 1, soldOut: true },
    { ...base, chainId: 31337, name: 'Other', creator: CREATOR_B, address: '0x00000000000000000000000000000000000000d4', tokenCount: 3 },
    { ...base, chainId: 31337, name: 'Mine', creator: COLLECTOR, address: '0x00000000000000000000000000000000000000d5', tokenCount: 1 },
  ]);
  const specs = [
    ...[1, 2, 3, 4, 5].map((n) => ({ key: `dawn${n}`, collectionId: dawn!, chainId: 31337, creator: CREATOR_A, tokenId: String(n), name: `Dawn #${n}` })),
    ...[1, 2].map((n) => ({ key: `dusk${n}`, collectionId: dusk!, chainId: 31337, creator: CREATOR_A, tokenId: String(n), name: `Dusk #${n}` })),
    { key: 'noon1', collectionId: noon!, chainId: 1, creator: CREATOR_A, tokenId: '1', name: 'Noon #1' },
    ...[1, 2, 3].map((n) => ({ key: `other${n}`, collectionId: other!, chainId: 31337, creator: CREATOR_B, tokenId: String(n), name: `Other #${n}` })),
    { key: 'mine1', collectionId: mine!, chainId: 31337, creator: COLLECTOR, tokenId: '1', name: 'Mine #1' },
  ];
  const tokenIds = await insertTokens(db, specs.map(({ key: _key, ...row }) => ({ ...row, mediaType: 'image', media: `bafkrei${row.name.replace(/\W/g, '')}` })));
  const token = Object.fromEntries(specs.map((spec, i) => [spec.key, tokenIds[i]!])) as Record<string, number>;

  // Holding ids follow insertion order: Carol's acquisitions are dawn1, other1, dawn2, other2 (newest last).
  const holdingRows = [
    ...['dawn1', 'dawn3', 'dawn4', 'dawn5', 'dusk1', 'dusk2', 'noon1'].map((key) => ({ tokenId: token[key]!, owner: CREATOR_A, amount: key === 'dawn1' ? '1' : '2' })),
    { tokenId: token.dawn2!, owner: CREATOR_A, amount: '0' }, // Alice sold both units of Dawn #2
    ...['other1', 'other2', 'other3'].map((key) => ({ tokenId: token[key]!, owner: CREATOR_B, amount: '1' })),
    { tokenId: token.mine1!, owner: COLLECTOR, amount: '1' },
    { tokenId: token.dawn1!, owner: COLLECTOR, amount: '2' }, // Carol is Dawn #1's main holder, not its seller
    { tokenId: token.other1!, owner: COLLECTOR, amount: '1' },
    { tokenId: token.dawn2!, owner: COLLECTOR, amount: '2' },
    { tokenId: token.other2!, owner: COLLECTOR, amount: '1' },
    { tokenId: token.other3!, owner: COLLECTOR, amount: '0' }, // sold on: not a holding any more
  ];
  const holdingIds = await insertHoldings(db, holdingRows);
  const holding = Object.fromEntries(holdingRows.map((row, i) => [`${row.tokenId}:${row.owner}`, holdingIds[i]!]));

  await db.insert(allOutSales).values([
    { chainId: 31337, marketplace: MARKETPLACE, allOutSaleId: '1', collectionId: dawn!, seller: CREATOR_A, priceWei: String(2n * WEI), currency: ETH },
    { chainId: 31337, marketplace: MARKETPLACE, allOutSaleId: '2', collectionId: dawn!, seller: CREATOR_A, priceWei: String(3n * WEI), currency: ETH, wasCancelled: true },
    { chainId: 31337, marketplace: MARKETPLACE, allOutSaleId: '3', collectionId: other!, seller: CREATOR_B, priceWei: String(WEI), currency: ETH },
    { chainId: 1, marketplace: MARKETPLACE, allOutSaleId: '1', collectionId: noon!, seller: CREATOR_A, priceWei: String(WEI), currency: ETH },
  ]);
  const saleSpecs: SaleSpec[] = [
    { key: 'dawn1', saleId: '1', token: 'dawn1', seller: CREATOR_A, price: WEI },
    { key: 'dawn3Cancelled', saleId: '2', token: 'dawn3', seller: CREATOR_A, price: 5n * WEI, wasCancelled: true },
    // All-out sale 2 (cancelled) then 1 (open: dawn3 and dawn5 still listed, dawn4 sold).
    { key: 'ao2dawn3', saleId: '3', token: 'dawn3', seller: CREATOR_A, price: 3n * WEI, allOutSaleId: '2', wasCancelled: true },
    { key: 'ao1dawn3', saleId: '4', token: 'dawn3', seller: CREATOR_A, price: 2n * WEI, allOutSaleId: '1' },
    { key: 'ao1dawn4', saleId: '5', token: 'dawn4', seller: CREATOR_A, price: 2n * WEI, allOutSaleId: '1', amount: '2', soldAmount: '2' },
    { key: 'ao1dawn5', saleId: '6', token: 'dawn5', seller: CREATOR_A, price: 2n * WEI, allOutSaleId: '1', amount: '2', soldAmount: '1' },
    // Bob's all-out sale 3 on Other: every unit sold, so it is over.
    { key: 'ao3other1', saleId: '7', token: 'other1', seller: CREATOR_B, price: WEI, allOutSaleId: '3', soldAmount: '1' },
    { key: 'other3', saleId: '8', token: 'other3', seller: CREATOR_B, price: 7n * WEI },
    // Carol resells Dawn #2; then on chain 1 Alice lists Noon (sale id 1 again), inside all-out sale 1 of chain 1.
    { key: 'dawn2Carol', saleId: '9', token: 'dawn2', seller: COLLECTOR, price: 4n * WEI, amount: '2' },
    { key: 'noon1', saleId: '1', token: 'noon1', seller: CREATOR_A, price: WEI, chainId: 1, allOutSaleId: '1' },
    // An older marketplace on chain 31337 reused sale id 1.
    { key: 'oldDawn1', saleId: '1', token: 'dawn1', seller: CREATOR_A, price: 9n * WEI, wasCancelled: true, marketplace: OLD_MARKETPLACE },
  ];
  const collectionOf = (key: string) => (key.startsWith('dawn') ? dawn! : key.startsWith('other') ? other! : key.startsWith('noon') ? noon! : dusk!);
  const saleIds = await db
    .insert(sales)
    .values(
      saleSpecs.map((s) => ({
        chainId: s.chainId ?? 31337, marketplace: s.marketplace ?? MARKETPLACE, saleId: s.saleId, allOutSaleId: s.allOutSaleId ?? null,
        tokenRef: token[s.token]!, collectionId: collectionOf(s.token), seller: s.seller, amount: s.amount ?? '1',
        priceWei: String(s.price), currency: ETH, wasCancelled: s.wasCancelled ?? false, soldAmount: s.soldAmount ?? '0',
      })),
    )
    .returning({ id: sales.id });
  const sale = Object.fromEntries(saleSpecs.map((s, i) => [s.key, saleIds[i]!.id])) as Record<string, number>;

  const offerSpecs = [
    { key: 'carolOnDawn1Retracted', sale: 'dawn1', buyer: COLLECTOR, price: WEI / 4n, state: 'retracted' as const },
    { key: 'carolOnDawn1', sale: 'dawn1', buyer: COLLECTOR, price: WEI / 2n },
    { key: 'carolOnDawn3Cancelled', sale: 'dawn3Cancelled', buyer: COLLECTOR, price: 4n * WEI, state: 'invalidated' as const },
    { key: 'bobOnDawn1', sale: 'dawn1', buyer: CREATOR_B, price: (WEI * 3n) / 4n },
    { key: 'bobOnDawn5', sale: 'ao1dawn5', buyer: CREATOR_B, price: WEI },
    { key: 'carolOnOther3', sale: 'other3', buyer: COLLECTOR, price: 6n * WEI },
    { key: 'bobOnDawn2', sale: 'dawn2Carol', buyer: CREATOR_B, price: 3n * WEI },
    { key: 'bobOnDawn4Accepted', sale: 'ao1dawn4', buyer: CREATOR_B, price: 2n * WEI, state: 'accepted' as const },
    { key: 'carolOnNoon', sale: 'noon1', buyer: COLLECTOR, price: WEI, chainId: 1 },
  ];
  const tokenOfSale = Object.fromEntries(saleSpecs.map((s) => [s.key, s.token]));
  const offerIds = await db
    .insert(offers)
    .values(
      offerSpecs.map((o) => ({
        chainId: o.chainId ?? 31337, saleRef: sale[o.sale]!, tokenRef: token[tokenOfSale[o.sale]!]!, buyer: o.buyer, amount: '1',
        priceWei: String(o.price), currency: ETH, state: o.state ?? ('made' as const),
      })),
    )
    .returning({ id: offers.id });
  const offer = Object.fromEntries(offerSpecs.map((o, i) => [o.key, offerIds[i]!.id])) as Record<string, number>;
  return { collection: { dawn: dawn!, dusk: dusk!, noon: noon!, other: other!, mine: mine! }, token, holding, sale, offer };
}

export type DashboardSeed = Awaited<ReturnType<typeof seedDashboard>>;

export type GraphqlErrors = { message: string; extensions?: { code?: string } }[];
/* eslint-disable @typescript-eslint/no-explicit-any -- response shapes are asserted by value in the tests */
export type Data = Record<string, any>;

/** POST /graphql helpers: `run` returns the body, `ok` asserts no errors and returns data. */
export function graphqlClient(app: { request(path: string, init?: RequestInit): Response | Promise<Response> }) {
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data?: Data | null; errors?: GraphqlErrors };
  };
  const ok = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = await run(query, variables);
    if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data!;
  };
  /** Follows endCursor until the last page; returns every page's node list. */
  const pages = async (query: string, field: string, variables: Record<string, unknown>, perPage: number) => {
    const result: Data[][] = [];
    let after: string | null = null;
    for (;;) {
      const page: Data = (await ok(query, { ...variables, p: { perPage, after } }))[field];
      result.push(page.edges.map((edge: Data) => edge.node));
      if (!page.pageInfo.hasNextPage) return result;
      after = page.pageInfo.endCursor;
    }
  };
  return { run, ok, pages };
}
