// Saving an exhibition for offline (issue 27 item 6), the page's side: the saved list (a small IndexedDB record store),
// the size estimate, the download, and removal. Every read and file of the save is sent with the pin header, so the
// service worker keeps it past the cache window (data: the data cache; files: src/offline/mediaCache.ts) until
// `offline.unpin`. The reads are the ones the exhibitions page and the works' token pages make.
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { SavedExhibition, SaveEstimate, SaveErrorKind } from '../../../machines/exhibitions/offlineExhibitionsMachine';
import { PIN_HEADER, PIN_RESULT_HEADER, type PageToWorkerMessage } from '../../offline/protocol';
import { graphqlRequest } from '../graphql';
import { getTokenFromHoldingOperation, getTokensByContainerIdOperation } from '../token';
import { PAGE_SIZE } from '../../../machines/lists/constants';
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
    // Media types are the studio's ('video') and seed 000's 'sound'; a MIME type is accepted too.
    if (token.mediaUrl && /^(video|sound|audio)\b/.test(token.mediaType ?? '')) files.add(token.mediaUrl);
  }
  return [...files];
}

// The data answers are small beside the files; counted as they arrive, estimated at this much per read.
const DATA_READ_ESTIMATE_BYTES = 8_000;

/** The download size: each file's Content-Length (HEAD, never cached), plus the data reads. */
export async function estimateExhibitionSave(exhibition: Exhibition, signal?: AbortSignal): Promise<SaveEstimate> {
  const files = exhibitionFiles(exhibition);
  const sizes = await Promise.all(
    files.map(async (url) => {
      const response = await fetch(url, { method: 'HEAD', signal });
      if (!response.ok) throw new ExhibitionSaveError('network');
      return Number(response.headers.get('Content-Length') ?? 0);
    }),
  );
  const reads = 2 + exhibition.artworks.length * 2;
  return { bytes: sizes.reduce((sum, size) => sum + size, 0) + reads * DATA_READ_ESTIMATE_BYTES, files: files.length };
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
  const read = async <T>(request: () => Promise<T>) => {
    const data = await request();
    count(JSON.stringify(data).length);
    return data;
  };
  try {
    // The app cannot start without its config: kept with the exhibition, so it opens after the cache window too.
    const config = await fetch('/api/v1/config', { headers, signal });
    if (!config.ok) throw new ExhibitionSaveError('network');
    count((await config.text()).length);
    const ended = Date.parse(exhibition.endDate) < Date.now();
    if (ended) {
      await read(() => graphqlRequest(getPastExhibitionsOperation, { pagination: { page: 1, perPage: PAST_EXHIBITIONS_PAGE_SIZE } }, { signal, headers }));
    } else {
      await read(() => graphqlRequest(getCurrentExhibitionOperation, { cDate: new Date().toISOString() }, { signal, headers }));
    }
    let after: string | null = null;
    do {
      const page = await read(() =>
        graphqlRequest(
          getExhibitionArtworksOperation,
          { exhibition_id: exhibition.id, pagination: { perPage: EXHIBITION_ARTWORKS_PAGE_SIZE, ...(after ? { after } : {}) } },
          { signal, headers },
        ),
      );
      const info = page.getExhibitionArtworks.pageInfo;
      after = info.hasNextPage ? info.endCursor : null;
    } while (after);
    for (const { token } of exhibition.artworks) {
      const holding = token.tokenHolding?.id;
      if (!holding) continue;
      const detail = await read(() => graphqlRequest(getTokenFromHoldingOperation, { id: holding }, { signal, headers }));
      const collection = detail.getTokenFromHolding?.collection._id;
      const tokenId = detail.getTokenFromHolding?._id;
      if (collection && tokenId) {
        await read(() =>
          graphqlRequest(getTokensByContainerIdOperation, { container_id: collection, pagination: { perPage: PAGE_SIZE.siblingQuery }, exclude: tokenId }, { signal, headers }),
        );
      }
    }
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
