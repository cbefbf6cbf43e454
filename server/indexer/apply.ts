// Applies one block range of decoded events to the database inside the caller's transaction.
import type { LiveMessage } from '../../domain/contracts/liveEvents.js';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../db/client.js';
import { accounts, allOutSales, collections, holdings, offers, sales, tokens } from '../db/schema.js';
import { loadPeople, type Ipfs } from '../graphql/people.js';
import { recordActivity, type ActivityMemory } from './activityRows.js';
import type { CollectionFacts, IndexedLog } from './logs.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A socket.io broadcast produced by the range, sent only after its transaction commits: its payload is the one
 * its contract names (domain/contracts/liveEvents.ts). */
export type LiveEvent = LiveMessage;

export interface RangeContext {
  chainId: number;
  marketplace: string; // lower-case
  facts: Map<string, CollectionFacts>; // by lower-case collection address
  /** The media URL prefixes (the public config's ipfs): live documents carry people's avatar URLs as the API reads do. */
  ipfs: Ipfs;
  /** Collected when given: collections the range published from a row written before (a studio canvas, the seed's). */
  published?: number[];
}

type ApplyContext = RangeContext & ActivityMemory;

const ZERO = '0x0000000000000000000000000000000000000000';
const lower = (a: Address | string) => a.toLowerCase();

async function collectionByAddress(tx: Tx, ctx: RangeContext, address: string) {
  const [row] = await tx.select().from(collections).where(and(eq(collections.chainId, ctx.chainId), eq(collections.address, lower(address))));
  return row ?? null;
}

async function tokenRow(tx: Tx, collectionId: number, tokenId: bigint) {
  const [row] = await tx.select({ id: tokens.id }).from(tokens).where(and(eq(tokens.collectionId, collectionId), eq(tokens.tokenId, tokenId.toString())));
  return row ?? null;
}

async function saleRow(tx: Tx, ctx: RangeContext, saleId: bigint) {
  const [row] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.chainId, ctx.chainId), eq(sales.marketplace, ctx.marketplace), eq(sales.saleId, saleId.toString())));
  return row ?? null;
}

/**
 * Price and sold flags of a token, from its sales:
 * price_wei = lowest price among active listings (not cancelled, not sold out), null when none;
 * listed_at = creation time of the newest active listing; is_sold = no active listing and at least one
 * unit of it was sold through the marketplace; last_sold_at, last_sale_wei = block time and unit price of the newest
 * sale among the token's activity rows (a listing bought or an offer accepted), null when never sold. The collection
 * is sold out when every token is sold.
 */
async function refreshToken(tx: Tx, tokenRef: number): Promise<TokenState> {
  await tx.execute(sql`
    UPDATE tokens t SET
      price_wei = a.min_price,
      listed_at = a.newest,
      is_sold = (a.min_price IS NULL AND EXISTS (SELECT 1 FROM sales s WHERE s.token_ref = t.id AND s.sold_amount > 0)),
      last_sold_at = last.block_time,
      last_sale_wei = last.price_wei,
      updated_at = now()
    FROM (
      SELECT min(s.price_wei) AS min_price, max(s.created_at) AS newest
      FROM sales s WHERE s.token_ref = ${tokenRef} AND NOT s.was_cancelled AND s.sold_amount < s.amount
    ) a
    LEFT JOIN LATERAL (
      SELECT ac.block_time, ac.price_wei FROM activity ac
      WHERE ac.token_ref = ${tokenRef} AND ac.type IN ('listing_sold', 'offer_sold') ORDER BY ac.id DESC LIMIT 1
    ) last ON true
    WHERE t.id = ${tokenRef}`);
  await tx.execute(sql`
    UPDATE collections c SET sold_out = NOT EXISTS (SELECT 1 FROM tokens t WHERE t.collection_id = c.id AND NOT t.is_sold)
    WHERE c.id = (SELECT collection_id FROM tokens WHERE id = ${tokenRef})`);
  return tokenState(tx, tokenRef);
}

/** What a live event says about its token after the change: clients patch cards with it (docs/requirements.md#live-events effects). */
interface TokenState {
  tokenPrice: string | null;
  isSold: boolean;
}

async function tokenState(tx: Tx, tokenRef: number): Promise<TokenState> {
  const [row] = await tx.select({ priceWei: tokens.priceWei, isSold: tokens.isSold }).from(tokens).where(eq(tokens.id, tokenRef));
  return { tokenPrice: row?.priceWei ?? null, isSold: row?.isSold ?? false };
}

// Ids travel as strings: token_id is the token's database id as a string (brief, "Live socket events").
const id = (n: number | string) => String(n);

async function createdCollection(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CreatedCollection' }>, live: LiveEvent[]) {
  const { collection, creator, name, symbol, tokenCount } = log.args;
  const facts = ctx.facts.get(lower(collection));
  const published = {
    address: lower(collection),
    state: 'published' as const,
    publishedAt: log.blockTime,
    tokenCount: Number(tokenCount),
    ...(facts && { baseUri: facts.baseUri, supplyPerToken: facts.supplyPerToken, royaltiesBasispoints: facts.royaltiesBasispoints }),
  };
  // The studio or the seed wrote the row before publishing: by address once known, else by its unique base URI.
  let row = await collectionByAddress(tx, ctx, collection);
  if (!row && facts) {
    [row] = await tx
      .select()
      .from(collections)
      .where(and(eq(collections.chainId, ctx.chainId), isNull(collections.address), eq(collections.creator, lower(creator)), eq(collections.baseUri, facts.baseUri)))
      .limit(1);
  }
  let collectionId: number;
  let mediaType: string;
  if (row) {
    await tx.update(collections).set({ ...published, updatedAt: new Date() }).where(eq(collections.id, row.id));
    collectionId = row.id;
    mediaType = row.mediaType;
    ctx.published?.push(row.id);
  } else {
    const m = facts?.manifest;
    mediaType = m?.mediaType ?? 'image';
    const [inserted] = await tx
      .insert(collections)
      .values({
        ...published, chainId: ctx.chainId, name: m?.name ?? name, symbol: m?.symbol ?? symbol, creator: lower(creator), mediaType,
        description: m?.description ?? '', cover: m?.cover ?? null, thumbnail: m?.thumbnail ?? null, attributes: m?.attributes ?? null,
      })
      .returning({ id: collections.id });
    collectionId = inserted!.id;
  }
  const described = new Map((row ? [] : facts?.manifest?.tokens ?? []).map((t) => [t.tokenId, t]));
  const baseName = row?.name ?? facts?.manifest?.name ?? name;
  const missing = Array.from({ length: Number(tokenCount) }, (_, i) => {
    const t = described.get(i + 1);
    return {
      collectionId, chainId: ctx.chainId, tokenId: String(i + 1), name: t?.name ?? `${baseName} #${i + 1}`, mediaType, creator: lower(creator),
      description: t?.description ?? null, media: t?.media ?? null, thumbnail: t?.thumbnail ?? null, filename: t?.filename ?? null,
      attributes: t?.attributes ?? null, metadata: t?.metadata ?? null,
    };
  });
  for (let i = 0; i < missing.length; i += 1000) {
    await tx.insert(tokens).values(missing.slice(i, i + 1000)).onConflictDoNothing({ target: [tokens.collectionId, tokens.tokenId] });
  }
  // The creator's account exists (its profile resolves); its creator flag comes from CreatedCreator / RemovedCreator only.
  await tx.insert(accounts).values({ address: lower(creator) }).onConflictDoNothing({ target: accounts.address });
  const doc = { _id: id(collectionId), creator: lower(creator), address: lower(collection), name: baseName, tokenCount: Number(tokenCount), chainId: ctx.chainId };
  // The creator's studio waits for this: the collection is on chain and indexed, so its pages can open. (PublishReady
  // is /publish's, sent once before the wallet step: docs/requirements.md#studio-publish.)
  live.push({ name: 'CreatedCollection', doc });
}

/**
 * The factory owner registered (CreatedCreator) or removed (RemovedCreator) a creator: the only source of an
 * account's isCreator flag (the platform is curated; publishing a collection does not make anyone a creator).
 */
async function creatorChanged(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CreatedCreator' | 'RemovedCreator' }>, live: LiveEvent[]) {
  const creator = lower(log.args.creator);
  const isCreator = log.eventName === 'CreatedCreator';
  const [row] = await tx
    .insert(accounts)
    .values({ address: creator, isCreator })
    .onConflictDoUpdate({ target: accounts.address, set: { isCreator, updatedAt: new Date() } })
    .returning({ id: accounts.id });
  live.push({ name: log.eventName, doc: { _id: id(row!.id), creator, account_id: creator, chainId: ctx.chainId } });
}

/** A marketplace owner (the deployer, or one an owner added): known as an account so its profile resolves. */
async function createdOwner(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CreatedOwner' }>, live: LiveEvent[]) {
  const owner = lower(log.args.owner);
  const [row] = await tx
    .insert(accounts)
    .values({ address: owner })
    .onConflictDoUpdate({ target: accounts.address, set: { updatedAt: new Date() } })
    .returning({ id: accounts.id });
  live.push({ name: 'CreatedOwner', doc: { _id: id(row!.id), account_id: owner, owner, marketplace: ctx.marketplace, chainId: ctx.chainId } });
}

async function moveUnits(tx: Tx, tokenRef: number, from: string, to: string, value: bigint) {
  const amount = value.toString();
  if (from !== ZERO) {
    await tx.update(holdings).set({ amount: sql`${holdings.amount} - ${amount}`, updatedAt: new Date() }).where(and(eq(holdings.tokenId, tokenRef), eq(holdings.owner, from)));
    await tx.delete(holdings).where(and(eq(holdings.tokenId, tokenRef), eq(holdings.owner, from), sql`${holdings.amount} <= 0`));
  }
  if (to !== ZERO) {
    await tx
      .insert(holdings)
      .values({ tokenId: tokenRef, owner: to, amount })
      .onConflictDoUpdate({ target: [holdings.tokenId, holdings.owner], set: { amount: sql`${holdings.amount} + ${amount}`, updatedAt: new Date() } });
  }
}

async function transfer(tx: Tx, ctx: ApplyContext, log: Extract<IndexedLog, { eventName: 'TransferSingle' | 'TransferBatch' }>, live: LiveEvent[]) {
  const collection = await collectionByAddress(tx, ctx, log.address);
  if (!collection) return;
  const from = lower(log.args.from);
  const to = lower(log.args.to);
  const pairs = log.eventName === 'TransferSingle' ? [[log.args.id, log.args.value] as const] : log.args.ids.map((id, i) => [id, log.args.values[i]!] as const);
  for (const [tokenId, value] of pairs) {
    const token = await tokenRow(tx, collection.id, tokenId);
    if (!token) continue;
    await moveUnits(tx, token.id, from, to, value);
    // A sale's units move after its Sold: that row tells it. Any other move is a mint (from nobody) or a transfer.
    if (!ctx.soldTransfers.has(`${log.transactionHash}:${token.id}:${from}:${to}`)) {
      await recordActivity(tx, ctx, log, {
        type: from === ZERO ? 'mint' : 'transfer', tokenRef: token.id, collectionId: collection.id,
        from: from === ZERO ? null : from, to: to === ZERO ? null : to, amount: value.toString(),
      });
    }
    if (log.eventName === 'TransferSingle') {
      live.push({ name: 'TransferSingle', doc: { _id: id(token.id), token_id: id(token.id), tokenId: tokenId.toString(), seller: from, buyer: to, owner: to, amount: value.toString(), collection: collection.address, chainId: ctx.chainId } });
    }
  }
}

/**
 * The collection's royalties changed on chain (the creator's royalties controls): the stored rate follows the contract, so lists and
 * token pages that read the database show what a sale pays. The recipient has no column (the contract is its source).
 * The constructor's own RoyaltiesChanged (same transaction as CreatedCollection) only repeats the creation value.
 */
async function royaltiesChanged(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'RoyaltiesChanged' }>) {
  await tx
    .update(collections)
    .set({ royaltiesBasispoints: Number(log.args.basispoints), updatedAt: new Date() })
    .where(and(eq(collections.chainId, ctx.chainId), eq(collections.address, lower(log.address))));
}

async function createdSale(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CreatedSale' }>, live: LiveEvent[]) {
  const a = log.args;
  const collection = await collectionByAddress(tx, ctx, a.collection);
  const token = collection && (await tokenRow(tx, collection.id, a.tokenId));
  if (!collection || !token) return;
  const [sale] = await tx
    .insert(sales)
    .values({
      chainId: ctx.chainId, marketplace: ctx.marketplace, saleId: a.saleId.toString(),
      allOutSaleId: a.allOutSaleId === 0n ? null : a.allOutSaleId.toString(),
      tokenRef: token.id, collectionId: collection.id, seller: lower(a.seller), amount: a.amount.toString(),
      priceWei: a.price.toString(), currency: lower(a.currency), createdAt: log.blockTime,
    })
    .onConflictDoNothing({ target: [sales.chainId, sales.marketplace, sales.saleId] })
    .returning({ id: sales.id });
  if (!sale) return;
  await recordActivity(tx, ctx, log, {
    type: 'listing_created', tokenRef: token.id, collectionId: collection.id, from: lower(a.seller), to: null, amount: a.amount.toString(),
    priceWei: a.price.toString(), currency: lower(a.currency),
  });
  const before = await tokenState(tx, token.id);
  const after = await refreshToken(tx, token.id);
  live.push({
    name: 'CreatedSale',
    doc: {
      _id: id(sale.id), token_id: id(token.id), sale_id: a.saleId.toString(), seller: lower(a.seller), price: a.price.toString(), amount: a.amount.toString(),
      all_out_sale_id: a.allOutSaleId === 0n ? null : a.allOutSaleId.toString(), previousPrice: before.tokenPrice, ...after, chainId: ctx.chainId,
    },
  });
}

async function createdAllOutSale(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CreatedAllOutSale' }>, live: LiveEvent[]) {
  const a = log.args;
  const collection = await collectionByAddress(tx, ctx, a.collection);
  if (!collection) return;
  const [row] = await tx
    .insert(allOutSales)
    .values({ chainId: ctx.chainId, marketplace: ctx.marketplace, allOutSaleId: a.allOutSaleId.toString(), collectionId: collection.id, seller: lower(a.seller), priceWei: a.price.toString(), currency: lower(a.currency), createdAt: log.blockTime })
    .onConflictDoNothing({ target: [allOutSales.chainId, allOutSales.marketplace, allOutSales.allOutSaleId] })
    .returning({ id: allOutSales.id });
  if (row) live.push({ name: 'CreatedAllOutSale', doc: { _id: id(row.id), all_out_sale_id: a.allOutSaleId.toString(), seller: lower(a.seller), collection_id: id(collection.id), price: a.price.toString(), chainId: ctx.chainId } });
}

async function cancelledSale(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CancelledSale' }>, live: LiveEvent[]) {
  const sale = await saleRow(tx, ctx, log.args.saleId);
  if (!sale || sale.wasCancelled) return;
  await tx.update(sales).set({ wasCancelled: true, updatedAt: new Date() }).where(eq(sales.id, sale.id));
  await tx.update(offers).set({ state: 'invalidated', updatedAt: new Date() }).where(and(eq(offers.saleRef, sale.id), eq(offers.state, 'made')));
  await recordActivity(tx, ctx, log, {
    type: 'listing_cancelled', tokenRef: sale.tokenRef, collectionId: sale.collectionId, from: sale.seller, to: null,
    amount: (BigInt(sale.amount) - BigInt(sale.soldAmount)).toString(), priceWei: sale.priceWei, currency: sale.currency,
  });
  const after = await refreshToken(tx, sale.tokenRef);
  live.push({ name: 'CancelledSale', doc: { _id: id(sale.id), token_id: id(sale.tokenRef), sale_id: sale.saleId, seller: sale.seller, price: sale.priceWei, ...after, chainId: ctx.chainId } });
}

async function cancelledAllOutSale(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'CancelledAllOutSale' }>, live: LiveEvent[]) {
  const [row] = await tx
    .update(allOutSales)
    .set({ wasCancelled: true, updatedAt: new Date() })
    .where(and(eq(allOutSales.chainId, ctx.chainId), eq(allOutSales.marketplace, ctx.marketplace), eq(allOutSales.allOutSaleId, log.args.allOutSaleId.toString())))
    .returning({ id: allOutSales.id, seller: allOutSales.seller, collectionId: allOutSales.collectionId });
  if (row) live.push({ name: 'CancelledAllOutSale', doc: { _id: id(row.id), all_out_sale_id: log.args.allOutSaleId.toString(), seller: row.seller, collection_id: id(row.collectionId), chainId: ctx.chainId } });
}

async function offerMade(tx: Tx, ctx: RangeContext, log: Extract<IndexedLog, { eventName: 'OfferMade' }>, live: LiveEvent[]) {
  const a = log.args;
  const sale = await saleRow(tx, ctx, a.saleId);
  if (!sale) return;
  const buyer = lower(a.buyer);
  // One open offer per (sale, buyer): a new one replaces the old, whose escrow the contract refunded.
  await tx.update(offers).set({ state: 'retracted', updatedAt: new Date() }).where(and(eq(offers.saleRef, sale.id), eq(offers.buyer, buyer), eq(offers.state, 'made')));
  const [offer] = await tx
    .insert(offers)
    .values({ chainId: ctx.chainId, saleRef: sale.id, tokenRef: sale.tokenRef, buyer, amount: a.amount.toString(), priceWei: a.price.toString(), currency: lower(a.currency), createdAt: log.blockTime })
    .returning({ id: offers.id });
  await recordActivity(tx, ctx, log, {
    type: 'offer_created', tokenRef: sale.tokenRef, collectionId: sale.collectionId, from: buyer, to: sale.seller, amount: a.amount.toString(),
    priceWei: a.price.toString(), currency: lower(a.currency),
  });
  live.push({ name: 'OfferMade', doc: { _id: id(offer!.id), token_id: id(sale.tokenRef), sale_id: sale.saleId, buyer, seller: sale.seller, price: a.price.toString(), amount: a.amount.toString(), chainId: ctx.chainId } });
}

async function offerClosed(tx: Tx, ctx: ApplyContext, log: Extract<IndexedLog, { eventName: 'OfferRetracted' | 'OfferAccepted' }>, live: LiveEvent[]) {
  const sale = await saleRow(tx, ctx, log.args.saleId);
  if (!sale) return;
  const buyer = lower(log.args.buyer);
  const retracted = log.eventName === 'OfferRetracted';
  const open = retracted ? inArray(offers.state, ['made', 'invalidated']) : eq(offers.state, 'made');
  const changed = await tx
    .update(offers)
    .set({ state: retracted ? 'retracted' : 'accepted', updatedAt: new Date() })
    .where(and(eq(offers.saleRef, sale.id), eq(offers.buyer, buyer), open))
    .returning({ id: offers.id, amount: offers.amount, priceWei: offers.priceWei, currency: offers.currency });
  // The accepted offer's row is the sale's (the Sold after it in the same transaction).
  if (!retracted) ctx.acceptedOffers.add(`${log.transactionHash}:${sale.saleId}:${buyer}`);
  if (retracted && changed[0]) {
    const offer = changed[0];
    await recordActivity(tx, ctx, log, {
      type: 'offer_cancelled', tokenRef: sale.tokenRef, collectionId: sale.collectionId, from: buyer, to: sale.seller, amount: offer.amount,
      priceWei: offer.priceWei, currency: offer.currency,
    });
    live.push({ name: 'OfferRetracted', doc: { _id: id(changed[0].id), token_id: id(sale.tokenRef), sale_id: sale.saleId, buyer, seller: sale.seller, chainId: ctx.chainId } });
  }
}

async function sold(tx: Tx, ctx: ApplyContext, log: Extract<IndexedLog, { eventName: 'Sold' }>, live: LiveEvent[]) {
  const a = log.args;
  const sale = await saleRow(tx, ctx, a.saleId);
  if (!sale) return;
  const [updated] = await tx
    .update(sales)
    .set({ soldAmount: sql`${sales.soldAmount} + ${a.amount.toString()}`, updatedAt: new Date() })
    .where(eq(sales.id, sale.id))
    .returning({ soldAmount: sales.soldAmount, amount: sales.amount });
  // A sold-out listing accepts no more offers: the open ones can only be retracted now.
  if (updated && BigInt(updated.soldAmount) >= BigInt(updated.amount)) {
    await tx.update(offers).set({ state: 'invalidated', updatedAt: new Date() }).where(and(eq(offers.saleRef, sale.id), eq(offers.state, 'made')));
  }
  const buyer = lower(a.buyer);
  const seller = lower(a.seller);
  await recordActivity(tx, ctx, log, {
    type: ctx.acceptedOffers.has(`${log.transactionHash}:${sale.saleId}:${buyer}`) ? 'offer_sold' : 'listing_sold',
    tokenRef: sale.tokenRef, collectionId: sale.collectionId, from: seller, to: buyer, amount: a.amount.toString(),
    priceWei: a.price.toString(), currency: lower(a.currency),
  });
  ctx.soldTransfers.add(`${log.transactionHash}:${sale.tokenRef}:${seller}:${buyer}`);
  const after = await refreshToken(tx, sale.tokenRef);
  // The new owner as a GraphQL read gives them (names and avatar URL), so a live page shows them as after a reload.
  const ownerInfo = (await loadPeople(tx, ctx.ipfs, [buyer]))(buyer);
  live.push({
    name: 'Sold',
    doc: {
      _id: id(sale.id), token_id: id(sale.tokenRef), sale_id: sale.saleId, buyer, seller: lower(a.seller), owner: buyer, ownerInfo,
      price: a.price.toString(), amount: a.amount.toString(), ...after, chainId: ctx.chainId,
    },
  });
}

/** Applies the range: factory events first (their collections' mint transfers precede them in the log order). */
export async function applyRange(tx: Tx, range: RangeContext, factoryLogs: IndexedLog[], tradeLogs: IndexedLog[]): Promise<LiveEvent[]> {
  const live: LiveEvent[] = [];
  const ctx: ApplyContext = { ...range, acceptedOffers: new Set(), soldTransfers: new Set() };
  for (const log of factoryLogs) {
    if (log.eventName === 'CreatedCreator' || log.eventName === 'RemovedCreator') await creatorChanged(tx, ctx, log, live);
    else if (log.eventName === 'CreatedCollection') await createdCollection(tx, ctx, log, live);
  }
  for (const log of tradeLogs) {
    switch (log.eventName) {
      case 'CreatedOwner': await createdOwner(tx, ctx, log, live); break;
      case 'TransferSingle':
      case 'TransferBatch': await transfer(tx, ctx, log, live); break;
      case 'RoyaltiesChanged': await royaltiesChanged(tx, ctx, log); break;
      case 'CreatedSale': await createdSale(tx, ctx, log, live); break;
      case 'CreatedAllOutSale': await createdAllOutSale(tx, ctx, log, live); break;
      case 'CancelledSale': await cancelledSale(tx, ctx, log, live); break;
      case 'CancelledAllOutSale': await cancelledAllOutSale(tx, ctx, log, live); break;
      case 'OfferMade': await offerMade(tx, ctx, log, live); break;
      case 'OfferRetracted':
      case 'OfferAccepted': await offerClosed(tx, ctx, log, live); break;
      case 'Sold': await sold(tx, ctx, log, live); break;
      default: break;
    }
  }
  return live;
}
