// Validation of the dashboard queries' arguments (ids, addresses, chain ids, on-chain sale ids, cursors).
import { badInput } from '../inputs.js';
import { parseAddress, parseId, parseOptionalAddress, parseOptionalId, type IdPagination } from '../browsing/args.js';

type Args = Record<string, unknown>;

function object(value: unknown, what: string): Args {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badInput(`Invalid ${what}: expected an object.`);
  return value as Args;
}

export function parseOptionalChainId(value: unknown, what: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw badInput(`Invalid ${what}: must be a positive chain id.`);
  return value;
}

/** The id after which the next page starts, checked to belong to a list in this direction. */
export function afterId(pagination: IdPagination, dir: 1 | -1): number | null {
  const after = pagination.after;
  if (!after) return null;
  if (after.sortBy !== '_id' || after.sortDir !== dir) throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  return after.id;
}

export interface ListingFilters {
  collectionId: number | null;
  tokenRef: number | null;
  seller: string | null;
  chainId: number | null;
}

export function parseListingFilters(value: unknown): ListingFilters {
  const f = object(value, 'filters');
  return {
    collectionId: parseOptionalId(f.container_id, 'filters.container_id'),
    tokenRef: parseOptionalId(f.token_id, 'filters.token_id'),
    seller: parseOptionalAddress(f.seller, 'filters.seller'),
    chainId: parseOptionalChainId(f.chainId, 'filters.chainId'),
  };
}

export function parseTokensWithOffersFilters(value: unknown) {
  const f = object(value, 'filters');
  return {
    seller: parseAddress(f.seller, 'filters.seller'),
    collectionId: parseOptionalId(f.container_id, 'filters.container_id'),
  };
}

export function parseCreatedCollectionFilters(value: unknown) {
  const f = object(value, 'filters');
  return { creator: parseAddress(f.creator, 'filters.creator'), chainId: parseOptionalChainId(f.chainId, 'filters.chainId') };
}

export function parseBoughtTokenFilters(value: unknown) {
  const f = object(value, 'filters');
  return { owner: parseAddress(f.owner, 'filters.owner'), collectionId: parseOptionalId(f.container_id, 'filters.container_id') };
}

export type SaleRef = { id: number } | { saleId: string; chainId: number };

/** getSale: a database id, or an on-chain saleId (decimal uint256) with its chainId. */
export function parseSaleRef(args: Args): SaleRef {
  const hasId = args.id !== null && args.id !== undefined;
  const hasSaleId = args.saleId !== null && args.saleId !== undefined;
  if (hasId && (hasSaleId || (args.chainId !== null && args.chainId !== undefined))) {
    throw badInput('Invalid getSale arguments: give either id, or saleId with chainId, not both.');
  }
  if (hasId) return { id: parseId(args.id, 'id') };
  if (!hasSaleId) throw badInput('Invalid getSale arguments: give id, or saleId with chainId.');
  if (typeof args.saleId !== 'string' || !/^\d{1,78}$/.test(args.saleId)) {
    throw badInput('Invalid saleId: must be an on-chain sale id (a decimal integer).');
  }
  const chainId = parseOptionalChainId(args.chainId, 'chainId');
  if (chainId === null) throw badInput('Invalid getSale arguments: saleId needs its chainId.');
  return { saleId: BigInt(args.saleId).toString(), chainId };
}
