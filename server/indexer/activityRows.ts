// The activity rows the indexer writes with the state each log changes (server/db/schema/indexer.ts: activity):
// where the log stands on chain, and what a range remembers so that an accepted offer's sale and a sale's own
// transfer of units are told as one row.
import { activity, type ActivityType } from '../db/schema.js';
import type { RangeContext, Tx } from './apply.js';
import type { IndexedLog } from './logs.js';

/** What the range's activity rows need of the logs before them (applyRange makes it anew for each range). */
export interface ActivityMemory {
  /** OfferAccepted seen: `${transaction}:${saleId}:${buyer}`; the Sold after it is that offer's sale. */
  acceptedOffers: Set<string>;
  /** Sold seen: `${transaction}:${token}:${seller}:${buyer}`; the transfer of units after it is the sale's own. */
  soldTransfers: Set<string>;
}

/** One activity row (server/db/schema: activity), where the log stands on chain. */
export async function recordActivity(
  tx: Tx,
  ctx: RangeContext,
  log: IndexedLog,
  row: { type: ActivityType; tokenRef: number; collectionId: number; from: string | null; to: string | null; amount: string; priceWei?: string | null; currency?: string | null },
) {
  await tx.insert(activity).values({
    chainId: ctx.chainId, marketplace: ctx.marketplace, type: row.type, tokenRef: row.tokenRef, collectionId: row.collectionId,
    fromAddress: row.from, toAddress: row.to, amount: row.amount, priceWei: row.priceWei ?? null, currency: row.currency ?? null,
    blockNumber: Number(log.blockNumber), logIndex: log.logIndex, transactionHash: log.transactionHash, blockTime: log.blockTime,
  });
}
