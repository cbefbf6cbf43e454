// A first visit's reads run before the service worker controls the page, so the worker never sees them and nothing of
// that page is stored: it would not open offline until visited again (offline-first). The data layer records each read
// it sends while no worker controls the page (an array push: nothing waits for the worker); when a worker first
// takes control, the list goes to it once (`offline.storeReads`), with the page's images, and the worker asks the
// server for each read again and stores the answers. Only reads are recorded; the worker drops anything else.
import { HANDED_READS_MAX, type HandedRead, type PageToWorkerMessage } from '../../offline/protocol';
import { requestNonce } from '../requestNonce';

const reads: HandedRead[] = [];

interface WorkerContainer {
  readonly controller: { postMessage(message: PageToWorkerMessage): void } | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
}

const browserContainer = (): WorkerContainer | null => (typeof navigator === 'undefined' ? null : ((navigator.serviceWorker as WorkerContainer | undefined) ?? null));

/** Is a worker answering this page's requests? (Then it stores them itself.) */
const controlled = (container: WorkerContainer | null) => container === null || container.controller !== null;

/**
 * Records a read the page sends (a GraphQL query's POST, or a GET under /api/ or /content/) while no worker controls
 * the page. `container` is for tests.
 */
export function recordRead(url: string, init: RequestInit = {}, container: WorkerContainer | null = browserContainer()): void {
  if (controlled(container)) return;
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'POST') return;
  if (method === 'POST' && typeof init.body !== 'string') return;
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  reads.push({ url: new URL(url, globalThis.location?.href).href, method, headers, ...(method === 'POST' ? { body: init.body as string } : {}) });
  if (reads.length > HANDED_READS_MAX) reads.splice(0, reads.length - HANDED_READS_MAX);
}

/**
 * A read answered in the page (a navigation's first answer) never reaches the worker: while a worker controls the
 * page, it is handed the answer to store as it would have (`offline.storeAnswers`), so the page opens offline with
 * what it showed. Before a worker controls the page, recordRead has the read and the worker asks for it itself.
 */
export function handAnswer(url: string, init: RequestInit, answer: { body: string; at: number }, container: WorkerContainer | null = browserContainer()): void {
  const worker = container?.controller;
  if (!worker || typeof init.body !== 'string') return;
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const read: HandedRead = { url: new URL(url, globalThis.location?.href).href, method: 'POST', headers, body: init.body };
  worker.postMessage({ type: 'offline.storeAnswers', answers: [{ read, body: answer.body, fetchedAt: answer.at }] });
}

/** A GET of this origin's media (`/ipfs/…`), as the worker asks for it again; null for anything else. */
function mediaRead(address: string): HandedRead | null {
  if (typeof location === 'undefined' || !address) return null;
  const url = new URL(address, location.href);
  return url.origin === location.origin && url.pathname.startsWith('/ipfs/') ? { url: url.href, method: 'GET', headers: {} } : null;
}

/**
 * The images the page loaded from its own origin's media (`/ipfs/…`) before the worker controlled it: those the
 * page shows (loaded), and those its resource timeline lists (also images no longer shown). Both, because a loaded
 * image's timeline entry is added a moment after its load: one just loaded is in the page and not yet listed.
 */
function shownImages(): HandedRead[] {
  const addresses = new Set<string>();
  if (typeof document !== 'undefined') {
    for (const image of Array.from(document.images)) if (image.complete && image.naturalWidth > 0) addresses.add(image.currentSrc || image.src);
  }
  if (typeof performance !== 'undefined') {
    for (const entry of performance.getEntriesByType('resource')) if ((entry as PerformanceResourceTiming).initiatorType === 'img') addresses.add(entry.name);
  }
  return [...addresses].map((address) => mediaRead(address)).filter((read): read is HandedRead => read !== null);
}

/**
 * An image still loading when the worker took control was asked for without it (and is not among the loaded ones
 * yet), so it would never be stored: each such media image is handed over when it has loaded. (A lazy image that
 * starts loading later goes through the worker; handing it over too only finds it stored.)
 */
function handImagesStillLoading(worker: { postMessage(message: PageToWorkerMessage): void }): void {
  if (typeof document === 'undefined') return;
  for (const image of Array.from(document.images)) {
    const read = image.complete ? null : mediaRead(image.currentSrc || image.src);
    if (read) image.addEventListener('load', () => worker.postMessage({ type: 'offline.storeReads', reads: [read] }), { once: true });
  }
}

/**
 * The recorded reads as the worker should send them: a signed read gets a fresh Nonce (the server refuses a nonce it
 * has seen); the list is emptied.
 */
export function takeRecordedReads(images: HandedRead[] = shownImages()): HandedRead[] {
  const taken = reads.splice(0).map((read) => {
    const nonce = Object.keys(read.headers).find((name) => name.toLowerCase() === 'nonce');
    return nonce ? { ...read, headers: { ...read.headers, [nonce]: requestNonce() } } : read;
  });
  return [...taken, ...images].slice(-HANDED_READS_MAX);
}

/**
 * When a worker first takes control of a page it did not control, hands it the recorded reads once. Returns the
 * unsubscribe (also called after the handover).
 */
export function handFirstReadsToWorker(container: WorkerContainer | null = browserContainer(), images?: () => HandedRead[]): () => void {
  if (controlled(container)) return () => {};
  const onControl = () => {
    const worker = container!.controller;
    if (!worker) return;
    stop();
    const handed = takeRecordedReads(images?.());
    if (handed.length > 0) worker.postMessage({ type: 'offline.storeReads', reads: handed });
    handImagesStillLoading(worker);
  };
  const stop = () => container!.removeEventListener('controllerchange', onControl);
  container!.addEventListener('controllerchange', onControl);
  return stop;
}
