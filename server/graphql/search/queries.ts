// The search's three reads, one statement each: a substring match (ILIKE '%text%') answered by the pg_trgm GIN index
// on the name (bitmap scan), ranked by whether the name starts with the text, then by trigram similarity, then newest.
// Only the newest RANKED matches are ranked: a common word ('the') matches most of 100,000 names, and ranking them all
// would sort every one on each keystroke; the newest few dozen are read from the primary key backwards instead (the
// planner's choice when the statistics say the text is common; a rare one is found through the trigram index).
// RANKED bounds the work per keystroke: on the bench's 100,000 tokens a common word's search took about 17 ms in the
// server with 200 ranked and 12 with 60 (the page shows 6, at most 20), so a name that starts with the text ranks
// first among the newest 60 names that contain it.
import { and, desc, eq, ilike, like, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isSearchable, searchedText, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../../domain/searchRules.js';
import { artistNode } from '../../artists/service.js';
import type { Db } from '../../db/client.js';
import { accounts, artists, collections, tokens } from '../../db/schema.js';
import { collectionNode } from '../collections.js';
import { badInput } from '../inputs.js';
import { loadPeople, type Ipfs } from '../people.js';
import { tokenNode } from '../tokenNode.js';
import { hiddenCollections } from '../tokens.js';
import { readTokenPage, type TokenPageSpec } from '../tokenRows.js';

export const SEARCH_DEFAULT_FIRST = 6;
export const SEARCH_MAX_FIRST = 20;
/** How many of the newest matches are ranked (see the header). */
export const RANKED = 60;

export interface SearchInput {
  /** The text as typed, trimmed. */
  text: string;
  first: number;
}

const inputSchema = z.object({
  text: z
    .string()
    .transform(searchedText)
    .refine(isSearchable, `text: search for ${SEARCH_MIN_LENGTH} to ${SEARCH_MAX_LENGTH} characters`)
    // PostgreSQL refuses NUL in text; other control characters are in no name.
    .refine((text) => ![...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f), 'text: control characters are not allowed'),
  first: z
    .number()
    .int()
    .min(1, `first must be between 1 and ${SEARCH_MAX_FIRST}`)
    .max(SEARCH_MAX_FIRST, `first must be between 1 and ${SEARCH_MAX_FIRST}`)
    .nullish(),
});

export function parseSearchInput(args: Record<string, unknown>): SearchInput {
  const parsed = inputSchema.safeParse(args);
  if (!parsed.success) throw badInput(`Invalid search. ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  return { text: parsed.data.text, first: parsed.data.first ?? SEARCH_DEFAULT_FIRST };
}

/** ILIKE's pattern for "contains": the text's own %, _ and \ match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Best match first: the name starts with the text, then the closest (trigram similarity), then the newest row. */
function rank(column: PgColumn | SQL.Aliased | SQL, id: PgColumn | SQL.Aliased | SQL, text: string): SQL[] {
  // 'text%': the contains pattern without its leading %.
  const prefix = containsPattern(text).slice(1);
  return [sql`(${column} ILIKE ${prefix}) DESC`, sql`similarity(${column}, ${text}) DESC`, desc(id)];
}

/** Whether a token is on the marketplace and its name contains the text. */
export const tokenMatch = (text: string) => and(ilike(tokens.name, containsPattern(text)), sql`${tokens.collectionId} <> ALL(${hiddenCollections})`);

/** The artworks' page statement (tests EXPLAIN tokenPageSql of it): the newest RANKED matches, then the best first. */
export function tokenSearchSpec(input: SearchInput): TokenPageSpec {
  return {
    from: sql`(SELECT * FROM ${tokens} WHERE ${tokenMatch(input.text)} ORDER BY ${tokens.id} DESC LIMIT ${RANKED}) tokens`,
    where: undefined,
    segments: [{ where: undefined, orderBy: rank(tokens.name, tokens.id, input.text) }],
    limit: input.first,
  };
}

export async function searchTokens(db: Db, ipfs: Ipfs, input: SearchInput) {
  const { rows } = await readTokenPage(db, tokenSearchSpec(input));
  return rows.map((row) => tokenNode(ipfs, row));
}

const visibleCollection = and(eq(collections.isHidden, false), eq(collections.state, 'published'));

export function collectionSearchQuery(db: Db, input: SearchInput) {
  const newest = db
    .select()
    .from(collections)
    .where(and(ilike(collections.name, containsPattern(input.text)), visibleCollection))
    .orderBy(desc(collections.id))
    .limit(RANKED)
    .as('newest');
  return db
    .select()
    .from(newest)
    .orderBy(...rank(newest.name, newest.id, input.text))
    .limit(input.first);
}

export async function searchCollections(db: Db, ipfs: Ipfs, input: SearchInput) {
  const rows = await collectionSearchQuery(db, input);
  const person = await loadPeople(
    db,
    ipfs,
    rows.map((row) => row.creator),
  );
  return rows.map((row) => collectionNode(ipfs, row, person(row.creator)));
}

/** Artists by display name: the sort key is the display name lower-cased (domain/artist.ts), so LIKE on the lower-cased text. */
export function artistSearchQuery(db: Db, input: SearchInput) {
  const text = input.text.toLowerCase();
  const newest = db
    .select({ artistId: artists.id, sortKey: artists.sortKey, accountId: artists.accountId })
    .from(artists)
    .innerJoin(accounts, eq(accounts.id, artists.accountId))
    .where(and(like(artists.sortKey, containsPattern(text)), eq(accounts.isCreator, true)))
    .orderBy(desc(artists.id))
    .limit(RANKED)
    .as('newest');
  return db
    .select({ artist: artists, account: accounts })
    .from(newest)
    .innerJoin(artists, eq(artists.id, newest.artistId))
    .innerJoin(accounts, eq(accounts.id, newest.accountId))
    .orderBy(...rank(newest.sortKey, newest.artistId, text))
    .limit(input.first);
}

export async function searchArtists(db: Db, ipfs: Ipfs, input: SearchInput) {
  const rows = await artistSearchQuery(db, input);
  return rows.map(({ artist, account }) => artistNode(ipfs, artist, account));
}
