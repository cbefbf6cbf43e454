// Offset pages for the short editorial lists (exhibitions, their artworks, articles): page and perPage, or `after`
// a cursor that names the position in its list, so `after: endCursor` reads the page after as well. These lists hold
// tens of rows, so there is no deep page to seek to (the marketplace lists use keyset pages: keyset.ts).
import { z } from 'zod';
import { badInput, MAX_PER_PAGE } from './inputs.js';
import { pageConnection, type Connection } from './page.js';

const positionCursor = (list: string, position: number) => Buffer.from(JSON.stringify([list, position])).toString('base64url');

function decodePosition(list: string, value: string): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const parsed = z.tuple([z.literal(list), z.number().int().min(1).max(1_000_000_000)]).safeParse(decoded);
  if (!parsed.success) throw badInput('Invalid pagination.after: not a cursor returned by this API.');
  return parsed.data[1];
}

const paginationSchema = z
  .object({
    page: z.number().int().min(1, 'page must be 1 or more').max(1_000_000, 'page must be at most 1000000').nullish(),
    after: z.string().min(1).max(512).nullish(),
    perPage: z.number().int().min(1, `perPage must be between 1 and ${MAX_PER_PAGE}`).max(MAX_PER_PAGE, `perPage must be between 1 and ${MAX_PER_PAGE}`).nullish(),
  })
  .nullish();

export interface PagePosition {
  list: string;
  perPage: number;
  /** Rows before the page. */
  offset: number;
}

/** page/perPage (or after: a cursor of the same list, whose position the page starts after). */
export function parsePagePosition(value: unknown, list: string, defaultPerPage: number): PagePosition {
  const parsed = paginationSchema.safeParse(value);
  if (!parsed.success) {
    throw badInput(`Invalid pagination. ${parsed.error.issues.map((issue) => `${['pagination', ...issue.path].join('.')}: ${issue.message}`).join('; ')}`);
  }
  const pagination = parsed.data ?? {};
  const perPage = pagination.perPage ?? defaultPerPage;
  const offset = pagination.after ? decodePosition(list, pagination.after) : ((pagination.page ?? 1) - 1) * perPage;
  return { list, perPage, offset };
}

export function toPage<R, N>(position: PagePosition, rows: R[], totalCount: number, toNode: (row: R) => N): Connection<N> {
  return pageConnection(rows, position.perPage, totalCount, position.offset > 0, (row, i) => ({
    cursor: positionCursor(position.list, position.offset + i + 1),
    node: toNode(row),
  }));
}
