// The JSON the canvas routes answer: a canvas and a canvas token, media as URLs, typed by their contracts
// (domain/contracts/studio.ts), which the client parses them with. Each carries a few fields the studio does not read.
import type { CanvasAnswer, CanvasTokenAnswer } from '../../domain/contracts/studio.js';
import type { StudioMediaType } from '../../domain/studioRules.js';
import type { PublicConfig } from '../config.js';
import { mediaUrl, thumbnailUrl } from '../graphql/people.js';
import type { CanvasRow } from './queries/canvases.js';
import type { CanvasTokenRow } from './queries/tokens.js';
import type { VisibilityFields } from './queries/visibility.js';
import { canSeeCollection } from './visibility.js';

type Ipfs = PublicConfig['ipfs'];

/** GET /canvas/{id} and the writes' answer; the share token only for the creator. */
export function canvasJson(ipfs: Ipfs, row: CanvasRow, tokenCount: number, asCreator: boolean) {
  const answer = {
    id: String(row.id),
    name: row.name,
    symbol: row.symbol,
    description: row.description,
    // A canvas is made by the studio, whose create form refuses any other media type.
    mediaType: row.mediaType as StudioMediaType,
    state: row.state,
    cover: mediaUrl(ipfs, row.cover),
    coverThumbnail: thumbnailUrl(ipfs, row.cover),
    supplyPerToken: row.supplyPerToken,
    royaltiesBasispoints: row.royaltiesBasispoints,
    attributes: row.attributes ?? null,
    tokenCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(asCreator ? { shareToken: row.shareToken } : {}),
    address: row.address,
    chainId: row.chainId,
    creator: row.creator,
    baseUri: row.baseUri,
  };
  return answer satisfies CanvasAnswer;
}

/** A canvas token (GET/PUT /canvas/{id}/token/{tokenId}, POST /canvas/{id}/token). */
export function tokenJson(ipfs: Ipfs, row: CanvasTokenRow) {
  const answer = {
    id: String(row.id),
    tokenId: row.tokenId,
    name: row.name,
    description: row.description,
    mediaType: row.mediaType,
    media: row.media,
    mediaUrl: mediaUrl(ipfs, row.media),
    thumbnail: row.thumbnail,
    thumbnailUrl: thumbnailUrl(ipfs, row.thumbnail ?? (row.mediaType === 'image' || row.mediaType === 'multipart/image' ? row.media : null)),
    filename: row.filename,
    attributes: row.attributes ?? null,
    createdAt: row.createdAt.toISOString(),
  };
  return answer satisfies CanvasTokenAnswer;
}

/**
 * Who may read a canvas: its creator, anyone with its share token, or anyone once it is published and not hidden (as
 * the collection's own page reads it). Everyone else is told the canvas does not exist. The rule is visibility.ts's.
 */
export function canReadCanvas(row: VisibilityFields, viewer: string | null, share: string | undefined | null): boolean {
  return canSeeCollection(row, viewer, share ?? null);
}
