// REST under /api/v1/trade: POST /check, the server's check of the trading rules before a wallet transaction, for a
// signed-in account. The handler reads the request and answers; the rules are the trade service's (./service.ts).
import { tradeCheckRequest, type TradeCheckAnswer } from '../../domain/contracts/trade.js';
import { Hono } from 'hono';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { parseInput } from '../http/errors.js';
import { readJson } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { checkTrade } from './service.js';

export function tradeRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  api.use('*', requireAccount(db, { limiter }));

  api.post('/check', async (c) => {
    const input = parseInput(tradeCheckRequest, await readJson(c));
    await checkTrade(db, config, signedInAccount(c).address, input);
    return c.json({ ok: true } satisfies TradeCheckAnswer);
  });

  return api;
}
