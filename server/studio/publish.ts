// POST /canvas/{id}/publish (docs/requirements.md#studio-publish): stores the collection's metadata as a UnixFS
// directory — `<tokenId>.json` per token and the manifest as `collection.json` (media/directory.ts) — sets the canvas's
// baseUri to `ipfs://<dir cid>/` and answers CreateTradableCollection's parameters. The token contract resolves
// `baseURI + id + ".json"`, which GET /ipfs/<dir cid>/<id>.json (server/http/media.ts) answers through the directory,
// as any IPFS gateway holding its blocks would (collections published before keep their raw manifest); the indexer's
// CreatedCollection finds this canvas by (chain, creator, that same baseUri, no address yet) and marks it published.
// A generative collection's publish may send each token's render (domain/generativeRender.ts): it is recorded in that
// token's metadata document at `properties.render`.
import { checksumAddress } from '../../domain/checksumAddress.js';
import type { PublishParameters } from '../../domain/contracts/studio.js';
import { INVALID_RENDERS_MESSAGE, parseGenerativeRender, RENDERS_NOT_GENERATIVE_MESSAGE, type GenerativeRender } from '../../domain/generativeRender.js';
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
/** The media type of a generative collection: the only one whose tokens record a render. */
const GENERATIVE = 'multipart/mixed';

/** The record's own fields only, in one key order (check first), so the metadata directory stays deterministic. */
const renderRecord = (render: GenerativeRender): GenerativeRender =>
  render.check === 'pixels'
    ? { check: 'pixels', sha256: render.sha256, width: render.width, height: render.height, frame: render.frame }
    : { check: 'none', reason: render.reason };

/**
 * The renders of the publish request's body (`{ renders?: { <tokenId>: GenerativeRender } }`, or no body at all):
 * each key a token id of this canvas, each value a well-formed render, nothing else in the body (400 invalid_renders);
 * renders only for a generative collection (400 renders_not_generative). Checked before anything is stored.
 */
export function publishRenders(body: unknown, canvas: Pick<CanvasRow, 'mediaType'>, rows: Pick<CanvasTokenRow, 'tokenId'>[]): Record<string, GenerativeRender> {
  if (body === undefined) return {};
  const invalid = () => new ApiError(400, 'invalid_renders', INVALID_RENDERS_MESSAGE);
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(body) || Object.keys(body).some((key) => key !== 'renders')) throw invalid();
  if (!Object.hasOwn(body, 'renders')) return {};
  const { renders } = body;
  if (!isObject(renders)) throw invalid();
  const tokenIds = new Set(rows.map((row) => String(row.tokenId)));
  const entries = Object.entries(renders);
  // More entries than tokens cannot all be this canvas's token ids: refused before any is parsed.
  if (entries.length > tokenIds.size) throw invalid();
  const parsed: Record<string, GenerativeRender> = {};
  for (const [tokenId, value] of entries) {
    const render = tokenIds.has(tokenId) ? parseGenerativeRender(value) : null;
    if (!render) throw invalid();
    parsed[tokenId] = render;
  }
  if (entries.length > 0 && canvas.mediaType !== GENERATIVE) throw new ApiError(400, 'renders_not_generative', RENDERS_NOT_GENERATIVE_MESSAGE);
  return parsed;
}

/**
 * One token's metadata document, as `<baseURI><tokenId>.json` answers it (besides name and description); with the
 * token's render (a generative token's, from the publish request) at `properties.render`.
 */
export function tokenMetadata(token: Pick<CanvasTokenRow, 'media' | 'thumbnail' | 'mediaType' | 'attributes'>, render?: GenerativeRender): Record<string, unknown> {
  const media = token.media!;
  const preview = token.thumbnail ?? media;
  const image = STILL.has(token.mediaType) ? media : preview;
  const seedValue = token.attributes?.seedValue;
  return {
    image: ipfs(image),
    ...(ANIMATED.has(token.mediaType) ? { animation_url: ipfs(media) } : {}),
    properties: { asset_url: ipfs(media), asset_preview_url: ipfs(preview), ...(render ? { render: renderRecord(render) } : {}) },
    attributes: typeof seedValue === 'string' ? [{ trait_type: 'seed', value: seedValue }] : [],
  };
}

/**
 * The collection manifest: deterministic for the canvas's content (and the renders, by token id), so publishing again
 * gives the same CID, and unique per canvas (its id is in it), so two canvases never share a baseURI the indexer
 * matches by. Its tokens' metadata is what the indexer copies to token rows it creates.
 */
export function collectionManifest(
  canvas: CanvasRow,
  rows: CanvasTokenRow[],
  renders: Record<string, GenerativeRender> = {},
): CollectionManifest & { canvasId: string; creator: string } {
  const renderOf = (tokenId: string) => (Object.hasOwn(renders, tokenId) ? renders[tokenId] : undefined);
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
      metadata: tokenMetadata(token, renderOf(String(token.tokenId))),
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

/**
 * Pins the manifest, sets baseUri (and each token's metadata), emits PublishReady and answers the factory call's
 * parameters. `body` is the request's JSON body (undefined without one): the tokens' renders (publishRenders).
 */
export async function prepareCanvasPublish({ db, config, live }: PublishOptions, account: CanvasActor, idText: string, body?: unknown): Promise<PublishParameters> {
  const checked = await loadOwnCanvas(db, account, idText, { needs: 'finalized' });
  const factory = config.deployments?.collectionFactory;
  if (!factory || config.deployments?.chainId !== checked.chainId) {
    throw new ApiError(503, 'not_deployed', 'The collection factory is not deployed on this chain yet.');
  }
  const rows = await tokensOfCanvas(db, checked.id);
  if (rows.length === 0 || rows.some((token) => !token.media)) throw new ApiError(409, 'token_without_media', TOKEN_WITHOUT_MEDIA_MESSAGE);
  // Checked before anything is stored: a refused body leaves no directory and no changed row.
  const renders = publishRenders(body, checked, rows);
  const manifest = collectionManifest(checked, rows, renders);
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
