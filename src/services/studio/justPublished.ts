// The collections this device published that the indexer may not have yet (issue 32, item 5): the studio remembers
// each one from its transaction's receipt; the collection page shows it from here until the indexer has it, then
// forgets it. localStorage, so the collection route's loader reads it at once; a record older than a day is dropped.
import { isPublishedHere, parsePublishedOnChain, stillPending, type PublishedOnChain } from '../../../domain/publishedCollection';

export const JUST_PUBLISHED_KEY = 'artbazaar:just-published';
/** At most this many are kept (the newest). */
const KEEP = 20;

function readAll(now = Date.now()): PublishedOnChain[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(JUST_PUBLISHED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.map(parsePublishedOnChain).filter((r): r is PublishedOnChain => r !== null && stillPending(r, now)) : [];
  } catch {
    return [];
  }
}

function writeAll(records: PublishedOnChain[]) {
  try {
    if (records.length === 0) globalThis.localStorage?.removeItem(JUST_PUBLISHED_KEY);
    else globalThis.localStorage?.setItem(JUST_PUBLISHED_KEY, JSON.stringify(records.slice(-KEEP)));
  } catch {
    // Storage full or refused: the pages wait for the indexer as before.
  }
}

/** Keeps the collection a receipt named (one record per collection). */
export function rememberPublished(record: PublishedOnChain): void {
  writeAll([...readAll().filter((r) => !isPublishedHere(r, record.address, record.chainId)), record]);
}

/** The kept record of the collection at `address` on `chainId`, or null. */
export function justPublished(address: string, chainId: number): PublishedOnChain | null {
  return readAll().find((r) => isPublishedHere(r, address, chainId)) ?? null;
}

/** The indexer has the collection: its record is no longer needed. */
export function forgetPublished(address: string, chainId: number): void {
  const all = readAll();
  const kept = all.filter((r) => !isPublishedHere(r, address, chainId));
  if (kept.length !== all.length) writeAll(kept);
}
