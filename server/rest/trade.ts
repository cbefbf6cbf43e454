// REST under /api/v1/trade (issue 6): the server's check of the trading rules before a wallet transaction.
// The rules and messages are the ones the client applies (domain/trading.ts, domain/price.ts). A sale, token or
// collection the caller may not see (server/studio/visibility.ts) is answered as an unknown one (404).
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { ACCOUNT_BANNED_MESSAGE, MINIMUM_PRICE_MESSAGE, REQUIRED_FIELD_MESSAGE, SELLER_CANNOT_ORDER_MESSAGE } from '../../domain/messages.js';
import { PRICE_STEP_MESSAGE, priceError } from '../../domain/price.js';
import {
  ALREADY_OWNED_MESSAGE,
  listBlock,
  NOT_COLLECTION_CREATOR_MESSAGE,
  NOT_TOKEN_OWNER_MESSAGE,
  NOTHING_TO_LIST_MESSAGE,
  orderBlock,
  SALE_CLOSED_MESSAGE,
  viewerBlock,
  type OrderBlock,
  type Viewer,
} from '../../domain/trading.js';
import { isBanned, requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { collections, holdings, sales, tokens } from '../db/schema.js';
import { ApiError, parseInput } from '../http/errors.js';
import { readJson } from '../http/body.js';
import { collectionVisibleTo } from '../studio/visibility.js';
import type { RestRouteOptions } from './routeOptions.js';

const dbId = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[1-9]\d{0,15}$/, 'must be a database id')).transform(Number);
const uint = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{1,78}$/, 'must be a decimal integer')).transform((v) => BigInt(v).toString());

const checkSchema = z.object({
  kind: z.enum(['order', 'offer', 'list', 'listCollection']),
  // chain_id is a 32-bit integer column: a larger id is bad input, not a database error.
  chainId: z.coerce.number().int().positive().max(2_147_483_647),
  token_id: dbId.nullish(),
  saleId: uint.nullish(),
  container_id: dbId.nullish(),
  collection: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address').transform((a) => a.toLowerCase()).nullish(),
  tokenId: uint.nullish(),
  // Missing or null reads as an empty field: the price rule answers 'Required Field'.
  price: z.union([z.string(), z.number()]).transform(String).nullish(),
});
type CheckInput = z.infer<typeof checkSchema>;

// Every refusal the shared rules can give, as a status and an error code.
const REFUSALS: Record<string, [ContentfulStatusCode, string]> = {
  [ACCOUNT_BANNED_MESSAGE]: [403, 'banned'],
  [SELLER_CANNOT_ORDER_MESSAGE]: [403, 'seller_cannot_order'],
  [ALREADY_OWNED_MESSAGE]: [403, 'already_owned'],
  [NOT_TOKEN_OWNER_MESSAGE]: [403, 'not_token_owner'],
  [NOT_COLLECTION_CREATOR_MESSAGE]: [403, 'not_collection_creator'],
  [NOTHING_TO_LIST_MESSAGE]: [409, 'nothing_to_list'],
  [REQUIRED_FIELD_MESSAGE]: [400, 'invalid_price'],
  [MINIMUM_PRICE_MESSAGE]: [400, 'invalid_price'],
  [PRICE_STEP_MESSAGE]: [400, 'invalid_price'],
};

function refuse(block: OrderBlock | { message: string } | null): void {
  if (!block) return;
  const [status, code] = REFUSALS[block.message] ?? [403, 'forbidden'];
  throw new ApiError(status, code, block.message);
}

const notFound = (what: string) => new ApiError(404, `${what}_not_found`, `${what.charAt(0).toUpperCase()}${what.slice(1)} not found.`);

/** True when `owner` holds units of any token matching `where` (one token, or every token of a collection). */
async function holdsAny(db: Db, owner: string, where: ReturnType<typeof eq>): Promise<boolean> {
  const [row] = await db
    .select({ id: holdings.id })
    .from(holdings)
    .innerJoin(tokens, eq(tokens.id, holdings.tokenId))
    .where(and(where, eq(holdings.owner, owner), gt(holdings.amount, '0')))
    .limit(1);
  return !!row;
}

/** The sale by on-chain id on this chain (this deployment's marketplace when known), with its token row id. */
async function findSale(db: Db, config: ServerConfig, chainId: number, saleId: string, viewer: string) {
  const marketplace = config.public.evms.find((evm) => evm.chainId === chainId)?.contracts.marketplace?.toLowerCase();
  const [row] = await db
    .select({ tokenRef: sales.tokenRef, seller: sales.seller, wasCancelled: sales.wasCancelled, left: sql<string>`${sales.amount} - ${sales.soldAmount}` })
    .from(sales)
    .where(
      and(
        eq(sales.chainId, chainId),
        eq(sales.saleId, saleId),
        marketplace ? eq(sales.marketplace, marketplace) : undefined,
        collectionVisibleTo(sales.collectionId, viewer),
      ),
    )
    .orderBy(desc(sales.id))
    .limit(1);
  return row ?? null;
}

async function checkOrder(db: Db, config: ServerConfig, viewer: Viewer & { address: string }, input: CheckInput & { kind: 'order' | 'offer' }) {
  if (!input.saleId) throw new ApiError(400, 'invalid_input', 'An order or offer needs the saleId.');
  const sale = await findSale(db, config, input.chainId, input.saleId, viewer.address);
  if (!sale) throw notFound('sale');
  if (input.token_id && input.token_id !== sale.tokenRef) throw new ApiError(400, 'token_mismatch', 'The sale is not a sale of this token.');
  if (sale.wasCancelled || BigInt(sale.left) <= 0n) throw new ApiError(409, 'sale_closed', SALE_CLOSED_MESSAGE);
  const viewerHolds = await holdsAny(db, viewer.address, eq(tokens.id, sale.tokenRef));
  refuse(orderBlock(input.kind, viewer, { seller: sale.seller, owner: null, viewerHolds }));
}

async function checkListing(db: Db, viewer: Viewer & { address: string }, input: CheckInput & { kind: 'list' }) {
  let where;
  if (input.token_id) where = and(eq(tokens.id, input.token_id), eq(tokens.chainId, input.chainId));
  else if (input.collection && input.tokenId) where = and(eq(collections.address, input.collection), eq(tokens.chainId, input.chainId), eq(tokens.tokenId, input.tokenId));
  else throw new ApiError(400, 'invalid_input', 'A listing needs token_id, or collection with tokenId.');
  const [token] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .innerJoin(collections, eq(collections.id, tokens.collectionId))
    .where(and(where, collectionVisibleTo(tokens.collectionId, viewer.address)))
    .limit(1);
  if (!token) throw notFound('token');
  refuse(listBlock('list', viewer, { viewerHolds: await holdsAny(db, viewer.address, eq(tokens.id, token.id)) }));
}

async function checkCollectionListing(db: Db, viewer: Viewer & { address: string }, input: CheckInput & { kind: 'listCollection' }) {
  let where;
  if (input.container_id) where = eq(collections.id, input.container_id);
  else if (input.collection) where = eq(collections.address, input.collection);
  else throw new ApiError(400, 'invalid_input', 'A collection listing needs container_id or collection.');
  const [collection] = await db
    .select({ id: collections.id, creator: collections.creator })
    .from(collections)
    .where(and(where, eq(collections.chainId, input.chainId), collectionVisibleTo(collections.id, viewer.address)))
    .limit(1);
  if (!collection) throw notFound('collection');
  const viewerHolds = await holdsAny(db, viewer.address, eq(tokens.collectionId, collection.id));
  refuse(listBlock('listCollection', viewer, { viewerHolds, creator: collection.creator }));
}

export function tradeRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  api.use('*', requireAccount(db, { limiter }));

  // Order of the answers: banned, then the price rule, then the sale / token / collection rules.
  api.post('/check', async (c) => {
    const auth = signedInAccount(c);
    const input = parseInput(checkSchema, await readJson(c));
    const viewer = { address: auth.address, registered: true, banned: await isBanned(db, auth.address) };
    refuse(viewerBlock(input.kind, viewer));
    const priceProblem = priceError(input.price);
    if (priceProblem) refuse({ message: priceProblem });
    if (input.kind === 'order' || input.kind === 'offer') await checkOrder(db, config, viewer, { ...input, kind: input.kind });
    else if (input.kind === 'list') await checkListing(db, viewer, { ...input, kind: input.kind });
    else await checkCollectionListing(db, viewer, { ...input, kind: input.kind });
    return c.json({ ok: true });
  });

  return api;
}
