// The fuzz suite's world: a seeded marketplace, signed-in accounts (one banned, one with an expired key), and the
// real ids of comments, likes, sales and media, so generated requests can aim past the 404s at the handlers' checks.
import { eq } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { createApiKey } from '../../../server/auth/apiKeys.js';
import type { Db } from '../../../server/db/client.js';
import { accounts, articles, artists, collections, comments, exhibitionArtworks, exhibitions, likes, offers, sales, tokens } from '../../../server/db/schema.js';
import type { ApiKeyCredentials } from '../../../src/services/authFetch.js';
import { ALICE, BOB, CAROL, login, loginBody, type LoginResponse, type TestServer } from '../authFixtures.js';
import { CREATOR_A, CREATOR_B, MARKETPLACE, seedMarketplace } from '../fixtures.js';

/** Hardhat test account #4: never signs in during setup, so its login bodies are the ones the fuzz mutates. */
export const DAVE = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');

export type Who = 'alice' | 'bob' | 'banned' | 'expired' | 'spare';

/** Keys that may be revoked (DELETE /account/session): one per request until they run out. */
export const SPARE_KEYS = 40;

export interface FuzzContext {
  server: TestServer;
  db: Db;
  keys: Record<Exclude<Who, 'spare'>, ApiKeyCredentials>;
  /** Bob's extra keys, for the routes that revoke the key they are signed with. */
  spareKeys: ApiKeyCredentials[];
  /** Real values, as strings, for path parameters and body fields. */
  ids: {
    aliceAccount: string;
    aliceAddress: string;
    bobAccount: string;
    tokens: string[];
    /** Alice created Images and Gifs; Videos is CREATOR_B's; then the hidden and the building one. */
    collections: { own: string; other: string; hidden: string; building: string };
    collectionAddresses: string[];
    /** Alice's live comment, Bob's, a deleted one of Alice's, and a reply at the deepest writable level. */
    comments: { own: string; other: string; deleted: string; deepest: string };
    likes: { own: string; other: string };
    saleIds: string[];
    offerIds: string[];
    media: { image: string; manifest: string; sketch: string };
    /** Studio canvases (the creator studio): Alice's in each state and kind, Bob's, and the preview link of Alice's image one. */
    canvases: { image: string; generative: string; flipcard: string; finalized: string; published: string; other: string; share: string };
    /** Articles (the artists' pages): one of Alice's artist profile with its HTML body in the media store. */
    articles: string[];
    /** Exhibitions (the editorial pages): one running now (featured, four artworks) and a past one (intro 'undefined'). */
    exhibitions: string[];
  };
  /** POST /account bodies for DAVE, signed: valid, and signed but wrong in one field of the message. */
  logins: { valid: Record<string, unknown>; signedVariants: Record<string, unknown>[] };
}

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function buildFuzzContext(server: TestServer, db: Db): Promise<FuzzContext> {
  const { tokens, collectionIds } = await seedMarketplace(db);
  const alice: LoginResponse = await login(server, ALICE);
  const bob: LoginResponse = await login(server, BOB);
  const carol: LoginResponse = await login(server, CAROL);
  await db.update(accounts).set({ isBanned: true }).where(eq(accounts.address, carol.account.address));
  const expired = await createApiKey(db, ALICE.address.toLowerCase(), new Date(Date.now() - 60_000));

  const spareKeys: ApiKeyCredentials[] = [];
  for (let i = 0; i < SPARE_KEYS; i += 1) {
    const spare = await createApiKey(db, bob.account.address, new Date(Date.now() + 3_600_000));
    spareKeys.push({ address: bob.account.address, key: spare.key });
  }

  const aliceId = Number(alice.account.id);
  const bobId = Number(bob.account.id);
  const [tokenA, tokenB] = [tokens[0]!.id, tokens[1]!.id];
  const inserted = await db
    .insert(comments)
    .values([
      { tokenId: tokenA, accountId: aliceId, text: 'first' },
      { tokenId: tokenA, accountId: bobId, text: 'second' },
      { tokenId: tokenA, accountId: aliceId, text: '', deleted: true },
    ])
    .returning({ id: comments.id });
  // A chain of replies down to the deepest level a reply may be written at.
  let parent = inserted[0]!.id;
  for (let level = 2; level <= 4; level += 1) {
    const [reply] = await db.insert(comments).values({ tokenId: tokenA, accountId: aliceId, parentId: parent, text: `level ${level}` }).returning({ id: comments.id });
    parent = reply!.id;
  }
  const likeRows = await db
    .insert(likes)
    .values([
      { tokenId: tokenB, accountId: aliceId },
      { tokenId: tokenA, accountId: bobId },
    ])
    .returning({ id: likes.id });
  const saleRows = await db
    .insert(sales)
    .values([
      { chainId: 31337, marketplace: MARKETPLACE, saleId: '1', tokenRef: tokenA, collectionId: collectionIds.imageId, seller: CREATOR_A, amount: '1', priceWei: '1000000000000000000', currency: '0x0000000000000000000000000000000000000000' },
      { chainId: 31337, marketplace: MARKETPLACE, saleId: '2', tokenRef: tokenB, collectionId: collectionIds.videoId, seller: BOB.address.toLowerCase(), amount: '2', priceWei: '5', currency: '0x0000000000000000000000000000000000000000', wasCancelled: true },
    ])
    .returning({ id: sales.id, saleId: sales.saleId });
  const offerRows = await db
    .insert(offers)
    .values([{ chainId: 31337, saleRef: saleRows[0]!.id, tokenRef: tokenA, buyer: BOB.address.toLowerCase(), amount: '1', priceWei: '500000000000000000', currency: '0x0000000000000000000000000000000000000000' }])
    .returning({ id: offers.id });

  const image = await server.mediaStore.put(new Uint8Array(PNG_1x1), 'image/png');
  const manifest = await server.mediaStore.put(new TextEncoder().encode(JSON.stringify({ name: 'Images', symbol: 'IMG', tokens: [{ tokenId: 1, name: 'One', metadata: { a: 1 } }] })), 'application/json');
  const sketch = await server.mediaStore.put(new TextEncoder().encode('function setup() {}'), 'text/javascript');

  // DAVE's login bodies: one fully valid (it signs DAVE up the first time it is sent), and signed ones that are
  // wrong in one place, so the SIWE checks past the signature are reached with real signatures.
  const valid = await loginBody(server, DAVE);
  const signedVariants = await Promise.all([
    loginBody(server, DAVE, { message: { domain: 'evil.example' } }),
    loginBody(server, DAVE, { message: { chainId: 1111111111111111 } }),
    loginBody(server, DAVE, { message: { expirationTime: new Date(Date.now() - 60_000), issuedAt: new Date(Date.now() - 120_000) } }),
    loginBody(server, DAVE, { message: { notBefore: new Date(Date.now() + 3_600_000) } }),
    loginBody(server, DAVE, { message: { uri: 'javascript:alert(1)' } }),
    loginBody(server, DAVE, { nonce: 'unknownnonce1234567890' }),
    loginBody(server, DAVE, { signer: BOB }),
    loginBody(server, DAVE, { accountId: '__proto__' }),
    loginBody(server, DAVE, { accountId: '1' }),
    loginBody(server, DAVE, { apiKey: { expires: 1 } }),
    loginBody(server, DAVE, { apiKey: { address: BOB.address } }),
    loginBody(server, DAVE, { apiKey: { expires: 8.64e15 + 1 } }),
  ]);

  const canvases = await seedCanvases(db, image, sketch);
  // Alice's artist profile (the artists' pages; Bob, a creator too, has none) with one article.
  const [artist] = await db.insert(artists).values({ accountId: aliceId, sortKey: 'alice artist', portfolio: { context: '', items: [{ mediaUrl: image, description: 'One' }] } }).returning({ id: artists.id });
  const body = await server.mediaStore.put(new TextEncoder().encode('<p>An article</p>'), 'text/html');
  const articleRows = await db.insert(articles).values({ type: 'interview', title: 'Meet Alice', ipfsHash: body, artistId: artist!.id }).returning({ id: articles.id });
  const exhibitionRows = await db
    .insert(exhibitions)
    .values([
      { title: 'Now showing', cover: image, startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 30 * 86_400_000), exhibitionIntro: 'Intro', curator: 'Ines', isFeatured: true },
      { title: 'Closed', startDate: new Date('2020-01-01T00:00:00Z'), endDate: new Date('2020-02-01T00:00:00Z'), exhibitionIntro: 'undefined', curatorialStatement: 'Statement' },
    ])
    .returning({ id: exhibitions.id });
  await db.insert(exhibitionArtworks).values([
    ...tokens.slice(0, 4).map((token, order) => ({ exhibitionId: exhibitionRows[0]!.id, tokenId: token.id, order, medium: 'Digital' })),
    { exhibitionId: exhibitionRows[1]!.id, tokenId: tokens[5]!.id, order: 0 },
  ]);

  return {
    server,
    db,
    keys: { alice: alice.apiKey, bob: bob.apiKey, banned: carol.apiKey, expired: { address: ALICE.address.toLowerCase(), key: expired.key } },
    spareKeys,
    ids: {
      aliceAccount: String(aliceId),
      aliceAddress: alice.account.address,
      bobAccount: String(bobId),
      tokens: tokens.slice(0, 6).map((token) => String(token.id)),
      collections: {
        own: String(collectionIds.imageId),
        other: String(collectionIds.videoId),
        hidden: String(collectionIds.hiddenId),
        building: String(collectionIds.buildingId),
      },
      collectionAddresses: ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000A2'],
      comments: { own: String(inserted[0]!.id), other: String(inserted[1]!.id), deleted: String(inserted[2]!.id), deepest: String(parent) },
      likes: { own: String(likeRows[0]!.id), other: String(likeRows[1]!.id) },
      saleIds: saleRows.map((row) => String(row.id)),
      offerIds: offerRows.map((row) => String(row.id)),
      media: { image, manifest, sketch },
      canvases,
      articles: articleRows.map((row) => String(row.id)),
      exhibitions: exhibitionRows.map((row) => String(row.id)),
    },
    logins: { valid, signedVariants },
  };
}

/** Canvases in every state for the canvas routes: tokens 1 and 2 in each, a script in the generative one. */
async function seedCanvases(db: Db, image: string, sketch: string): Promise<FuzzContext['ids']['canvases']> {
  const base = { chainId: 31337, symbol: 'CNV', description: 'A canvas.', creator: CREATOR_A, supplyPerToken: 1, royaltiesBasispoints: 500 };
  const generativeAttributes = { index: { seedVariableName: 'seed', entry: 'sketch.js' }, jsLibrary: 'p5', files: [{ name: 'sketch.js', cid: sketch, type: 'text/javascript' }] };
  const rows = await db
    .insert(collections)
    .values([
      { ...base, name: 'Canvas image', mediaType: 'image', state: 'building', shareToken: 'fuzzShareToken0123456789abcdefgh' },
      { ...base, name: 'Canvas generative', mediaType: 'multipart/mixed', state: 'building', attributes: generativeAttributes, shareToken: 'fuzzShareTokenGenerative01234567' },
      { ...base, name: 'Canvas flipcard', mediaType: 'multipart/image', state: 'building', attributes: { display: { layout: 'interactive grid', action: 'click', transition: 'flip', rows: 1, columns: 2 } }, shareToken: 'fuzzShareTokenFlipcard0123456789' },
      { ...base, name: 'Canvas finalized', mediaType: 'image', state: 'finalized', shareToken: 'fuzzShareTokenFinalized012345678' },
      { ...base, name: 'Canvas published', mediaType: 'image', state: 'published', address: '0x00000000000000000000000000000000000000c5', shareToken: 'fuzzShareTokenPublished012345678' },
      { ...base, name: 'Canvas of Bob', mediaType: 'image', state: 'building', creator: CREATOR_B, shareToken: 'fuzzShareTokenBob0123456789abcde' },
    ])
    .returning({ id: collections.id, creator: collections.creator, mediaType: collections.mediaType });
  await db.insert(tokens).values(
    rows.flatMap((row) =>
      ['1', '2'].map((tokenId) => ({ collectionId: row.id, chainId: 31337, tokenId, name: `Token ${tokenId}`, media: row.mediaType === 'multipart/mixed' ? sketch : image, mediaType: row.mediaType, creator: row.creator })),
    ),
  );
  const [imageCanvas, generative, flipcard, finalized, published, other] = rows.map((row) => String(row.id));
  return { image: imageCanvas!, generative: generative!, flipcard: flipcard!, finalized: finalized!, published: published!, other: other!, share: 'fuzzShareToken0123456789abcdefgh' };
}
