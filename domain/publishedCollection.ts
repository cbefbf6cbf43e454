// A collection just published, as its CreateTradableCollection transaction's receipt says it (issue 32, item 5:
// published work appears at once): the studio reads it from the receipt's CreatedCollection log and keeps it, so the
// studio and the collection page show the collection before the indexer has it, and stop using it once it does.
import { isAddress } from './address';

export interface PublishedOnChain {
  /** The studio canvas: the collection's `_id` before and after indexing (the indexer updates that row). */
  canvasId: string;
  chainId: number;
  /** The collection contract the factory created, lower case. */
  address: string;
  /** The creator (the log's creator), lower case. */
  creator: string;
  tokenCount: number;
  /** The block's time as ISO 8601, the same value the indexer stores as the collection's publishedAt. */
  publishedAt: string;
  /** The transaction. */
  hash: string;
}

/** How long a device keeps a just-published collection the indexer has not confirmed (a day). */
export const PUBLISHED_KEEP_MS = 24 * 60 * 60 * 1000;

const HASH = /^0x[0-9a-fA-F]{64}$/;
const isIso = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The record if `value` reads as one (stored data is read back through this), else null. */
export function parsePublishedOnChain(value: unknown): PublishedOnChain | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.canvasId !== 'string' || v.canvasId === '') return null;
  if (typeof v.chainId !== 'number' || !Number.isSafeInteger(v.chainId) || v.chainId <= 0) return null;
  if (typeof v.address !== 'string' || !isAddress(v.address)) return null;
  if (typeof v.creator !== 'string' || !isAddress(v.creator)) return null;
  if (typeof v.tokenCount !== 'number' || !Number.isSafeInteger(v.tokenCount) || v.tokenCount < 0) return null;
  if (!isIso(v.publishedAt) || typeof v.hash !== 'string' || !HASH.test(v.hash)) return null;
  return {
    canvasId: v.canvasId,
    chainId: v.chainId,
    address: v.address.toLowerCase(),
    creator: v.creator.toLowerCase(),
    tokenCount: v.tokenCount,
    publishedAt: v.publishedAt,
    hash: v.hash,
  };
}

/** Whether the record is of the collection at `address` on `chainId` (any case). */
export const isPublishedHere = (record: PublishedOnChain, address: string, chainId: number) =>
  record.chainId === chainId && record.address === address.toLowerCase();

/** Whether a record kept since `publishedAt` is still worth keeping at `now` (ms). */
export const stillPending = (record: PublishedOnChain, now: number) => now - Date.parse(record.publishedAt) < PUBLISHED_KEEP_MS;
