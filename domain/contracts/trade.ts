// POST /api/v1/trade/check: the server's go-ahead before a trade is sent to the chain (a refusal is an HttpError).
import * as z from 'zod/mini';

export const tradeCheckAnswer = z.object({ ok: z.literal(true) });
export type TradeCheckAnswer = z.infer<typeof tradeCheckAnswer>;
