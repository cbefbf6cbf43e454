// The exhibitions' reads (the editorial pages; docs/requirements.md#exhibitions): the exhibition running at a date, an
// exhibition's artworks as a token page, and the past exhibitions. Both lists page by page and perPage (the seed's
// calls: artworks 12 a page, past exhibitions perPage 20, page 1) with OFFSET: an exhibition holds tens of
// artworks and the past list grows by a few a year, so there is no deep page to seek to. Cursors name the position
// too, so `after: endCursor` reads the page after as well.
import { and, count, desc, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exhibitionArtworks, exhibitions } from '../../db/schema.js';
import { badInput } from '../inputs.js';
import { toPage, type PagePosition } from '../offsetPage.js';
import type { Connection } from '../page.js';
import type { Ipfs } from '../people.js';
import { tokenNode, type TokenNode } from '../tokenNode.js';
import { hiddenCollections } from '../tokens.js';
import { readTokenPage } from '../tokenRows.js';
import { exhibitionNode, type ExhibitionNode } from './contents.js';

export { parsePagePosition, type PagePosition } from '../offsetPage.js';

/** The app's page sizes (docs/requirements.md#exhibitions), used when a request gives no perPage. */
export const ARTWORKS_PER_PAGE = 12;
export const PAST_PER_PAGE = 20;
/** The last instant PostgreSQL and ISO 8601 without an expanded year both write: 9999-12-31T23:59:59.999Z. */
const MAX_TIME = 253_402_300_799_999;

const CDATE_MESSAGE = 'Invalid cDate: give an ISO 8601 date or date-time (e.g. 2026-05-01T12:00:00Z) or epoch milliseconds (digits only), up to the year 9999.';
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * cDate as the app sends it: epoch milliseconds (digits) or ISO 8601 — a date (midnight UTC) or a date-time with
 * an optional zone (none means UTC, so the answer never depends on the server's zone). Anything else, or a day
 * that does not exist (2026-02-30), is BAD_USER_INPUT.
 */
export function parseCDate(value: unknown): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  if (/^\d{1,16}$/.test(text)) {
    const ms = Number(text);
    if (ms <= MAX_TIME) return new Date(ms);
    throw badInput(CDATE_MESSAGE);
  }
  const match = ISO.exec(text);
  if (!match) throw badInput(CDATE_MESSAGE);
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > monthDays || hour > 23 || minute > 59 || second > 59) throw badInput(CDATE_MESSAGE);
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const [, sign, oh, om = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    if (Number(oh) > 23 || Number(om) > 59) throw badInput(CDATE_MESSAGE);
    offset = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const ms = utc.getTime() - offset;
  // Year 1 to 9999 once the zone is applied (0001-01-01T00:00:00Z is -62135596800000).
  if (ms > MAX_TIME || ms < -62_135_596_800_000) throw badInput(CDATE_MESSAGE);
  return new Date(ms);
}

/** The exhibition running at `at` (start <= at <= end): the featured one first, then the latest start. */
export async function currentExhibitionRow(db: Db, at: Date) {
  const [row] = await db
    .select()
    .from(exhibitions)
    .where(and(lte(exhibitions.startDate, at), gte(exhibitions.endDate, at)))
    .orderBy(desc(exhibitions.isFeatured), desc(exhibitions.startDate), desc(exhibitions.id))
    .limit(1);
  return row ?? null;
}

export async function getCurrentExhibition(db: Db, ipfs: Ipfs, at: Date): Promise<ExhibitionNode | null> {
  const row = await currentExhibitionRow(db, at);
  return row ? exhibitionNode(ipfs, row) : null;
}

/** Exhibitions that ended before now, latest end first (the id breaks ties). */
export async function getPastExhibitions(db: Db, ipfs: Ipfs, position: PagePosition): Promise<Connection<ExhibitionNode>> {
  const ended = lt(exhibitions.endDate, sql`now()`);
  const [rows, [total]] = await Promise.all([
    db.select().from(exhibitions).where(ended).orderBy(desc(exhibitions.endDate), desc(exhibitions.id)).offset(position.offset).limit(position.perPage + 1),
    db.select({ n: count() }).from(exhibitions).where(ended),
  ]);
  return toPage(position, rows, total?.n ?? 0, (row) => exhibitionNode(ipfs, row));
}

/** An exhibition id as the API takes it; anything else is BAD_USER_INPUT (an unknown id is an empty page). */
export function parseExhibitionId(value: unknown): number {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) throw badInput('Invalid exhibition_id: an exhibition id is a positive integer.');
  return Number(text);
}

/**
 * An exhibition's artworks as marketplace tokens, in exhibition order (order, then the link's id), hidden and
 * unpublished collections left out; one statement: the page of links, the tokens with collection, people and
 * holding, and the total.
 */
export async function getExhibitionArtworks(db: Db, ipfs: Ipfs, exhibitionId: number, position: PagePosition): Promise<Connection<TokenNode>> {
  const shown = sql`ea.exhibition_id = ${exhibitionId} AND t.collection_id <> ALL(${hiddenCollections})`;
  const links = sql`SELECT ea.id, ea.token_id, ea."order" FROM ${exhibitionArtworks} ea JOIN tokens t ON t.id = ea.token_id
    WHERE ${shown} ORDER BY ea."order", ea.id OFFSET ${position.offset} LIMIT ${position.perPage + 1}`;
  const { rows, total } = await readTokenPage(db, {
    where: undefined,
    from: sql`(${links}) AS ea JOIN tokens ON tokens.id = ea.token_id`,
    segments: [{ where: undefined, orderBy: [sql`ea."order"`, sql`ea.id`] }],
    limit: position.perPage + 1,
    total: sql`(SELECT count(*) FROM ${exhibitionArtworks} ea JOIN tokens t ON t.id = ea.token_id WHERE ${shown})`,
  });
  return toPage(position, rows, total, (row) => tokenNode(ipfs, row));
}
