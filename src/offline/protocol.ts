// What the page and the service worker's data cache (offline-first) say to each other. Shared by src/sw.ts (worker) and
// the page's services, so both sides name the same headers and messages. Plain TypeScript: no DOM, no worker types.

/**
 * Set by the worker on an answer it served from its stored copy instead of the network: the answer's fetch time in
 * epoch milliseconds. Absent on every answer that came from the server.
 */
export const STORED_ANSWER_HEADER = 'X-Artbazaar-Stored';

/**
 * Sent by the page on a read it wants kept past the cache window (a saved exhibition): the pin's name, e.g.
 * `exhibition:<id>`. The worker stores the answer with that pin; pinned entries are never evicted by age or size,
 * only by an `offline.unpin` message.
 */
export const PIN_HEADER = 'X-Artbazaar-Pin';

/** Messages the page posts to the worker (navigator.serviceWorker.controller.postMessage). */
export type PageToWorkerMessage =
  /** Remove every stored private answer of this account (sign-out, account change). Address lowercased. */
  | { type: 'offline.forgetAccount'; account: string }
  /** Run the eviction now (the app sends it on each start). */
  | { type: 'offline.evict' }
  /** Remove a pin from every entry (data and media); entries left without pin and past the window go. */
  | { type: 'offline.unpin'; pin: string }
  /**
   * The reads this page sent before the worker controlled it (its first visit), sent once when the worker takes
   * control: the worker asks the server for each read again and stores the answers (GraphQL queries and GET reads
   * only; anything else in the list is dropped, never sent), and stores the images the page showed.
   */
  | { type: 'offline.storeReads'; reads: HandedRead[] }
  /**
   * Reads the page got answered without asking the worker (a navigation's first answers, which the server put in the
   * page at `fetchedAt`) while the worker controls it: the worker stores each answer as if it had fetched it, so the
   * page opens offline with what it showed (queries only; anything else is dropped).
   */
  | { type: 'offline.storeAnswers'; answers: HandedAnswer[] }
  /** The new version is applied only on the user's word (existing). */
  | { type: 'SKIP_WAITING' };

/** One read the page hands to the worker (`offline.storeReads`): same-origin URL, method, headers, text body. */
export interface HandedRead {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** A read and the answer the page got for it (`offline.storeAnswers`): the JSON body, the server's time of it. */
export interface HandedAnswer {
  read: HandedRead;
  body: string;
  fetchedAt: number;
}

/** At most this many reads are handed over (the newest kept): a first visit makes a few dozen. */
export const HANDED_READS_MAX = 120;

/** Messages the worker posts to its clients. */
export type WorkerToPageMessage =
  /** Storage is full: reported once per worker start; the worker evicted its oldest entries. */
  | { type: 'offline.quota' }
  /** A request the worker sent to the server failed (network) or succeeded: the app's connectivity status. */
  | { type: 'offline.network'; reachable: boolean };

/** The IndexedDB database and object stores of the worker's data cache (tests read them through the page). */
export const DATA_DB = { name: 'artbazaar-data', version: 1, entries: 'entries' } as const;

/** One stored answer. */
export interface StoredEntry {
  /** `${account}|${operation}|${stable variables}`; account is the lowercased address or 'public'. */
  key: string;
  account: string;
  /** Epoch ms when the server answered. Tests rewrite it to age an entry. */
  fetchedAt: number;
  /** Epoch ms of the last time it was served or written (least-recently-used eviction). */
  usedAt: number;
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Pins (saved exhibitions) keeping it past the window. */
  pins: string[];
  /** For the current exhibition (keyed without cDate): its end date in epoch ms; past it, the entry counts as none. */
  expiresAt?: number;
}

/**
 * Set by the worker on the answer to a pinned media request (`PIN_HEADER`): `stored` when the file is kept for the
 * saved exhibition, `quota` when storage was full even after evicting unpinned media. Absent: no worker answered
 * (the save cannot keep anything). Added by the media cache (saving an exhibition for offline).
 */
export const PIN_RESULT_HEADER = 'X-Artbazaar-Pinned';
export type PinResult = 'stored' | 'quota';
