// REST under /api/v1/trade: POST /check, the server's check of the trading rules before a wallet transaction, for a
// signed-in account. The handler reads the request and answers; the rules are the trade service's (./service.ts).
import type { TradeCheckAnswer } from '../../domain/contracts/trade.js';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { parseInput } from '../http/errors.js';
import { readJson } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { checkTrade } from './service.js';

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

export function tradeRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  api.use('*', requireAccount(db, { limiter }));

  api.post('/check', async (c) => {
    const input = parseInput(checkSchema, await readJson(c));
    await checkTrade(db, config, signedInAccount(c).address, input);
    return c.json({ ok: true } satisfies TradeCheckAnswer);
  });

  return api;
}
