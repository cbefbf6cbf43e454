// One SQL statement per token page: the keyset segments, the list total, the main holding, the collection
// and both people (creator, owner) joined, so a page costs one round trip whatever its size. The page is
// cut to its limit before the joins, so the price sorts' second segment adds no lookups.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Segment } from './keyset.js';

export interface AccountBrief {
  id: string;
  alias: string | null;
  avatar: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface CollectionBrief {
  id: number;
  name: string;
  address: string | null;
  chainId: number;
  symbol: string;
  description: string;
  cover: string | null;
  thumbnail: string | null;
  mediaType: string;
  creator: string;
  supplyPerToken: number;
  royaltiesBasispoints: number;
  attributes: Record<string, unknown> | null;
  createdAt: Date;
  publishedAt: Date | null;
  /** The collection's baseURI (`ipfs://<manifest cid>/` for collections published from our media store). */
  baseUri: string | null;
}

export interface TokenRow {
  id: number;
  collectionId: number;
  chainId: number;
  tokenId: string;
  name: string;
  description: string | null;
  media: string | null;
  thumbnail: string | null;
  mediaType: string;
  filename: string | null;
  attributes: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  likesCount: number;
  isSold: boolean;
  creator: string;
  priceWei: string | null;
  listedAt: Date | null;
  /** The newest sale's block time and unit price (null when never sold). */
  lastSoldAt: Date | null;
  lastSaleWei: string | null;
  createdAt: Date;
  collection: CollectionBrief;
  holding: { id: number; owner: string; amount: string; createdAt: Date } | null;
  creatorAccount: AccountBrief | null;
  ownerAccount: AccountBrief | null;
  /** Extra value selected by the caller (e.g. the like id a favourites list pages by). */
  extra: string | null;
}

export interface TokenPageSpec {
  /** Filter on `tokens` (drizzle columns of the tokens table). */
  where: SQL | undefined;
  segments: Segment[];
  limit: number;
  /** Scalar SQL for the list total; omitted → 0. */
  total?: SQL;
  /** Shows this holding instead of the main holder (the token page reached by a holding id). */
  holdingId?: number;
  /** FROM clause replacing `tokens` (must expose the tokens columns as "tokens"); e.g. a join with likes. */
  from?: SQL;
  /** Extra column (text) selected next to the token, returned as `extra`. */
  extra?: SQL;
  /** Address (SQL over the page row `t`, e.g. `t.extra`, or a constant) whose holding is shown when it holds units. */
  preferHolder?: SQL;
}

const date = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));
const num = (value: unknown) => Number(value);

function account(row: Record<string, unknown>, prefix: string): AccountBrief | null {
  if (row[`${prefix}_id`] === null || row[`${prefix}_id`] === undefined) return null;
  return {
    id: String(row[`${prefix}_id`]),
    alias: (row[`${prefix}_alias`] as string | null) ?? null,
    avatar: (row[`${prefix}_avatar`] as string | null) ?? null,
    firstName: (row[`${prefix}_first_name`] as string | null) ?? null,
    lastName: (row[`${prefix}_last_name`] as string | null) ?? null,
  };
}

function toTokenRow(row: Record<string, unknown>): TokenRow {
  return {
    id: num(row.id),
    collectionId: num(row.collection_id),
    chainId: num(row.chain_id),
    tokenId: String(row.token_id),
    name: row.name as string,
    description: (row.description as string | null) ?? null,
    media: (row.media as string | null) ?? null,
    thumbnail: (row.thumbnail as string | null) ?? null,
    mediaType: row.media_type as string,
    filename: (row.filename as string | null) ?? null,
    attributes: (row.attributes as Record<string, unknown> | null) ?? null,
    metadata: (row.metadata as Record<string, unknown> | null) ?? null,
    likesCount: num(row.likes_count),
    isSold: row.is_sold === true,
    creator: row.creator as string,
    priceWei: row.price_wei === null ? null : String(row.price_wei),
    listedAt: date(row.listed_at),
    lastSoldAt: date(row.last_sold_at),
    lastSaleWei: row.last_sale_wei === null || row.last_sale_wei === undefined ? null : String(row.last_sale_wei),
    createdAt: date(row.created_at)!,
    collection: {
      id: num(row.collection_id),
      name: row.c_name as string,
      address: (row.c_address as string | null) ?? null,
      chainId: num(row.c_chain_id),
      symbol: row.c_symbol as string,
      description: row.c_description as string,
      cover: (row.c_cover as string | null) ?? null,
      thumbnail: (row.c_thumbnail as string | null) ?? null,
      mediaType: row.c_media_type as string,
      creator: row.c_creator as string,
      supplyPerToken: num(row.c_supply_per_token),
      royaltiesBasispoints: num(row.c_royalties_basispoints),
      attributes: (row.c_attributes as Record<string, unknown> | null) ?? null,
      createdAt: date(row.c_created_at)!,
      publishedAt: date(row.c_published_at),
      baseUri: (row.c_base_uri as string | null) ?? null,
    },
    holding:
      row.h_id === null || row.h_id === undefined
        ? null
        : { id: num(row.h_id), owner: row.h_owner as string, amount: String(row.h_amount), createdAt: date(row.h_created_at)! },
    creatorAccount: account(row, 'cr'),
    ownerAccount: account(row, 'ow'),
    extra: row.extra === null || row.extra === undefined ? null : String(row.extra),
  };
}

const TOKEN_FIELDS = [
  'id', 'collection_id', 'chain_id', 'token_id', 'name', 'description', 'media', 'thumbnail', 'media_type', 'filename',
  'attributes', 'metadata', 'likes_count', 'is_sold', 'creator', 'price_wei', 'listed_at', 'last_sold_at',
  'last_sale_wei', 'created_at',
];
// Inside the segments: raw columns (joins compare bigint with bigint); outside: text for the 64-bit/uint256 ones.
const TOKEN_COLUMNS = sql.raw(TOKEN_FIELDS.map((field) => `"tokens"."${field}" AS ${field}`).join(', '));
const AS_TEXT = new Set(['id', 'collection_id', 'token_id', 'price_wei', 'last_sale_wei']);
const OUTER_COLUMNS = sql.raw(
  ['t.seg', 't.rn', 't.extra', ...TOKEN_FIELDS.map((field) => (AS_TEXT.has(field) ? `t.${field}::text AS ${field}` : `t.${field}`))].join(', '),
);

const person = (alias: string) =>
  sql.raw(
    `${alias}.id::text AS ${alias}_id, ${alias}.alias AS ${alias}_alias, ${alias}.avatar AS ${alias}_avatar, ` +
      `${alias}.first_name AS ${alias}_first_name, ${alias}.last_name AS ${alias}_last_name`,
  );

/** The main holder (largest amount, then earliest), or one given holding, or a preferred holder's; only holdings with units. */
function holdingLateral(holdingId?: number, preferHolder?: SQL) {
  const which =
    holdingId !== undefined
      ? sql`hh.token_id = t.id AND hh.id = ${holdingId} AND hh.amount > 0`
      : preferHolder !== undefined
        ? sql`hh.token_id = t.id AND hh.amount > 0 ORDER BY (hh.owner = (${preferHolder})) DESC, hh.amount DESC, hh.id ASC LIMIT 1`
        : sql`hh.token_id = t.id AND hh.amount > 0 ORDER BY hh.amount DESC, hh.id ASC LIMIT 1`;
  return sql`SELECT hh.id, hh.owner, hh.amount, hh.created_at FROM holdings hh WHERE ${which}`;
}

export function tokenPageSql(spec: TokenPageSpec): SQL {
  const from = spec.from ?? sql`tokens`;
  const extra = spec.extra ? sql`, (${spec.extra})::text AS extra` : sql`, NULL::text AS extra`;
  const parts = spec.segments.map((segment, index) => {
    const where = [spec.where, segment.where].filter((part): part is SQL => part !== undefined);
    const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    const orderBy = sql.join(segment.orderBy, sql`, `);
    return sql`(SELECT ${sql.raw(String(index))} AS seg, row_number() OVER (ORDER BY ${orderBy}) AS rn, ${TOKEN_COLUMNS}${extra}
      FROM ${from} ${whereSql} ORDER BY ${orderBy} LIMIT ${spec.limit})`;
  });
  const total = spec.total ?? sql`0`;
  return sql`SELECT total.n::text AS total, p.* FROM (SELECT (${total}) AS n) total
    LEFT JOIN LATERAL (
      SELECT ${OUTER_COLUMNS}, c.name AS c_name, c.address AS c_address, c.chain_id AS c_chain_id, c.symbol AS c_symbol,
        c.description AS c_description, c.cover AS c_cover, c.thumbnail AS c_thumbnail, c.media_type AS c_media_type,
        c.creator AS c_creator, c.supply_per_token AS c_supply_per_token, c.royalties_basispoints AS c_royalties_basispoints,
        c.attributes AS c_attributes, c.created_at AS c_created_at, c.published_at AS c_published_at, c.base_uri AS c_base_uri,
        h.id::text AS h_id, h.owner AS h_owner, h.amount::text AS h_amount, h.created_at AS h_created_at,
        ${person('cr')}, ${person('ow')}
      FROM (SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) u ORDER BY u.seg, u.rn LIMIT ${spec.limit}) t
      JOIN collections c ON c.id = t.collection_id
      LEFT JOIN LATERAL (${holdingLateral(spec.holdingId, spec.preferHolder)}) h ON true
      LEFT JOIN accounts cr ON cr.address = t.creator
      LEFT JOIN accounts ow ON ow.address = h.owner
      ORDER BY t.seg, t.rn
    ) p ON true
    ORDER BY p.seg, p.rn`;
}

/** Runs the page statement: rows in keyset order plus the total (one round trip). */
export async function readTokenPage(db: Db, spec: TokenPageSpec): Promise<{ rows: TokenRow[]; total: number }> {
  const result = (await db.execute(tokenPageSql(spec))) as unknown as { rows: Record<string, unknown>[] };
  const rows = result.rows.filter((row) => row.id !== null && row.id !== undefined).map(toTokenRow);
  return { rows, total: Number(result.rows[0]?.total ?? 0) };
}
