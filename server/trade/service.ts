// The trade service: the server's check of the trading rules before a wallet transaction (POST /api/v1/trade/check,
// ./routes.ts). The rules and messages are the ones the client applies (domain/trading.ts, domain/price.ts). A sale,
// token or collection the caller may not see (server/studio/visibility.ts) is answered as an unknown one (404).
import { and, eq } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
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
import { isBanned } from '../accounts/store.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { collections, tokens } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { findSale, findVisibleCollection, findVisibleTokenId, holdsAny } from './queries.js';

/** What a check is about: an order or offer on a sale, a token listing, or a whole collection's listing. */
export interface CheckInput {
  kind: 'order' | 'offer' | 'list' | 'listCollection';
  chainId: number;
  /** The token's row id. */
  token_id?: number | null;
  /** The sale's on-chain id (decimal). */
  saleId?: string | null;
  /** The collection's row id. */
  container_id?: number | null;
  /** The collection's address, lower case. */
  collection?: string | null;
  /** The token's on-chain id within the collection (decimal). */
  tokenId?: string | null;
  price?: string | null;
}

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

async function checkOrder(db: Db, config: ServerConfig, viewer: Viewer & { address: string }, input: CheckInput & { kind: 'order' | 'offer' }) {
  if (!input.saleId) throw new ApiError(400, 'invalid_input', 'An order or offer needs the saleId.');
  const marketplace = config.public.evms.find((evm) => evm.chainId === input.chainId)?.contracts.marketplace?.toLowerCase();
  const sale = await findSale(db, input.chainId, input.saleId, marketplace, viewer.address);
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
  const tokenId = await findVisibleTokenId(db, where, viewer.address);
  if (tokenId === null) throw notFound('token');
  refuse(listBlock('list', viewer, { viewerHolds: await holdsAny(db, viewer.address, eq(tokens.id, tokenId)) }));
}

async function checkCollectionListing(db: Db, viewer: Viewer & { address: string }, input: CheckInput & { kind: 'listCollection' }) {
  let where;
  if (input.container_id) where = eq(collections.id, input.container_id);
  else if (input.collection) where = eq(collections.address, input.collection);
  else throw new ApiError(400, 'invalid_input', 'A collection listing needs container_id or collection.');
  const collection = await findVisibleCollection(db, where, input.chainId, viewer.address);
  if (!collection) throw notFound('collection');
  const viewerHolds = await holdsAny(db, viewer.address, eq(tokens.collectionId, collection.id));
  refuse(listBlock('listCollection', viewer, { viewerHolds, creator: collection.creator }));
}

/**
 * Refuses (throws the ApiError the REST answer carries) what the rules would refuse the viewer, in this order: banned,
 * then the price rule, then the sale / token / collection rules.
 */
export async function checkTrade(db: Db, config: ServerConfig, address: string, input: CheckInput): Promise<void> {
  const viewer = { address, registered: true, banned: await isBanned(db, address) };
  refuse(viewerBlock(input.kind, viewer));
  const priceProblem = priceError(input.price);
  if (priceProblem) refuse({ message: priceProblem });
  if (input.kind === 'order' || input.kind === 'offer') await checkOrder(db, config, viewer, { ...input, kind: input.kind });
  else if (input.kind === 'list') await checkListing(db, viewer, { ...input, kind: input.kind });
  else await checkCollectionListing(db, viewer, { ...input, kind: input.kind });
}
