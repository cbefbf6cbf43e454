// What an exhibition shows (the editorial pages; docs/requirements.md#exhibitions): its artworks as marketplace tokens sorted by order,
// the distinct artists in the order of their first artwork, and their display names joined for a card. Loaded for
// every exhibition of a request together (two statements whatever the page size), and shared with REST's featured
// exhibition, so the card and the viewer name the same artists.
import { and, asc, inArray, sql } from 'drizzle-orm';
import { artistDisplayName, shortenId } from '../../../domain/artistName.js';
import type { Db } from '../../db/client.js';
import { exhibitionArtworks, exhibitions, tokens } from '../../db/schema.js';
import { batchLoad } from '../batch.js';
import type { GraphqlContext } from '../module.js';
import { mediaUrl, personInfo, thumbnailUrl, type Ipfs, type PersonInfo } from '../people.js';
import { tokenNode, type TokenNode } from '../tokenNode.js';
import { hiddenCollections } from '../tokens.js';
import { readTokenPage } from '../tokenRows.js';

type ExhibitionRow = typeof exhibitions.$inferSelect;

export interface ExhibitionArtworkNode {
  order: number;
  medium: string | null;
  token: TokenNode;
}

export interface ExhibitionContents {
  artworks: ExhibitionArtworkNode[];
  artistInfos: PersonInfo[];
  artistNamesFormatted: string;
}

const EMPTY: ExhibitionContents = { artworks: [], artistInfos: [], artistNamesFormatted: '' };

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The curator as the statement page names them: the text with its spaces tidied; a wallet address shortened. */
export function formatCurator(curator: string | null): string | null {
  const text = curator?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? shortenId(text.toLowerCase()) : text;
}

export interface ExhibitionNode {
  id: string;
  title: string;
  subtitle: string | null;
  cover: string | null;
  coverThumbnail: string | null;
  startDate: string;
  endDate: string;
  exhibitionIntro: string | null;
  curatorialStatement: string | null;
  curator: string | null;
  curatorNameFormatted: string | null;
  /** Read by the nested field resolvers (artworks, artistInfos, artistNamesFormatted). */
  rowId: number;
}

/** The stored row as the API shows it; exhibitionIntro stays as stored (the literal 'undefined' included). */
export function exhibitionNode(ipfs: Ipfs, row: ExhibitionRow): ExhibitionNode {
  return {
    id: String(row.id),
    title: row.title,
    subtitle: row.subtitle,
    cover: mediaUrl(ipfs, row.cover),
    coverThumbnail: thumbnailUrl(ipfs, row.cover),
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    exhibitionIntro: row.exhibitionIntro,
    curatorialStatement: row.curatorialStatement,
    curator: row.curator,
    curatorNameFormatted: formatCurator(row.curator),
    rowId: row.id,
  };
}

/**
 * The contents of the given exhibitions: one read of their artwork links, one token page for every linked token
 * (collection, people and holding joined, as every token list). Tokens of hidden or unpublished collections are
 * left out, and so are their artists.
 */
export async function loadExhibitionContents(db: Db, ipfs: Ipfs, ids: readonly number[]): Promise<Map<number, ExhibitionContents>> {
  const result = new Map<number, ExhibitionContents>();
  if (ids.length === 0) return result;
  const links = await db
    .select({ exhibitionId: exhibitionArtworks.exhibitionId, tokenId: exhibitionArtworks.tokenId, order: exhibitionArtworks.order, medium: exhibitionArtworks.medium })
    .from(exhibitionArtworks)
    .where(inArray(exhibitionArtworks.exhibitionId, [...ids]))
    .orderBy(asc(exhibitionArtworks.exhibitionId), asc(exhibitionArtworks.order), asc(exhibitionArtworks.id));
  const tokenIds = [...new Set(links.map((link) => link.tokenId))];
  const { rows } =
    tokenIds.length === 0
      ? { rows: [] }
      : await readTokenPage(db, {
          where: and(inArray(tokens.id, tokenIds), sql`${tokens.collectionId} <> ALL(${hiddenCollections})`),
          segments: [{ where: undefined, orderBy: [asc(tokens.id)] }],
          limit: tokenIds.length,
        });
  const byToken = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const artworks: ExhibitionArtworkNode[] = [];
    const artists = new Map<string, PersonInfo>();
    const names: string[] = [];
    for (const link of links) {
      if (link.exhibitionId !== id) continue;
      const row = byToken.get(link.tokenId);
      if (!row) continue;
      artworks.push({ order: link.order, medium: link.medium, token: tokenNode(ipfs, row) });
      if (!artists.has(row.creator)) {
        const person = personInfo(ipfs, row.creator, row.creatorAccount);
        artists.set(row.creator, person);
        names.push(artistDisplayName({ ...person, address: row.creator }));
      }
    }
    result.set(id, { artworks, artistInfos: [...artists.values()], artistNamesFormatted: joinNames(names) });
  }
  return result;
}

/** Batched per request: every exhibition on a page asks in the same tick and is loaded together. */
export function exhibitionContents(context: GraphqlContext, node: ExhibitionNode): Promise<ExhibitionContents> {
  return batchLoad(context, 'exhibition.contents', node.rowId, (ids) => loadExhibitionContents(context.db, context.config.ipfs, ids)).then(
    (contents) => contents ?? EMPTY,
  );
}
