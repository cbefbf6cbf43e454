// Token nodes shown with a given holder's holding (the seller of an offer or listing), many pairs in one statement.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tokens } from '../../db/schema.js';
import type { Ipfs } from '../people.js';
import { tokenNode, type TokenNode } from '../tokenNode.js';
import { readTokenPage } from '../tokenRows.js';

export interface HolderPair {
  tokenRef: number;
  holder: string;
}

export const holderKey = (pair: HolderPair) => `${pair.tokenRef}:${pair.holder}`;

/**
 * Each pair's token with tokenHolding = the holder's holding when it holds units, else the main holder's
 * (so a sold token still links to its current owner's page). Keyed by holderKey.
 */
export async function loadHolderTokens(db: Db, ipfs: Ipfs, pairs: HolderPair[]): Promise<Map<string, TokenNode>> {
  const unique = [...new Map(pairs.map((pair) => [holderKey(pair), pair])).values()];
  if (unique.length === 0) return new Map();
  const values = sql.join(
    unique.map((pair) => sql`(${pair.tokenRef}::bigint, ${pair.holder}::text)`),
    sql`, `,
  );
  const { rows } = await readTokenPage(db, {
    from: sql`(VALUES ${values}) AS pairs(token_ref, holder) JOIN ${tokens} ON ${tokens.id} = pairs.token_ref`,
    // The id list lets the planner read tokens by primary key instead of hashing the whole table.
    where: inArray(tokens.id, [...new Set(unique.map((pair) => pair.tokenRef))]),
    segments: [{ where: undefined, orderBy: [asc(tokens.id)] }],
    limit: unique.length,
    extra: sql`pairs.holder`,
    preferHolder: sql`t.extra`,
  });
  return new Map(rows.map((row) => [holderKey({ tokenRef: row.id, holder: row.extra! }), tokenNode(ipfs, row)]));
}
