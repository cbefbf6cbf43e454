// POST /api/v1/trade/check: the server's go-ahead before a trade is sent to the chain (a refusal is an HttpError).
import * as z from 'zod/mini';
import { wireId, wireText } from './wire';

/** An on-chain uint (a sale id, a token id): decimal digits; read as canonical decimal text. */
const chainUint = z.pipe(wireText, z.pipe(z.string().check(z.regex(/^\d{1,78}$/, 'must be a decimal integer')), z.transform((value: string) => BigInt(value).toString())));

export const TRADE_CHECK_KINDS = ['order', 'offer', 'list', 'listCollection'] as const;
export type TradeCheckKind = (typeof TRADE_CHECK_KINDS)[number];

/**
 * The request body. The token or collection is named by its database id (token_id, container_id) or, when that is
 * not known, on chain (`collection` + `tokenId`); `price` is per unit in the native currency as decimal text
 * ("0.05"), checked with the form's price rule (missing reads as an empty field: 'Required Field').
 */
export const tradeCheckRequest = z.object({
  kind: z.enum(TRADE_CHECK_KINDS),
  // chain_id is a 32-bit integer column: a larger id is bad input, not a database error.
  chainId: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
  token_id: z.optional(z.nullable(wireId)),
  saleId: z.optional(z.nullable(chainUint)),
  container_id: z.optional(z.nullable(wireId)),
  collection: z.optional(
    z.nullable(z.pipe(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')), z.transform((address: string) => address.toLowerCase()))),
  ),
  tokenId: z.optional(z.nullable(chainUint)),
  price: z.optional(z.nullable(wireText)),
});
/** What a client sends; the server reads ids as numbers and on-chain ids as canonical text. */
export type TradeCheckRequest = z.input<typeof tradeCheckRequest>;

export const tradeCheckAnswer = z.object({ ok: z.literal(true) });
export type TradeCheckAnswer = z.infer<typeof tradeCheckAnswer>;
