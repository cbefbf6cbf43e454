// The artists' GraphQL reads (the artists' pages): the catalogue keyset-paged on artists_sort_idx (sort_key COLLATE "C", id)
// and the nested fields batched per request (featured token, collections, articles). One artist by address, and the
// Artist shape both APIs answer with, are the artists service's (server/artists/service.ts).
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { artistNode, type ArtistNode } from '../../artists/service.js';
import type { Db } from '../../db/client.js';
import { accounts, articles, artists, collections, tokens } from '../../db/schema.js';
import { batchLoad } from '../batch.js';
import { collectionNode } from '../collections.js';
import { badInput, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../inputs.js';
import { pageConnection, type Connection } from '../page.js';
import { loadPeople, mediaUrl, type Ipfs } from '../people.js';
import { tokenNode } from '../tokenNode.js';
import { hiddenCollections } from '../tokens.js';
import { readTokenPage } from '../tokenRows.js';
import type { GraphqlContext } from '../module.js';

// The catalogue's cursor: [sort key, artist id] of the last row.
const cursorSchema = z.tuple([z.literal('artists'), z.string().max(400), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)]);
const encodeCursor = (sortKey: string, id: number) => Buffer.from(JSON.stringify(['artists', sortKey, id])).toString('base64url');
function decodeCursor(value: string): { sortKey: string; id: number } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const parsed = cursorSchema.safeParse(decoded);
  // PostgreSQL refuses NUL in text: such a cursor never came from this API.
  if (!parsed.success || parsed.data[1].includes('\u0000')) throw badInput('Invalid pagination.after: not a cursor returned by this API.');
  return { sortKey: parsed.data[1], id: parsed.data[2] };
}

const paginationSchema = z
  .object({
    page: z.number().int().min(1, 'page must be 1 or more').nullish(),
    after: z.string().min(1).max(1024).nullish(),
    perPage: z.number().int().min(1, `perPage must be between 1 and ${MAX_PER_PAGE}`).max(MAX_PER_PAGE, `perPage must be between 1 and ${MAX_PER_PAGE}`).nullish(),
  })
  .nullish();

export interface ArtistPagination {
  perPage: number;
  after: { sortKey: string; id: number } | null;
}

export function parseArtistPagination(value: unknown): ArtistPagination {
  const parsed = paginationSchema.safeParse(value);
  if (!parsed.success) {
    throw badInput(`Invalid pagination. ${parsed.error.issues.map((issue) => `${['pagination', ...issue.path].join('.')}: ${issue.message}`).join('; ')}`);
  }
  const pagination = parsed.data ?? {};
  const after = pagination.after ? decodeCursor(pagination.after) : null;
  if (!after && pagination.page && pagination.page > 1) {
    throw badInput('Invalid pagination.page: pages after the first are reached with pagination.after (endCursor).');
  }
  return { perPage: pagination.perPage ?? DEFAULT_PER_PAGE, after };
}

/** Who the catalogue lists: creators with an artist profile. */
const listed = eq(accounts.isCreator, true);

/** One keyset read on (sort_key, id); exported so tests can EXPLAIN exactly the query the resolver runs. */
export function artistPageQuery(db: Db, pagination: ArtistPagination) {
  const after = pagination.after;
  const seek = after ? sql`(${artists.sortKey}, ${artists.id}) > (${after.sortKey} COLLATE "C", ${after.id}::bigint)` : undefined;
  return db
    .select({ artist: artists, account: accounts })
    .from(artists)
    .innerJoin(accounts, eq(accounts.id, artists.accountId))
    .where(and(listed, seek))
    .orderBy(asc(artists.sortKey), asc(artists.id))
    .limit(pagination.perPage + 1);
}

export async function getAllArtists(db: Db, ipfs: Ipfs, pagination: ArtistPagination): Promise<Connection<ArtistNode>> {
  const [rows, [total]] = await Promise.all([
    artistPageQuery(db, pagination),
    db.select({ n: count() }).from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId)).where(listed),
  ]);
  return pageConnection(rows, pagination.perPage, total?.n ?? 0, pagination.after !== null, ({ artist, account }) => ({
    cursor: encodeCursor(artist.sortKey, artist.id),
    node: artistNode(ipfs, artist, account),
  }));
}

/** The featured token of every artist on the page in one statement; a token off the marketplace reads as none. */
export function featuredArtwork(context: GraphqlContext, node: ArtistNode) {
  if (node.featuredTokenId === null) return null;
  return batchLoad(context, 'artist.featuredArtwork', node.featuredTokenId, async (ids) => {
    const { rows } = await readTokenPage(context.db, {
      where: and(inArray(tokens.id, ids), sql`${tokens.collectionId} <> ALL(${hiddenCollections})`),
      segments: [{ where: undefined, orderBy: [asc(tokens.id)] }],
      limit: ids.length,
    });
    return new Map(rows.map((row) => [row.id, tokenNode(context.config.ipfs, row)]));
  }).then((token) => token ?? null);
}

/** The artists' published, visible collections, newest first. */
export function artistCollections(context: GraphqlContext, node: ArtistNode) {
  return batchLoad(context, 'artist.collections', node.id, async (addresses) => {
    const { db, config } = context;
    const rows = await db
      .select()
      .from(collections)
      .where(and(inArray(collections.creator, addresses), eq(collections.isHidden, false), eq(collections.state, 'published')))
      .orderBy(desc(collections.id));
    const person = await loadPeople(db, config.ipfs, addresses);
    const byCreator = new Map<string, ReturnType<typeof collectionNode>[]>(addresses.map((address) => [address, []]));
    for (const row of rows) byCreator.get(row.creator)?.push(collectionNode(config.ipfs, row, person(row.creator)));
    return byCreator;
  }).then((list) => list ?? []);
}

/** The artists' articles, oldest first (the artist page renders the first). */
export function artistArticles(context: GraphqlContext, node: ArtistNode) {
  return batchLoad(context, 'artist.articles', node.rowId, async (ids) => {
    const rows = await context.db
      .select({ id: articles.id, title: articles.title, type: articles.type, ipfsHash: articles.ipfsHash, artistId: articles.artistId })
      .from(articles)
      .where(inArray(articles.artistId, ids))
      .orderBy(asc(articles.id));
    const byArtist = new Map<number, { id: string; title: string; type: string; mediaUrl: string }[]>(ids.map((id) => [id, []]));
    for (const row of rows) {
      byArtist.get(row.artistId!)?.push({ id: String(row.id), title: row.title, type: row.type, mediaUrl: mediaUrl(context.config.ipfs, row.ipfsHash)! });
    }
    return byArtist;
  }).then((list) => list ?? []);
}
