// Abuse test (the second security review, item 1): an unpublished or hidden collection and its tokens exist only for their creator (and,
// read-only, for a valid share link). Every read and write that names a token — likes, comments, votes, the trade
// check, token, holding, offer, sale and dashboard queries — is refused for another account and anonymously exactly
// as an unknown id is (nothing written, no name, no media CID), allowed for the creator; a published collection's
// token works for everyone. On the real server, PGlite and PostgreSQL.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, allOutSales, collections, comments, holdings, likes, offers, sales, tokens } from '../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { CAROL } from './authFixtures.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';
import { DATABASE_KINDS } from './databases.js';
import { MARKETPLACE } from './fixtures.js';

const CAROL_ADDRESS = CAROL.address.toLowerCase();
const CHAIN = 31337;
const UNKNOWN = '999999';
const ETH_CURRENCY = '0x0000000000000000000000000000000000000000';

type Json = Record<string, unknown>;
interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string }[];
}

describe.each(DATABASE_KINDS)('unpublished and hidden artwork on %s', (kind) => {
  let w: CanvasWorld;
  // Alice's three collections: a canvas still building, a published but hidden one, and a public one.
  const ids = { secret: '', hidden: '', open: '', secretShare: '', secretToken: 0, secretToken2: 0, hiddenToken: 0, openToken: 0 };
  const rows = { hiddenHolding: 0, openHolding: 0, secretSale: 0, hiddenSale: 0, openSale: 0, secretComment: 0, carolHiddenComment: 0, carolHiddenLike: 0 };
  let secretCid = '';
  let carol: ApiKeyCredentials;
  let bob: ApiKeyCredentials;
  let alice: ApiKeyCredentials;

  beforeAll(async () => {
    w = await canvasWorld(kind);
    ({ alice, bob, carol } = w.keys);
    const secret = await w.create(alice, w.details({ name: 'Secret Canvas', description: 'Not yet shown to anyone.' }));
    const hidden = await w.create(alice, w.details({ name: 'Hidden Collection' }));
    const open = await w.create(alice, w.details({ name: 'Open Collection' }));
    Object.assign(ids, { secret: secret.id, hidden: hidden.id, open: open.id, secretShare: secret.shareToken });
    const [s1, s2] = await w.addTokens(secret.id, ['secret-1', 'secret-2']);
    const [h1] = await w.addTokens(hidden.id, ['hidden-1']);
    const [o1] = await w.addTokens(open.id, ['open-1']);
    Object.assign(ids, { secretToken: s1!.id, secretToken2: s2!.id, hiddenToken: h1!.id, openToken: o1!.id });
    // The unpublished artwork's own media, so its CID appears nowhere else.
    secretCid = await w.server.mediaStore.put(w.images.jpeg, 'image/jpeg');
    await w.db.update(tokens).set({ media: secretCid }).where(inArray(tokens.id, [s1!.id, s2!.id]));
    const publish = { state: 'published' as const, publishedAt: new Date() };
    await w.db.update(collections).set({ ...publish, isHidden: true, address: '0x00000000000000000000000000000000000000c1' }).where(eq(collections.id, Number(hidden.id)));
    await w.db.update(collections).set({ ...publish, address: '0x00000000000000000000000000000000000000c2' }).where(eq(collections.id, Number(open.id)));

    // Trading rows as the indexer leaves them (kept on the unpublished canvas too: the rule is the collection's).
    const held = await w.db
      .insert(holdings)
      .values([
        { tokenId: s1!.id, owner: ALICE_ADDRESS, amount: '1' },
        { tokenId: h1!.id, owner: ALICE_ADDRESS, amount: '1' },
        { tokenId: h1!.id, owner: BOB_ADDRESS, amount: '1' },
        { tokenId: o1!.id, owner: ALICE_ADDRESS, amount: '1' },
        { tokenId: o1!.id, owner: BOB_ADDRESS, amount: '1' },
      ])
      .returning({ id: holdings.id });
    rows.hiddenHolding = held[2]!.id;
    rows.openHolding = held[4]!.id;
    const sale = (saleId: string, tokenRef: number, collectionId: string, allOutSaleId: string | null = null) => ({
      chainId: CHAIN, marketplace: MARKETPLACE, saleId, allOutSaleId, tokenRef, collectionId: Number(collectionId), seller: ALICE_ADDRESS,
      amount: '1', priceWei: '100000000000000000', currency: ETH_CURRENCY,
    });
    const sold = await w.db
      .insert(sales)
      .values([sale('101', s1!.id, secret.id), sale('102', h1!.id, hidden.id, '7'), sale('103', o1!.id, open.id, '8')])
      .returning({ id: sales.id });
    [rows.secretSale, rows.hiddenSale, rows.openSale] = sold.map((row) => row.id) as [number, number, number];
    const allOut = (allOutSaleId: string, collectionId: string) => ({
      chainId: CHAIN, marketplace: MARKETPLACE, allOutSaleId, collectionId: Number(collectionId), seller: ALICE_ADDRESS, priceWei: '1', currency: ETH_CURRENCY,
    });
    await w.db.insert(allOutSales).values([allOut('7', hidden.id), allOut('8', open.id)]);
    const offer = (saleRef: number, tokenRef: number) => ({ chainId: CHAIN, saleRef, tokenRef, buyer: BOB_ADDRESS, amount: '1', priceWei: '1', currency: ETH_CURRENCY });
    await w.db.insert(offers).values([offer(rows.hiddenSale, h1!.id), offer(rows.openSale, o1!.id)]);

    // A comment of Alice's on her canvas, and Carol's like and comment from before the collection was hidden.
    const [carolAccount] = await w.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.address, CAROL_ADDRESS));
    const [aliceAccount] = await w.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.address, ALICE_ADDRESS));
    const made = await w.db
      .insert(comments)
      .values([
        { entityType: 'token', tokenId: s1!.id, accountId: aliceAccount!.id, text: 'Draft note on the secret piece' },
        { entityType: 'token', tokenId: h1!.id, accountId: carolAccount!.id, text: 'Lovely, before it was hidden' },
        { entityType: 'token', tokenId: o1!.id, accountId: aliceAccount!.id, text: 'Public note' },
      ])
      .returning({ id: comments.id });
    [rows.secretComment, rows.carolHiddenComment] = made.map((row) => row.id) as [number, number];
    const [like] = await w.db
      .insert(likes)
      .values([
        { tokenId: h1!.id, accountId: carolAccount!.id },
        { tokenId: o1!.id, accountId: carolAccount!.id },
      ])
      .returning({ id: likes.id });
    rows.carolHiddenLike = like!.id;
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const post = (key: ApiKeyCredentials | null, path: string, body: unknown) => w.request(key, path, { method: 'POST', ...w.json(body) });
  const graphql = async (document: string, variables: Json, key?: ApiKeyCredentials): Promise<{ data: Json; text: string }> => {
    const response = await w.server.app.request('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: authorizationHeader(key) } : {}) },
      body: JSON.stringify({ query: document, variables }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const answer = JSON.parse(text) as GraphqlAnswer;
    expect(answer.errors).toBeUndefined();
    return { data: answer.data!, text };
  };
  /** The refusal, the same as the unknown id's (status, code and words): existence is not leaked. */
  const sameAsUnknown = async (refused: Promise<Response>, unknown: Promise<Response>) => {
    const [a, b] = await Promise.all([refused, unknown]);
    const [x, y] = [await errorOf(a), await errorOf(b)];
    expect(x.status).toBeGreaterThanOrEqual(400);
    expect(x.status).toBeLessThan(500);
    expect(x).toEqual(y);
    return x;
  };
  const nothingSecret = (text: string) => {
    for (const word of ['secret-', 'Secret Canvas', 'Not yet shown', 'hidden-1', 'Hidden Collection', 'Draft note', secretCid]) expect(text).not.toContain(word);
  };

  it('likes: another account gets the unknown token\'s 404 (nothing written); the creator likes; a published token anyone', async () => {
    const before = await w.snapshot();
    for (const key of [carol, bob]) {
      for (const token of [ids.secretToken, ids.hiddenToken]) {
        const refusal = await sameAsUnknown(post(key, `/likes/?share=${ids.secretShare}`, { token_id: String(token) }), post(key, '/likes/', { token_id: UNKNOWN }));
        expect(refusal).toEqual({ status: 404, error: 'not_found', message: 'No token with this id.' });
        await sameAsUnknown(w.request(key, `/likes/token/${token}`, { method: 'DELETE' }), w.request(key, `/likes/token/${UNKNOWN}`, { method: 'DELETE' }));
      }
    }
    // Carol's own like from before the collection was hidden: as unknown as the token.
    await sameAsUnknown(w.request(carol, `/likes/${rows.carolHiddenLike}`, { method: 'DELETE' }), w.request(carol, `/likes/${UNKNOWN}`, { method: 'DELETE' }));
    expect((await post(null, '/likes/', { token_id: String(ids.secretToken) })).status).toBe(401);
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    // Carol's own likes: the published token's only.
    const own = (await (await w.request(carol, '/likes/account')).json()) as { likes: { token_id: string }[] };
    expect(own.likes.map((like) => like.token_id)).toEqual([String(ids.openToken)]);

    w.live.length = 0;
    const liked = await post(alice, '/likes/', { token_id: String(ids.secretToken) });
    expect(liked.status).toBe(201);
    // Announced to the creator's room only.
    expect(w.live.map((call) => [call.to, call.event])).toEqual([[ALICE_ADDRESS, 'TokenLiked'], [ALICE_ADDRESS, 'TokenUpdated']]);
    const aliceLikes = (await (await w.request(alice, '/likes/account')).json()) as { likes: { token_id: string }[] };
    expect(aliceLikes.likes.map((like) => like.token_id)).toEqual([String(ids.secretToken)]);
    expect((await w.request(alice, `/likes/token/${ids.secretToken}`, { method: 'DELETE' })).status).toBe(200);
    expect((await post(alice, '/likes/', { token_id: String(ids.hiddenToken) })).status).toBe(201);

    w.live.length = 0;
    expect((await post(bob, '/likes/', { token_id: String(ids.openToken) })).status).toBe(201);
    expect(w.live.map((call) => [call.to, call.event])).toEqual([[null, 'TokenLiked'], [null, 'TokenUpdated']]);
    expect((await w.request(bob, `/likes/token/${ids.openToken}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('comments and votes: refused as for an unknown token or comment; the creator comments and votes; a published token anyone', async () => {
    const before = await w.snapshot();
    for (const key of [carol, bob]) {
      for (const token of [ids.secretToken, ids.hiddenToken]) {
        const refusal = await sameAsUnknown(post(key, '/comments', { token_id: String(token), text: 'Found it' }), post(key, '/comments', { token_id: UNKNOWN, text: 'Found it' }));
        expect(refusal).toEqual({ status: 404, error: 'token_not_found', message: 'Token not found.' });
        await sameAsUnknown(
          post(key, '/comments', { token_id: String(token), parent_id: String(rows.secretComment), text: 'Reply' }),
          post(key, '/comments', { token_id: UNKNOWN, parent_id: String(rows.secretComment), text: 'Reply' }),
        );
      }
      const vote = await sameAsUnknown(post(key, `/comments/${rows.secretComment}/vote`, { value: 1 }), post(key, `/comments/${UNKNOWN}/vote`, { value: 1 }));
      expect(vote).toEqual({ status: 404, error: 'not_found', message: 'Comment not found.' });
    }
    // Carol's own comment on the token now hidden: no edit, no delete, no vote.
    await sameAsUnknown(
      w.request(carol, `/comments/${rows.carolHiddenComment}`, { method: 'PUT', ...w.json({ text: 'edited' }) }),
      w.request(carol, `/comments/${UNKNOWN}`, { method: 'PUT', ...w.json({ text: 'edited' }) }),
    );
    await sameAsUnknown(w.request(carol, `/comments/${rows.carolHiddenComment}`, { method: 'DELETE' }), w.request(carol, `/comments/${UNKNOWN}`, { method: 'DELETE' }));
    expect(w.diff(before, await w.snapshot())).toEqual([]);

    const own = await post(alice, '/comments', { token_id: String(ids.secretToken), parent_id: String(rows.secretComment), text: 'Creator reply' });
    expect(own.status).toBe(201);
    expect((await post(alice, `/comments/${rows.secretComment}/vote`, { value: 1 })).status).toBe(200);
    expect((await post(carol, '/comments', { token_id: String(ids.openToken), text: 'Public praise' })).status).toBe(201);
  });

  it('getCommentsByTokenId: nothing for anyone but the creator on a hidden token (as for an unknown id); a published token\'s for all', async () => {
    const document = `query ($t: ID!) { getCommentsByTokenId(token_id: $t) { totalCount edges { node { text replies { nodes { text } } } } } }`;
    const total = (answer: { data: Json }) => (answer.data.getCommentsByTokenId as { totalCount: number }).totalCount;
    for (const key of [undefined, carol, bob]) {
      for (const token of [ids.secretToken, ids.hiddenToken]) {
        const answer = await graphql(document, { t: String(token) }, key);
        expect(answer.data).toEqual((await graphql(document, { t: UNKNOWN }, key)).data);
        expect(total(answer)).toBe(0);
        nothingSecret(answer.text);
      }
      expect((await graphql(document, { t: String(ids.openToken) }, key)).text).toContain('Public note');
    }
    const creator = await graphql(document, { t: String(ids.secretToken) }, alice);
    expect(creator.text).toContain('Draft note on the secret piece');
    expect(total(await graphql(document, { t: String(ids.hiddenToken) }, alice))).toBe(1);
  });

  it('getCommentReplies: a hidden token\'s comment has no replies for anyone but the creator (as for an unknown id)', async () => {
    const document = `query ($c: ID!) { getCommentReplies(comment_id: $c) { totalCount edges { node { text } } } }`;
    const total = (answer: { data: Json }) => (answer.data.getCommentReplies as { totalCount: number }).totalCount;
    for (const key of [undefined, carol, bob]) {
      const answer = await graphql(document, { c: String(rows.secretComment) }, key);
      expect(answer.data).toEqual((await graphql(document, { c: UNKNOWN }, key)).data);
      expect(total(answer)).toBe(0);
      expect(answer.text).not.toContain('Creator reply');
    }
    const creator = await graphql(document, { c: String(rows.secretComment) }, alice);
    expect(total(creator)).toBe(1);
    expect(creator.text).toContain('Creator reply');
  });

  it('token reads: container, last token, holding, liked tokens, holdings and offers show the creator only (share link: the container, read-only)', async () => {
    const tokenFields = 'name filename mediaUrl thumbnailUrl collection { name description cover }';
    const container = `query ($c: ID!, $s: String) { getTokensByContainerId(container_id: $c, share: $s) { totalCount edges { node { ${tokenFields} } } } }`;
    const last = `query ($c: ID!) { getLastToken(container_id: $c) { ${tokenFields} } }`;
    const fromHolding = `query ($h: ID!) { getTokenFromHolding(id: $h) { ${tokenFields} } }`;
    const liked = `query ($a: String!) { getLikedTokensByAccount(account_id: $a) { totalCount edges { node { ${tokenFields} } } } }`;
    const held = `query ($f: TokenHoldingFilter) { getTokenHoldings(filters: $f) { totalCount edges { node { token { ${tokenFields} } } } } }`;
    const offered = `query ($t: ID!) { getOffersByToken(token: $t) { totalCount edges { node { token_id } } } }`;
    const count = (data: Json, field: string) => (data[field] as { totalCount: number }).totalCount;

    for (const key of [undefined, carol, bob]) {
      const reads = [
        await graphql(container, { c: ids.secret }, key),
        await graphql(container, { c: ids.hidden }, key),
        await graphql(last, { c: ids.secret }, key),
        await graphql(last, { c: ids.hidden }, key),
        await graphql(fromHolding, { h: String(rows.hiddenHolding) }, key),
        await graphql(liked, { a: CAROL_ADDRESS }, key),
        await graphql(held, { f: { token_id: String(ids.hiddenToken) } }, key),
        await graphql(held, { f: { owner: BOB_ADDRESS } }, key),
        await graphql(held, { f: { collection_id: ids.secret } }, key),
        await graphql(offered, { t: String(ids.hiddenToken) }, key),
      ];
      for (const read of reads) nothingSecret(read.text);
      const [secretTokens, hiddenTokens, lastSecret, lastHidden, holding, likedByCarol, hiddenHoldings, bobHoldings, secretHoldings, hiddenOffers] = reads.map((read) => read.data);
      expect([count(secretTokens!, 'getTokensByContainerId'), count(hiddenTokens!, 'getTokensByContainerId')]).toEqual([0, 0]);
      expect([lastSecret!.getLastToken, lastHidden!.getLastToken, holding!.getTokenFromHolding]).toEqual([null, null, null]);
      expect(count(likedByCarol!, 'getLikedTokensByAccount')).toBe(1); // the published token only
      expect([count(hiddenHoldings!, 'getTokenHoldings'), count(bobHoldings!, 'getTokenHoldings'), count(secretHoldings!, 'getTokenHoldings')]).toEqual([0, 1, 0]);
      expect(count(hiddenOffers!, 'getOffersByToken')).toBe(0);
      // The published collection, for everyone.
      expect(count((await graphql(container, { c: ids.open }, key)).data, 'getTokensByContainerId')).toBe(1);
      expect((await graphql(fromHolding, { h: String(rows.openHolding) }, key)).data.getTokenFromHolding).toMatchObject({ name: 'open-1' });
      expect(count((await graphql(offered, { t: String(ids.openToken) }, key)).data, 'getOffersByToken')).toBe(1);
    }

    // The share link reads the canvas's tokens (read-only) and nothing else; a wrong one reads nothing.
    const shared = await graphql(container, { c: ids.secret, s: ids.secretShare }, carol);
    expect(count(shared.data, 'getTokensByContainerId')).toBe(2);
    expect(shared.text).toContain(secretCid);
    expect(count((await graphql(container, { c: ids.secret, s: 'x'.repeat(43) }, carol)).data, 'getTokensByContainerId')).toBe(0);
    expect(count((await graphql(container, { c: ids.hidden, s: ids.secretShare }, carol)).data, 'getTokensByContainerId')).toBe(0);

    // The creator sees all of it.
    expect(count((await graphql(container, { c: ids.secret }, alice)).data, 'getTokensByContainerId')).toBe(2);
    expect((await graphql(last, { c: ids.secret }, alice)).data.getLastToken).toMatchObject({ name: 'secret-2', mediaUrl: `/ipfs/${secretCid}` });
    expect((await graphql(fromHolding, { h: String(rows.hiddenHolding) }, alice)).data.getTokenFromHolding).toMatchObject({ name: 'hidden-1' });
    expect(count((await graphql(liked, { a: CAROL_ADDRESS }, alice)).data, 'getLikedTokensByAccount')).toBe(2); // hidden-1 too
    expect(count((await graphql(held, { f: { token_id: String(ids.hiddenToken) } }, alice)).data, 'getTokenHoldings')).toBe(2);
    expect(count((await graphql(held, { f: { collection_id: ids.secret } }, alice)).data, 'getTokenHoldings')).toBe(1);
    expect(count((await graphql(offered, { t: String(ids.hiddenToken) }, alice)).data, 'getOffersByToken')).toBe(1);
  });

  it('dashboard reads: offers, listings, sales, bought tokens, collection tokens and created collections leave the hidden ones out', async () => {
    const count = (data: Json, field: string) => (data[field] as { totalCount: number }).totalCount;
    const q = {
      sent: `query ($a: String!) { getMyBazaarOffers(address: $a) { totalCount edges { node { token_id token { name mediaUrl } } } } }`,
      received: `query ($f: TokensWithOffersFilter!) { getMyTokensWithOffers(filters: $f) { totalCount edges { node { token { name mediaUrl } } } } }`,
      sale: `query ($id: ID) { getSale(id: $id) { token_id container_id } }`,
      tokenListing: `query ($f: ListingFilter) { getTokenListing(filters: $f) { totalCount edges { node { token { name mediaUrl } } } } }`,
      collectionListing: `query ($f: ListingFilter) { getCollectionListing(filters: $f) { totalCount edges { node { collection { name } } } } }`,
      bought: `query ($f: BoughtTokenFilter!) { getBoughtTokens(filters: $f) { totalCount edges { node { name mediaUrl } } } }`,
      collectionTokens: `query ($c: ID!, $o: String!) { getDashboardCollectionTokens(container_id: $c, owner: $o) { totalCount edges { node { name mediaUrl } } } }`,
      created: `query ($f: CreatedCollectionFilter!) { getCreatedCollections(filters: $f) { totalCount edges { node { name } } } }`,
    };
    const seller = { seller: ALICE_ADDRESS };
    for (const key of [undefined, carol, bob]) {
      const reads = {
        sent: await graphql(q.sent, { a: BOB_ADDRESS }, key),
        received: await graphql(q.received, { f: seller }, key),
        hiddenSale: await graphql(q.sale, { id: String(rows.hiddenSale) }, key),
        secretSale: await graphql(q.sale, { id: String(rows.secretSale) }, key),
        tokenListing: await graphql(q.tokenListing, { f: seller }, key),
        collectionListing: await graphql(q.collectionListing, { f: seller }, key),
        bought: await graphql(q.bought, { f: { owner: BOB_ADDRESS } }, key),
        secretTokens: await graphql(q.collectionTokens, { c: ids.secret, o: ALICE_ADDRESS }, key),
        hiddenTokens: await graphql(q.collectionTokens, { c: ids.hidden, o: BOB_ADDRESS }, key),
        created: await graphql(q.created, { f: { creator: ALICE_ADDRESS } }, key),
      };
      for (const read of Object.values(reads)) nothingSecret(read.text);
      expect({
        sent: count(reads.sent.data, 'getMyBazaarOffers'),
        received: count(reads.received.data, 'getMyTokensWithOffers'),
        sales: [reads.hiddenSale.data.getSale, reads.secretSale.data.getSale],
        tokenListing: count(reads.tokenListing.data, 'getTokenListing'),
        collectionListing: count(reads.collectionListing.data, 'getCollectionListing'),
        bought: count(reads.bought.data, 'getBoughtTokens'),
        collectionTokens: [count(reads.secretTokens.data, 'getDashboardCollectionTokens'), count(reads.hiddenTokens.data, 'getDashboardCollectionTokens')],
        created: (reads.created.data.getCreatedCollections as { edges: { node: { name: string } }[] }).edges.map((edge) => edge.node.name),
      }).toEqual({ sent: 1, received: 1, sales: [null, null], tokenListing: 1, collectionListing: 1, bought: 1, collectionTokens: [0, 0], created: ['Open Collection'] });
    }
    const creator = {
      received: count((await graphql(q.received, { f: seller }, alice)).data, 'getMyTokensWithOffers'),
      sale: (await graphql(q.sale, { id: String(rows.hiddenSale) }, alice)).data.getSale,
      tokenListing: count((await graphql(q.tokenListing, { f: seller }, alice)).data, 'getTokenListing'),
      collectionListing: count((await graphql(q.collectionListing, { f: seller }, alice)).data, 'getCollectionListing'),
      collectionTokens: count((await graphql(q.collectionTokens, { c: ids.secret, o: ALICE_ADDRESS }, alice)).data, 'getDashboardCollectionTokens'),
      created: count((await graphql(q.created, { f: { creator: ALICE_ADDRESS } }, alice)).data, 'getCreatedCollections'),
    };
    expect(creator).toEqual({
      received: 2,
      sale: { token_id: String(ids.hiddenToken), container_id: ids.hidden },
      tokenListing: 3,
      collectionListing: 2,
      collectionTokens: 2,
      created: 3,
    });
  });

  it('trade check: a sale, token or collection hidden from the caller is the unknown one\'s 404; the creator and published ones pass', async () => {
    const check = (key: ApiKeyCredentials, body: Json) => post(key, '/trade/check', { chainId: CHAIN, price: '0.1', ...body });
    for (const key of [carol, bob]) {
      for (const saleId of ['101', '102']) {
        const refusal = await sameAsUnknown(check(key, { kind: 'offer', saleId }), check(key, { kind: 'offer', saleId: UNKNOWN }));
        expect(refusal).toEqual({ status: 404, error: 'sale_not_found', message: 'Sale not found.' });
        await sameAsUnknown(check(key, { kind: 'order', saleId }), check(key, { kind: 'order', saleId: UNKNOWN }));
      }
      // Bob even holds a unit of the hidden token: it does not exist for him.
      for (const token of [ids.secretToken, ids.hiddenToken]) {
        await sameAsUnknown(check(key, { kind: 'list', token_id: String(token) }), check(key, { kind: 'list', token_id: UNKNOWN }));
      }
      await sameAsUnknown(
        check(key, { kind: 'list', collection: '0x00000000000000000000000000000000000000c1', tokenId: '1' }),
        check(key, { kind: 'list', collection: '0x00000000000000000000000000000000000000ff', tokenId: '1' }),
      );
      for (const container of [ids.secret, ids.hidden]) {
        await sameAsUnknown(check(key, { kind: 'listCollection', container_id: container }), check(key, { kind: 'listCollection', container_id: UNKNOWN }));
      }
    }
    const ok = async (key: ApiKeyCredentials, body: Json) => {
      const response = await check(key, body);
      expect(response.status, JSON.stringify(body)).toBe(200);
    };
    await ok(carol, { kind: 'offer', saleId: '103' });
    await ok(bob, { kind: 'list', token_id: String(ids.openToken) });
    await ok(alice, { kind: 'list', token_id: String(ids.hiddenToken) });
    await ok(alice, { kind: 'list', token_id: String(ids.secretToken) });
    await ok(alice, { kind: 'listCollection', container_id: ids.hidden });
  });

  it('canvas REST: a hidden collection reads as unknown to others, like an unpublished one; the share link reads the canvas', async () => {
    for (const key of [null, carol, bob]) {
      for (const id of [ids.secret, ids.hidden]) {
        await sameAsUnknown(w.request(key, `/canvas/${id}`), w.request(key, `/canvas/${UNKNOWN}`));
        await sameAsUnknown(w.request(key, `/canvas/${id}/token/1`), w.request(key, `/canvas/${UNKNOWN}/token/1`));
      }
    }
    expect((await w.request(null, `/canvas/${ids.secret}/token/1?share=${ids.secretShare}`)).status).toBe(200);
    expect((await w.request(alice, `/canvas/${ids.hidden}`)).status).toBe(200);
    expect((await w.request(null, `/canvas/${ids.open}`)).status).toBe(200);
  });
});
