// POST /canvas/{id}/publish (docs/requirements.md#studio-publish): stores the collection's metadata as a UnixFS
// directory — `<tokenId>.json` per token and the manifest as `collection.json` (media/directory.ts) — sets the canvas's
// baseUri to `ipfs://<dir cid>/` and answers CreateTradableCollection's parameters. The token contract resolves
// `baseURI + id + ".json"`, which GET /ipfs/<dir cid>/<id>.json (server/http/media.ts) answers through the directory,
// as any IPFS gateway holding its blocks would (collections published before keep their raw manifest); the indexer's
// CreatedCollection finds this canvas by (chain, creator, that same baseUri, no address yet) and marks it published.
import { checksumAddress } from '../../domain/checksumAddress.js';
import type { PublishParameters } from '../../domain/contracts/studio.js';
import { TOKEN_WITHOUT_MEDIA_MESSAGE } from '../../domain/studio.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { CollectionManifest } from '../indexer/manifest.js';
import type { LiveBus } from '../live/bus.js';
import { COLLECTION_FILE, storeDirectory, type DirectoryFile } from '../media/directory.js';
import type { MediaStore } from '../media/store.js';
import { loadOwnCanvas, type CanvasActor } from './access.js';
import { updateCanvasRow, type CanvasRow } from './queries/canvases.js';
import { tokensOfCanvas, writeTokenMetadata, type CanvasTokenRow } from './queries/tokens.js';

const ipfs = (cid: string) => `ipfs://${cid}`;
/** Media shown as a still picture: its own file is the image; others (video, generative) show their thumbnail. */
const STILL = new Set(['image', 'gif', 'multipart/image']);
const ANIMATED = new Set(['video', 'multipart/mixed']);

/** One token's metadata document, as `<baseURI><tokenId>.json` answers it (besides name and description). */
export function tokenMetadata(token: Pick<CanvasTokenRow, 'media' | 'thumbnail' | 'mediaType' | 'attributes'>): Record<string, unknown> {
  const media = token.media!;
  const preview = token.thumbnail ?? media;
  const image = STILL.has(token.mediaType) ? media : preview;
  const seedValue = token.attributes?.seedValue;
  return {
    image: ipfs(image),
    ...(ANIMATED.has(token.mediaType) ? { animation_url: ipfs(media) } : {}),
    properties: { asset_url: ipfs(media), asset_preview_url: ipfs(preview) },
    attributes: typeof seedValue === 'string' ? [{ trait_type: 'seed', value: seedValue }] : [],
  };
}

/**
 * The collection manifest: deterministic for the canvas's content, so publishing again gives the same CID, and
 * unique per canvas (its id is in it), so two canvases never share a baseURI the indexer matches by.
 */
export function collectionManifest(canvas: CanvasRow, rows: CanvasTokenRow[]): CollectionManifest & { canvasId: string; creator: string } {
  return {
    canvasId: String(canvas.id),
    creator: canvas.creator,
    name: canvas.name,
    symbol: canvas.symbol,
    description: canvas.description,
    mediaType: canvas.mediaType,
    cover: canvas.cover,
    thumbnail: canvas.thumbnail,
    attributes: canvas.attributes ?? null,
    tokens: rows.map((token) => ({
      tokenId: Number(token.tokenId),
      name: token.name,
      description: token.description ?? '',
      media: token.media,
      thumbnail: token.thumbnail,
      filename: token.filename,
      attributes: token.attributes ?? null,
      metadata: tokenMetadata(token),
    })),
  };
}

/** A token's metadata document as `<baseURI><tokenId>.json` holds it. */
export const tokenDocument = (token: CollectionManifest['tokens'][number]) => ({ name: token.name, description: token.description ?? '', ...token.metadata });

/**
 * The collection's metadata directory (IPFS-compatible content addresses): `<tokenId>.json` for each token and the manifest as
 * `collection.json`; deterministic for the canvas's content, so publishing again gives the same directory CID.
 */
export function collectionDirectory(manifest: CollectionManifest): DirectoryFile[] {
  const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
  return [
    ...manifest.tokens.map((token) => ({ name: `${token.tokenId}.json`, bytes: json(tokenDocument(token)) })),
    { name: COLLECTION_FILE, bytes: json(manifest) },
  ];
}

export interface PublishOptions {
  db: Db;
  config: ServerConfig;
  mediaStore: MediaStore;
  live: LiveBus;
}

/** Pins the manifest, sets baseUri (and each token's metadata), emits PublishReady and answers the factory call's parameters. */
export async function prepareCanvasPublish({ db, config, live }: PublishOptions, account: CanvasActor, idText: string): Promise<PublishParameters> {
  const checked = await loadOwnCanvas(db, account, idText, { needs: 'finalized' });
  const factory = config.deployments?.collectionFactory;
  if (!factory || config.deployments?.chainId !== checked.chainId) {
    throw new ApiError(503, 'not_deployed', 'The collection factory is not deployed on this chain yet.');
  }
  const rows = await tokensOfCanvas(db, checked.id);
  if (rows.length === 0 || rows.some((token) => !token.media)) throw new ApiError(409, 'token_without_media', TOKEN_WITHOUT_MEDIA_MESSAGE);
  const manifest = collectionManifest(checked, rows);
  // Content-addressed and idempotent: storing before the row is updated leaves at worst an unreferenced directory.
  const cid = await storeDirectory(db, collectionDirectory(manifest));
  const baseURI = `ipfs://${cid}/`;
  const canvas = await db.transaction(async (tx) => {
    // The same checks under the lock: a concurrent delete or publish is seen here.
    const locked = await loadOwnCanvas(tx, account, idText, { needs: 'finalized', lock: true });
    // Each token keeps the metadata document it was published with.
    await writeTokenMetadata(tx, rows.map((row, i) => ({ id: row.id, metadata: tokenDocument(manifest.tokens[i]!) })));
    const updated = await updateCanvasRow(tx, locked.id, { baseUri: baseURI, tokenCount: rows.length });
    return updated!;
  });
  const doc = {
    _id: String(canvas.id),
    creator: canvas.creator,
    address: null,
    name: canvas.name,
    tokenCount: rows.length,
    chainId: canvas.chainId,
    baseURI,
    state: canvas.state,
  };
  // See docs/requirements.md#studio-publish "a ready-for-publish event moves the user to the publish step": once, to the creator's own room (their
  // studio on any device). Not to everyone: a canvas that is not published is its creator's (and the creator's socket,
  // in its room, would get a broadcast a second time). The indexer's CreatedCollection then says it is on chain.
  live.emitTo(canvas.creator, 'PublishReady', doc);
  return {
    factory: checksumAddress(factory),
    chainId: canvas.chainId,
    name: canvas.name,
    symbol: canvas.symbol,
    howManyTokens: rows.length,
    supplyPerToken: canvas.supplyPerToken,
    baseURI,
    royaltiesRecipient: checksumAddress(canvas.creator),
    royaltiesBasispoints: canvas.royaltiesBasispoints,
  };
}
