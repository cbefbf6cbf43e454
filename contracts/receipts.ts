import { parseEventLogs, type Address, type Log } from 'viem';
import { collectionFactoryAbi, marketplaceAbi } from './generated';

/** Helpers to read ids out of transaction receipts (a write returns only a hash, not the return value). */

type Logs = readonly Log[];

/** Sale ids created by a createSale / createAllOutSale transaction, in order. */
export function saleIdsFromLogs(logs: Logs): bigint[] {
  return parseEventLogs({ abi: marketplaceAbi, logs: [...logs], eventName: 'CreatedSale' }).map((l) => l.args.saleId);
}

/** The all-out sale id created by a createAllOutSale transaction, or null. */
export function allOutSaleIdFromLogs(logs: Logs): bigint | null {
  const [event] = parseEventLogs({ abi: marketplaceAbi, logs: [...logs], eventName: 'CreatedAllOutSale' });
  return event ? event.args.allOutSaleId : null;
}

/** The collection deployed by a CreateTradableCollection transaction, or null. */
export function collectionFromLogs(logs: Logs): Address | null {
  const [event] = parseEventLogs({ abi: collectionFactoryAbi, logs: [...logs], eventName: 'CreatedCollection' });
  return event ? event.args.collection : null;
}
