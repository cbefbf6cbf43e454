// Validation of the browsing queries' arguments: ids, addresses and _id-ordered pagination.
import { z } from 'zod';
import { badInput, decodeCursor, DEFAULT_PER_PAGE, MAX_PER_PAGE, paginationSchema, type Cursor } from '../inputs.js';

const idSchema = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id'));
const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed wallet address')
  .transform((value) => value.toLowerCase());

function check<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${[what, ...issue.path].join('.')}: ${issue.message}`);
    throw badInput(`Invalid ${what}. ${issues.join('; ')}`);
  }
  return result.data;
}

export const parseId = (value: unknown, what: string): number => Number(check(idSchema, value, what));
export const parseOptionalId = (value: unknown, what: string): number | null =>
  value === null || value === undefined ? null : parseId(value, what);
export const parseAddress = (value: unknown, what: string): string => check(addressSchema, value, what);
export const parseOptionalAddress = (value: unknown, what: string): string | null =>
  value === null || value === undefined ? null : parseAddress(value, what);

/** An account given by address (any case) or numeric account id. */
export function parseAccountRef(value: unknown, what: string): { address: string } | { id: number } {
  if (typeof value === 'string' && value.startsWith('0x')) return { address: parseAddress(value, what) };
  return { id: parseId(value, what) };
}

export interface IdPagination {
  perPage: number;
  after: Cursor | null;
}

/** Pagination for lists ordered by _id (or by a like/offer/holding id): perPage 1..100, default 20. */
export function parseIdPagination(value: unknown): IdPagination {
  const pagination = check(paginationSchema, value, 'pagination') ?? {};
  const after = pagination.after ? decodeCursor(pagination.after) : null;
  if (after && after.sortBy !== '_id') throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  if (!after && pagination.page && pagination.page > 1) {
    throw badInput('Invalid pagination.page: pages after the first are reached with pagination.after (endCursor).');
  }
  return { perPage: pagination.perPage ?? DEFAULT_PER_PAGE, after };
}

const collectionFiltersSchema = z
  .object({
    address: addressSchema.nullish(),
    chainId: z.number().int().positive().nullish(),
    creator: addressSchema.nullish(),
    ids: z.array(idSchema).max(MAX_PER_PAGE).nullish(),
  })
  .nullish();

export function parseCollectionFilters(value: unknown) {
  const filters = check(collectionFiltersSchema, value, 'filters') ?? {};
  return {
    address: filters.address ?? null,
    chainId: filters.chainId ?? null,
    creator: filters.creator ?? null,
    ids: filters.ids && filters.ids.length > 0 ? filters.ids.map(Number) : null,
  };
}

const holdingFiltersSchema = z
  .object({
    owner: addressSchema.nullish(),
    token_id: idSchema.nullish(),
    collection_id: idSchema.nullish(),
  })
  .nullish();

export function parseHoldingFilters(value: unknown) {
  const filters = check(holdingFiltersSchema, value, 'filters') ?? {};
  return {
    owner: filters.owner ?? null,
    tokenId: filters.token_id ? Number(filters.token_id) : null,
    collectionId: filters.collection_id ? Number(filters.collection_id) : null,
  };
}
