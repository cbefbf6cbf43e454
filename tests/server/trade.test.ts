// POST /api/v1/trade/check: every trading rule with its exact message, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMUM_PRICE_MESSAGE, PRICE_STEP_MESSAGE, REQUIRED_FIELD_MESSAGE, SELLER_CANNOT_ORDER_MESSAGE } from '../../machines/forms/validators.js';
import {
  ALREADY_OWNED_MESSAGE,
  NOT_COLLECTION_CREATOR_MESSAGE,
  NOT_TOKEN_OWNER_MESSAGE,
  NOTHING_TO_LIST_MESSAGE,
  SALE_CLOSED_MESSAGE,
} from '../../machines/trading/tradeRules.js';
import { insertCollections, insertHoldings, insertTokens } from '../../server/db/bulk.js';
import { accounts, sales } from '../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { ALICE, BOB, CAROL, login, signedRequest, type LoginResponse, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, MARKETPLACE } from './fixtures.js';

const CHAIN = 31337;
const ETH = 10n ** 18n;
const lower = (address: string) => address.toLowerCase();
const COLLECTION_ADDRESS = '0x00000000000000000000000000000000000000b1';

describe.each(DATABASE_KINDS)('trade check REST on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: LoginResponse; // creator of "Rules", seller of every sale, holds tokens 1 and 2
  let bob: LoginResponse; // bought token 3, also holds a unit of token 1; creator of the sold-out "Gone"
  let carol: LoginResponse; // holds nothing (token 2 at amount 0)
  const ids = { collection: 0, gone: 0, t1: 0, t2: 0, t3: 0 };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    [alice, bob, carol] = [await login(server, ALICE), await login(server, BOB), await login(server, CAROL)];
    const base = { chainId: CHAIN, symbol: 'R', description: 'rules', mediaType: 'image', tokenCount: 3, state: 'published' as const };
    [ids.collection, ids.gone] = await insertCollections(database.db, [
      // Mixed case on purpose: addresses match case-insensitively.
      { ...base, name: 'Rules', creator: ALICE.address, address: COLLECTION_ADDRESS },
      { ...base, name: 'Gone', creator: lower(BOB.address), address: '0x00000000000000000000000000000000000000b2' },
    ]) as [number, number];
    const token = (collectionId: number, tokenId: string, creator: string) => ({ collectionId, chainId: CHAIN, tokenId, name: `T${tokenId}`, mediaType: 'image', creator });
    [ids.t1, ids.t2, ids.t3] = (await insertTokens(database.db, [
      token(ids.collection, '1', lower(ALICE.address)),
      token(ids.collection, '2', lower(ALICE.address)),
      token(ids.collection, '3', lower(ALICE.address)),
      token(ids.gone, '1', lower(BOB.address)),
    ])) as [number, number, number];
    await insertHoldings(database.db, [
      { tokenId: ids.t1, owner: lower(ALICE.address), amount: '4' },
      { tokenId: ids.t1, owner: lower(BOB.address), amount: '1' },
      { tokenId: ids.t2, owner: lower(ALICE.address), amount: '1' },
      { tokenId: ids.t2, owner: lower(CAROL.address), amount: '0' },
      { tokenId: ids.t3, owner: lower(BOB.address), amount: '1' },
    ]);
    const sale = (saleId: string, tokenRef: number, extra: Partial<typeof sales.$inferInsert> = {}) => ({
      chainId: CHAIN, marketplace: MARKETPLACE, saleId, tokenRef, collectionId: ids.collection, seller: lower(ALICE.address),
      amount: '2', priceWei: (ETH / 10n).toString(), currency: '0x0000000000000000000000000000000000000000', ...extra,
    });
    await database.db.insert(sales).values([
      sale('1', ids.t1),
      sale('2', ids.t2, { wasCancelled: true }),
      sale('3', ids.t3, { amount: '1', soldAmount: '1' }),
      // The same on-chain id on another marketplace deployment is not this server's sale.
      sale('9', ids.t1, { marketplace: '0x00000000000000000000000000000000000000ff' }),
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  const check = (body: Record<string, unknown>, key: ApiKeyCredentials) =>
    signedRequest(server, '/trade/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, key);
  const offer = (extra: Record<string, unknown> = {}) => ({ kind: 'offer', chainId: CHAIN, saleId: '1', price: '0.05', ...extra });
  const listing = (extra: Record<string, unknown> = {}) => ({ kind: 'list', chainId: CHAIN, token_id: String(ids.t1), price: '0.2', ...extra });
  const collectionListing = (extra: Record<string, unknown> = {}) => ({ kind: 'listCollection', chainId: CHAIN, container_id: String(ids.collection), price: '0.1', ...extra });

  async function expectOk(body: Record<string, unknown>, key: ApiKeyCredentials) {
    const response = await check(body, key);
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  }
  async function expectRefused(body: Record<string, unknown>, key: ApiKeyCredentials, status: number, error: string, message?: string) {
    const response = await check(body, key);
    const json = (await response.json()) as { error: string; message: string };
    expect({ status: response.status, error: json.error }, JSON.stringify(body)).toEqual({ status, error });
    if (message !== undefined) expect(json.message).toBe(message);
  }

  it('needs a signed request (401 without an API key)', async () => {
    const response = await server.app.request('/api/v1/trade/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(offer()) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('answers 200 { ok: true } for a valid order, offer, listing and collection listing', async () => {
    await expectOk(offer({ kind: 'order', price: '0.1' }), carol.apiKey);
    await expectOk(offer({ token_id: String(ids.t1) }), carol.apiKey);
    await expectOk(offer({ price: 0.0001 }), carol.apiKey);
    await expectOk(listing(), alice.apiKey);
    // Without the database id: the token is found by its collection address and on-chain id.
    await expectOk(listing({ token_id: undefined, collection: COLLECTION_ADDRESS.toUpperCase().replace('0X', '0x'), tokenId: '2' }), alice.apiKey);
    await expectOk(collectionListing(), alice.apiKey);
    await expectOk(collectionListing({ container_id: undefined, collection: COLLECTION_ADDRESS }), alice.apiKey);
  });

  it('applies the price rule with the form messages: required, minimum 0.0001, step 0.0001', async () => {
    for (const body of [offer({ price: '' }), offer({ price: undefined }), offer({ price: null }), listing({ price: '  ' })]) {
      await expectRefused(body, body.kind === 'list' ? alice.apiKey : carol.apiKey, 400, 'invalid_price', REQUIRED_FIELD_MESSAGE);
    }
    for (const price of ['0', '0.00009', 'abc', '-1', '1e-3', 0.00001]) {
      await expectRefused(offer({ price }), carol.apiKey, 400, 'invalid_price', MINIMUM_PRICE_MESSAGE);
    }
    await expectRefused(offer({ price: '0.00015' }), carol.apiKey, 400, 'invalid_price', PRICE_STEP_MESSAGE);
    await expectRefused(listing({ price: '1.00001' }), alice.apiKey, 400, 'invalid_price', PRICE_STEP_MESSAGE);
    await expectRefused(collectionListing({ price: '0.00001' }), alice.apiKey, 400, 'invalid_price', MINIMUM_PRICE_MESSAGE);
  });

  it("refuses the seller's own order or offer", async () => {
    await expectRefused(offer({ kind: 'order', price: '0.1' }), alice.apiKey, 403, 'seller_cannot_order', SELLER_CANNOT_ORDER_MESSAGE);
    await expectRefused(offer(), alice.apiKey, 403, 'seller_cannot_order', SELLER_CANNOT_ORDER_MESSAGE);
  });

  it('refuses an order or offer by an account already holding units of the token', async () => {
    await expectRefused(offer({ kind: 'order', price: '0.1' }), bob.apiKey, 403, 'already_owned', ALREADY_OWNED_MESSAGE);
    await expectRefused(offer(), bob.apiKey, 403, 'already_owned', ALREADY_OWNED_MESSAGE);
  });

  it('refuses orders and offers on cancelled or sold-out sales; unknown sales and mismatched tokens are not found', async () => {
    await expectRefused(offer({ saleId: '2' }), carol.apiKey, 409, 'sale_closed', SALE_CLOSED_MESSAGE);
    await expectRefused(offer({ saleId: '3', kind: 'order' }), carol.apiKey, 409, 'sale_closed', SALE_CLOSED_MESSAGE);
    await expectRefused(offer({ saleId: '404' }), carol.apiKey, 404, 'sale_not_found');
    await expectRefused(offer({ saleId: '9' }), carol.apiKey, 404, 'sale_not_found');
    await expectRefused(offer({ chainId: 1 }), carol.apiKey, 404, 'sale_not_found');
    await expectRefused(offer({ token_id: String(ids.t2) }), carol.apiKey, 400, 'token_mismatch');
    await expectRefused(offer({ saleId: undefined }), carol.apiKey, 400, 'invalid_input');
  });

  it("lets only a token's holder list it", async () => {
    await expectRefused(listing(), carol.apiKey, 403, 'not_token_owner', NOT_TOKEN_OWNER_MESSAGE);
    // A holding at amount 0 (sold on) is not ownership.
    await expectRefused(listing({ token_id: String(ids.t2) }), carol.apiKey, 403, 'not_token_owner', NOT_TOKEN_OWNER_MESSAGE);
    await expectRefused(listing({ token_id: String(ids.t3) }), alice.apiKey, 403, 'not_token_owner', NOT_TOKEN_OWNER_MESSAGE);
    // A collector lists what they bought.
    await expectOk(listing({ token_id: String(ids.t3) }), bob.apiKey);
    await expectRefused(listing({ chainId: 1 }), alice.apiKey, 404, 'token_not_found');
    await expectRefused(listing({ token_id: undefined, collection: COLLECTION_ADDRESS, tokenId: '99' }), alice.apiKey, 404, 'token_not_found');
    await expectRefused(listing({ token_id: undefined }), alice.apiKey, 400, 'invalid_input');
  });

  it("lets only the collection's creator list the full collection, and only while they hold some of it", async () => {
    // Bob holds units of "Rules" but did not create it.
    await expectRefused(collectionListing(), bob.apiKey, 403, 'not_collection_creator', NOT_COLLECTION_CREATOR_MESSAGE);
    await expectRefused(collectionListing(), carol.apiKey, 403, 'not_collection_creator', NOT_COLLECTION_CREATOR_MESSAGE);
    await expectRefused(collectionListing({ container_id: String(ids.gone) }), bob.apiKey, 409, 'nothing_to_list', NOTHING_TO_LIST_MESSAGE);
    await expectRefused(collectionListing({ chainId: 1 }), alice.apiKey, 404, 'collection_not_found');
    await expectRefused(collectionListing({ container_id: undefined }), alice.apiKey, 400, 'invalid_input');
  });

  it('rejects malformed requests with 400', async () => {
    await expectRefused({ ...offer(), kind: 'cancel' }, carol.apiKey, 400, 'invalid_input');
    await expectRefused({ ...offer(), chainId: 'x' }, carol.apiKey, 400, 'invalid_input');
    await expectRefused(listing({ token_id: 'abc' }), alice.apiKey, 400, 'invalid_input');
  });

  it('refuses every kind for a banned account first, before the price and the other rules', async () => {
    await database.db.update(accounts).set({ isBanned: true }).where(eq(accounts.address, lower(BOB.address)));
    try {
      for (const body of [offer({ kind: 'order' }), offer({ price: '' }), listing({ token_id: String(ids.t3) }), collectionListing({ container_id: String(ids.gone) })]) {
        await expectRefused(body, bob.apiKey, 403, 'banned', 'This account is banned');
      }
    } finally {
      await database.db.update(accounts).set({ isBanned: false }).where(eq(accounts.address, lower(BOB.address)));
    }
  });
});
