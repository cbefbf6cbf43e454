// Saving an exhibition for offline, the page's side: the saved list (a small IndexedDB record store),
// the size estimate, the download, and removal. Every read and file of the save is sent with the pin header, so the
// service worker keeps it past the cache window (data: the data cache; files: src/offline/mediaCache.ts) until
// `offline.unpin`. The reads are the ones the exhibitions page and the works' token pages make (offers and comments
// included), with the same variables.
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { SavedExhibition, SaveEstimate, SaveErrorKind } from '../../../machines/exhibitions/offlineExhibitionsMachine';
import { PIN_HEADER, PIN_RESULT_HEADER, type PageToWorkerMessage } from '../../offline/protocol';
import { COMMENTS_PAGE_SIZE } from '../../../machines/comments/rules';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import { GET_COMMENTS_BY_TOKEN_ID } from '../comments';
import { graphqlRequest, type GraphqlRequestOptions } from '../graphql';
import { getOffersByTokenOperation, getTokenFromHoldingOperation, getTokensByContainerIdOperation } from '../token';
import {
  EXHIBITION_ARTWORKS_PAGE_SIZE,
  getCurrentExhibitionOperation,
  getExhibitionArtworksOperation,
  getPastExhibitionsOperation,
  PAST_EXHIBITIONS_PAGE_SIZE,
  type Exhibition,
} from './exhibitions';

let store: UseStore | undefined;
const savedStore = () => (store ??= createStore('artbazaar-saved-exhibitions', 'saved'));

export const exhibitionPin = (exhibitionId: string) => `exhibition:${exhibitionId}`;

/** A save failed: why, for the machine's message. */
export class ExhibitionSaveError extends Error {
  override name = 'ExhibitionSaveError';
  constructor(
    readonly kind: SaveErrorKind,
    options?: { cause?: unknown },
  ) {
    super(`Saving the exhibition failed (${kind})`, options);
  }
}

export async function listSavedExhibitions(): Promise<SavedExhibition[]> {
  const saved = await values<SavedExhibition>(savedStore());
  return saved.sort((a, b) => b.savedAt - a.savedAt);
}

/** The files a save keeps: the cover and every work at the size the viewer shows it, videos and sound whole. */
export function exhibitionFiles(exhibition: Exhibition): string[] {
  const files = new Set<string>();
  if (exhibition.cover) files.add(exhibition.cover);
  if (exhibition.coverThumbnail) files.add(exhibition.coverThumbnail);
  for (const { token } of exhibition.artworks) {
    const shown = token.thumbnailUrl ?? token.mediaUrl;
    if (shown) files.add(shown);
    // Media types are the studio's ('video') and the marketplace's 'sound'; a MIME type is accepted too.
    if (token.mediaUrl && /^(video|sound|audio)\b/.test(token.mediaType ?? '')) files.add(token.mediaUrl);
  }
  return [...files];
}

/** The bytes of a data answer as the worker stores it. */
const answerBytes = (data: unknown) => new TextEncoder().encode(JSON.stringify(data)).byteLength;

/**
 * Every data read a saved exhibition keeps, with the variables its pages send (the worker keys answers by them):
 * the app's config, the exhibition, its works, and each work's token page (the token, its siblings, the first page
 * of its offers and of its comments, as an anonymous visitor reads them). `measure` gets each answer's bytes.
 */
async function exhibitionReads(exhibition: Exhibition, options: GraphqlRequestOptions, measure: (bytes: number) => void): Promise<void> {
  const { signal, headers } = options;
  const read = async <T>(request: () => Promise<T>) => {
    const data = await request();
    measure(answerBytes(data));
    return data;
  };
  // The app cannot start without its config: kept with the exhibition, so it opens after the cache window too.
  const config = await fetch('/api/v1/config', { headers, signal });
  if (!config.ok) throw new ExhibitionSaveError('network');
  measure((await config.arrayBuffer()).byteLength);
  const ended = Date.parse(exhibition.endDate) < Date.now();
  if (ended) {
    await read(() => graphqlRequest(getPastExhibitionsOperation, { pagination: { page: 1, perPage: PAST_EXHIBITIONS_PAGE_SIZE } }, options));
  } else {
    await read(() => graphqlRequest(getCurrentExhibitionOperation, { cDate: new Date().toISOString() }, options));
  }
  let after: string | null = null;
  do {
    const page = await read(() =>
      graphqlRequest(
        getExhibitionArtworksOperation,
        { exhibition_id: exhibition.id, pagination: { perPage: EXHIBITION_ARTWORKS_PAGE_SIZE, ...(after ? { after } : {}) } },
        options,
      ),
    );
    const info = page.getExhibitionArtworks.pageInfo;
    after = info.hasNextPage ? info.endCursor : null;
  } while (after);
  for (const { token } of exhibition.artworks) {
    const holding = token.tokenHolding?.id;
    if (!holding) continue;
    const detail = (await read(() => graphqlRequest(getTokenFromHoldingOperation, { id: holding }, options))).getTokenFromHolding;
    if (!detail) continue;
    // The token page's reads (src/views/token/TokenDetails.tsx): siblings, offers on the owner's sale, comments.
    await read(() =>
      graphqlRequest(
        getTokensByContainerIdOperation,
        { container_id: detail.collection._id, pagination: { perPage: PAGE_SIZE.siblingQuery }, exclude: detail._id },
        options,
      ),
    );
    const seller = (detail.tokenHolding?.owner ?? detail.ownerInfo)?.address ?? null;
    await read(() => graphqlRequest(getOffersByTokenOperation, { token: detail._id, seller, pagination: { perPage: PAGE_SIZE.offers } }, options));
    await read(() => graphqlRequest(GET_COMMENTS_BY_TOKEN_ID, { token_id: detail._id, pagination: { after: null, perPage: COMMENTS_PAGE_SIZE } }, options));
  }
}

/**
 * The download size: each file's Content-Length (HEAD, never cached), plus the data reads as they answer now (read
 * once, unpinned, and measured: what the save will store).
 */
export async function estimateExhibitionSave(exhibition: Exhibition, signal?: AbortSignal): Promise<SaveEstimate> {
  const files = exhibitionFiles(exhibition);
  const sizes = await Promise.all(
    files.map(async (url) => {
      const response = await fetch(url, { method: 'HEAD', signal });
      if (!response.ok) throw new ExhibitionSaveError('network');
      return Number(response.headers.get('Content-Length') ?? 0);
    }),
  );
  let dataBytes = 0;
  await exhibitionReads(exhibition, { signal }, (bytes) => (dataBytes += bytes));
  return { bytes: sizes.reduce((sum, size) => sum + size, 0) + dataBytes, files: files.length };
}

const workerReady = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** Downloads and pins everything the exhibition needs offline; `onProgress` gets the bytes done so far. */
export async function downloadExhibition(exhibition: Exhibition, onProgress: (doneBytes: number) => void, signal: AbortSignal): Promise<SavedExhibition> {
  if (!workerReady()) throw new ExhibitionSaveError('unavailable');
  const pin = exhibitionPin(exhibition.id);
  const headers = { [PIN_HEADER]: pin };
  let done = 0;
  const count = (bytes: number) => {
    done += bytes;
    onProgress(done);
  };
  try {
    await exhibitionReads(exhibition, { signal, headers }, count);
    for (const url of exhibitionFiles(exhibition)) await downloadFile(url, pin, count, signal);
  } catch (error) {
    // Nothing half-saved stays pinned.
    unpin(pin);
    if (error instanceof ExhibitionSaveError || signal.aborted) throw error;
    throw new ExhibitionSaveError('network', { cause: error });
  }
  const saved: SavedExhibition = { id: exhibition.id, title: exhibition.title, bytes: done, savedAt: Date.now(), endDate: exhibition.endDate };
  await set(exhibition.id, saved, savedStore());
  return saved;
}

async function downloadFile(url: string, pin: string, count: (bytes: number) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { headers: { [PIN_HEADER]: pin }, signal });
  if (!response.ok || !response.body) throw new ExhibitionSaveError('network');
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) count(chunk.value.byteLength);
  const result = response.headers.get(PIN_RESULT_HEADER);
  if (result === 'quota') throw new ExhibitionSaveError('quota');
  if (result !== 'stored') throw new ExhibitionSaveError('unavailable');
}

function unpin(pin: string): void {
  const message: PageToWorkerMessage = { type: 'offline.unpin', pin };
  navigator.serviceWorker?.controller?.postMessage(message);
}

/** Forgets a saved exhibition: the worker releases its pin, the record goes. Returns its id. */
export async function removeSavedExhibition(exhibitionId: string): Promise<string> {
  unpin(exhibitionPin(exhibitionId));
  await del(exhibitionId, savedStore());
  return exhibitionId;
}
