// Validation of list inputs (filters, sort, pagination) and the opaque keyset cursors.
// yoga's own error factory: a GraphQLError from another copy of graphql (ESM vs CJS) would be masked.
import { createGraphQLError } from 'graphql-yoga';
import { z } from 'zod';

export const MEDIA_TYPES = ['image', 'gif', 'multipart/image', 'multipart/mixed', 'video', 'sound'] as const;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export const SORT_KEYS = ['_id', 'likesCount', 'price', 'listedAt', 'lastSoldAt', 'lastSale'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** The marketplace token list's sorts: the five explore had, and recently listed, recently sold, highest last sale. */
export const TOKEN_SORTS: readonly SortKey[] = SORT_KEYS;
/** The collections list's sorts (listing and sale times are token facts). */
export const COLLECTION_SORTS: readonly SortKey[] = ['_id', 'likesCount', 'price'];
/** Sorts whose cursor value is a time (milliseconds since the epoch; the columns keep milliseconds). */
export const TIME_SORTS: readonly SortKey[] = ['listedAt', 'lastSoldAt'];
export type SortDir = 1 | -1;

export const TOKEN_STATUSES = ['buy_now', 'has_offers'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** The most artists one list filters by (creatorsIds). */
export const MAX_CREATORS = 20;

// A uint256 in decimal: at most 78 digits.
const WEI = /^\d{1,78}$/;

const filterSchema = z
  .object({
    mediaTypes: z.array(z.enum(MEDIA_TYPES)).max(MEDIA_TYPES.length).nullish(),
    chainIds: z.array(z.number().int().positive()).max(20).nullish(),
    creator: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'creator must be a 0x-prefixed wallet address')
      .transform((value) => value.toLowerCase())
      .nullish(),
    creatorsIds: z
      .array(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'creatorsIds must be 0x-prefixed wallet addresses').transform((value) => value.toLowerCase()))
      .max(MAX_CREATORS, `creatorsIds takes at most ${MAX_CREATORS} addresses`)
      .nullish(),
    token_ids: z
      .array(z.string().regex(/^[1-9]\d{0,15}$/, 'token_ids must be token _id values (positive integers)'))
      .max(MAX_PER_PAGE)
      .nullish(),
    // The seed's status filters this marketplace has: listed for sale, with an open offer (no auctions, no bids).
    status: z
      .array(z.enum(TOKEN_STATUSES, { error: 'status must be buy_now or has_offers (this marketplace has no auctions or bids)' }))
      .max(TOKEN_STATUSES.length)
      .nullish(),
    // The seed's price range: the listing price in wei (a decimal string, as Price.amount), both ends included.
    minPrice: z.string().regex(WEI, 'minPrice must be an amount in wei (a decimal string of digits)').nullish(),
    maxPrice: z.string().regex(WEI, 'maxPrice must be an amount in wei (a decimal string of digits)').nullish(),
  })
  // zod runs this even when an end failed its own check: compare only two well-formed amounts.
  .refine((filters) => !WEI.test(filters?.minPrice ?? '') || !WEI.test(filters?.maxPrice ?? '') || BigInt(filters!.minPrice!) <= BigInt(filters!.maxPrice!), {
    message: 'minPrice must not be above maxPrice',
  })
  .nullish();

const sortSchema = z
  .object({
    sortBy: z.enum(SORT_KEYS, { error: `sortBy must be one of ${SORT_KEYS.join(', ')}` }).nullish(),
    sortDir: z.union([z.literal(1), z.literal(-1)], { error: 'sortDir must be 1 or -1' }).nullish(),
  })
  .nullish();

/** page / after / perPage, as every list takes them (keyset lists here, _id-ordered ones in browsing/args.ts). */
export const paginationSchema = z
  .object({
    page: z.number().int().min(1, 'page must be 1 or more').nullish(),
    after: z.string().min(1).max(512).nullish(),
    perPage: z
      .number()
      .int()
      .min(1, `perPage must be between 1 and ${MAX_PER_PAGE}`)
      .max(MAX_PER_PAGE, `perPage must be between 1 and ${MAX_PER_PAGE}`)
      .nullish(),
  })
  .nullish();

/** creator and creatorsIds as one list of distinct addresses, or null when neither names one. */
function creatorsOf(filters: { creator?: string | null; creatorsIds?: string[] | null }): string[] | null {
  const creators = [...new Set([...(filters.creator ? [filters.creator] : []), ...(filters.creatorsIds ?? [])])];
  return creators.length > 0 ? creators : null;
}

export interface ListFilter {
  mediaTypes: string[] | null;
  chainIds: number[] | null;
  /** The creators' addresses (lower case; creator and creatorsIds together), or null for every creator. */
  creators: string[] | null;
  tokenIds: number[] | null;
  /** buy_now: listed for sale; has_offers: an open offer is made on it. Both: both. */
  status: TokenStatus[] | null;
  /** The price range in wei (listed tokens only once either end is set). */
  minPrice: string | null;
  maxPrice: string | null;
}

export interface ListInput {
  filter: ListFilter;
  sortBy: SortKey;
  sortDir: SortDir;
  perPage: number;
  after: Cursor | null;
}

export interface Cursor {
  sortBy: SortKey;
  sortDir: SortDir;
  /** The sort column's value of the last row (likes count, price in wei, time in ms, or null past the valued rows). */
  value: string | number | null;
  id: number;
}

export function badInput(message: string) {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const path = issue.path.length > 0 ? `${what}.${issue.path.join('.')}` : what;
      return `${path}: ${issue.message}`;
    });
    throw badInput(`Invalid ${what}. ${issues.join('; ')}`);
  }
  return result.data;
}

const INT4_MAX = 2_147_483_647;
const MAX_DATE_MS = 8_640_000_000_000_000;

const cursorSchema = z.tuple([
  z.enum(SORT_KEYS),
  z.union([z.literal(1), z.literal(-1)]),
  z.union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative(), z.null()]),
  z.number().int().positive(),
]);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sortBy, cursor.sortDir, cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw badInput('Invalid pagination.after: not a cursor returned by this API.');
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success) throw badInput('Invalid pagination.after: not a cursor returned by this API.');
  const [sortBy, sortDir, cursorValue, id] = parsed.data;
  // likes_count is an int4: a larger value never came from this API (and PostgreSQL would refuse the comparison).
  if (sortBy === 'likesCount' && cursorValue !== null && Number(cursorValue) > INT4_MAX) {
    throw badInput('Invalid pagination.after: not a cursor returned by this API.');
  }
  // A time sort's value is a number of milliseconds a Date can hold (or null past the timed rows).
  if (TIME_SORTS.includes(sortBy) && cursorValue !== null && (typeof cursorValue !== 'number' || cursorValue > MAX_DATE_MS)) {
    throw badInput('Invalid pagination.after: not a cursor returned by this API.');
  }
  return { sortBy, sortDir, value: cursorValue, id };
}

export function parseListInput(
  args: { filters?: unknown; sort?: unknown; pagination?: unknown },
  allowedSorts: readonly SortKey[],
): ListInput {
  const filters = parse(filterSchema, args.filters, 'filters') ?? {};
  const sort = parse(sortSchema, args.sort, 'sort') ?? {};
  const pagination = parse(paginationSchema, args.pagination, 'pagination') ?? {};
  const sortBy: SortKey = sort.sortBy ?? '_id';
  const sortDir: SortDir = sort.sortDir ?? -1;
  if (!allowedSorts.includes(sortBy)) {
    throw badInput(`Invalid sort.sortBy: this list sorts by ${allowedSorts.join(', ')} only.`);
  }
  const after = pagination.after ? decodeCursor(pagination.after) : null;
  if (after && (after.sortBy !== sortBy || after.sortDir !== sortDir)) {
    throw badInput('Invalid pagination.after: the cursor belongs to a different sort; start again from the first page.');
  }
  // Keyset paging cannot jump to page N; page 1 is the first page, later pages come from `after`.
  if (!after && pagination.page && pagination.page > 1) {
    throw badInput('Invalid pagination.page: pages after the first are reached with pagination.after (endCursor).');
  }
  return {
    filter: {
      mediaTypes: filters.mediaTypes && filters.mediaTypes.length > 0 ? filters.mediaTypes : null,
      chainIds: filters.chainIds && filters.chainIds.length > 0 ? filters.chainIds : null,
      creators: creatorsOf(filters),
      tokenIds: filters.token_ids && filters.token_ids.length > 0 ? filters.token_ids.map(Number) : null,
      status: filters.status && filters.status.length > 0 ? [...new Set(filters.status)] : null,
      minPrice: filters.minPrice ? BigInt(filters.minPrice).toString() : null,
      maxPrice: filters.maxPrice ? BigInt(filters.maxPrice).toString() : null,
    },
    sortBy,
    sortDir,
    perPage: pagination.perPage ?? DEFAULT_PER_PAGE,
    after,
  };
}
