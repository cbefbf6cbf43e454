// The worker's data cache (one data cache, owned by the service worker): answers GraphQL queries and same-origin GET reads from the network,
// stores good answers per account, and serves the stored copy when the network fails (or, after a failure, is
// slow). Pure of worker globals: sw.ts hands in fetch, the clock, the store and how to reach the clients.
import {
  EVICTION_INTERVAL_MS,
  STORED_ANSWER_AFTER_MS,
  accountOf,
  answerFromStore,
  entryBytes,
  evictionPlan,
  expiresAtOf,
  isCachedReadPath,
  isQueryDocument,
  isServable,
  operationNameOf,
  quotaEvictionPlan,
  requestKey,
} from './dataPolicy';
import { isQuotaError, type DataStore } from './dataStore';
import { PIN_HEADER, STORED_ANSWER_HEADER, type StoredEntry, type WorkerToPageMessage } from './protocol';

export interface DataCacheOptions {
  store: DataStore;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
  lifetimeMs: number;
  /** Bytes the unpinned entries may take together (least recently used go first past it). */
  budgetBytes: number;
  /** The path the GraphQL endpoint is served at. */
  graphqlPath: string;
  /** Posts to every client of the worker. */
  notify: (message: WorkerToPageMessage) => void;
  /** Keeps the worker alive for work that outlasts the answer (storing it). */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Resolves after `ms` (tests hand in their own clock). */
  sleep?: (ms: number) => Promise<void>;
}

interface Read {
  operation: string;
  variables: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createDataCache(options: DataCacheOptions) {
  const { store, now, lifetimeMs, budgetBytes, notify } = options;
  const waitUntil = options.waitUntil ?? (() => {});
  const sleep = options.sleep ?? defaultSleep;
  // Did the last request to the server fail? Drives the 3-second rule and the reachability messages.
  let previousRequestFailed = false;
  let lastEviction = Number.NEGATIVE_INFINITY;
  let quotaReported = false;

  /** Is this request one the data cache answers? (Sync: the worker's router asks it before reading a body.) */
  function matches(request: Request, origin: string): boolean {
    if (request.mode === 'navigate') return false;
    const url = new URL(request.url);
    if (url.origin !== origin) return false;
    if (request.method === 'GET') return isCachedReadPath(url.pathname);
    return request.method === 'POST' && url.pathname === options.graphqlPath;
  }

  async function readOf(request: Request): Promise<Read | null> {
    const url = new URL(request.url);
    if (request.method === 'GET') return { operation: `GET ${url.pathname}${url.search}`, variables: {} };
    try {
      const body = JSON.parse(await request.clone().text()) as { query?: unknown; operationName?: unknown; variables?: unknown };
      if (!body || typeof body.query !== 'string' || !isQueryDocument(body.query)) return null;
      return { operation: operationNameOf(body.query, body.operationName), variables: body.variables ?? {} };
    } catch {
      // Not a single JSON request (a batch, or no JSON at all): the server judges it.
      return null;
    }
  }

  /**
   * Posts the server's reachability to the pages: a recovery once, on the change; every failure, since a page opened
   * after the first one starts out thinking the server reachable when the browser says it is online (a connection
   * without a way out, the server down; and Chromium 150's offline emulation no longer reaches a page loaded while
   * offline) and would show stored answers as merely saved rather than offline.
   */
  function reachability(reachable: boolean): void {
    const failedBefore = previousRequestFailed;
    previousRequestFailed = !reachable;
    if (!reachable || failedBefore) notify({ type: 'offline.network', reachable });
  }

  async function storedAnswer(key: string): Promise<Response | null> {
    let entry: StoredEntry | undefined;
    try {
      entry = await store.get(key);
    } catch {
      return null;
    }
    const at = now();
    if (!entry || !isServable(entry, at, lifetimeMs)) return null;
    waitUntil(store.touch(key, at).catch(() => {}));
    const headers = new Headers(entry.headers);
    headers.set(STORED_ANSWER_HEADER, String(entry.fetchedAt));
    return new Response(entry.body, { status: entry.status, headers });
  }

  async function putWithQuota(entry: StoredEntry): Promise<void> {
    try {
      await store.put(entry);
    } catch (error) {
      if (!isQuotaError(error)) return;
      if (!quotaReported) {
        quotaReported = true;
        notify({ type: 'offline.quota' });
      }
      try {
        await store.delete(quotaEvictionPlan(await store.all(), entryBytes(entry)));
        await store.put(entry);
      } catch {
        // Still full: this answer is not stored; the page already has it.
      }
    }
  }

  async function remember(key: string, read: Read, account: string, pin: string | null, response: Response, fetchedAt = now()): Promise<void> {
    const type = response.headers.get('content-type') ?? '';
    const json = /json/i.test(type);
    // Only text answers are stored (media has its own cache, by CID).
    if (!json && !/^text\/|javascript|xml/i.test(type)) return;
    const body = await response.text();
    let parsed: unknown;
    if (json) {
      try {
        parsed = JSON.parse(body);
      } catch {
        return;
      }
      if (parsed && typeof parsed === 'object' && 'errors' in parsed && (parsed as { errors?: unknown }).errors != null) return;
    }
    const previous = await store.get(key).catch(() => undefined);
    // An answer older than the one stored (handed over late) does not replace it.
    if (previous && previous.fetchedAt > fetchedAt) return;
    const pins = [...new Set([...(previous?.pins ?? []), ...(pin ? [pin] : [])])];
    const expiresAt = expiresAtOf(read.operation, parsed);
    await putWithQuota({
      key,
      account,
      fetchedAt,
      usedAt: now(),
      status: response.status,
      headers: { 'content-type': type },
      body,
      pins,
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    });
  }

  /**
   * The answer to a matched request. `waitUntil` (the fetch event's) is called at once, so the worker stays alive
   * until the network's answer is stored, even when the stored copy answered first.
   */
  function handle(request: Request, eventWaitUntil: (work: Promise<unknown>) => void = waitUntil): Promise<Response> {
    let finished!: () => void;
    eventWaitUntil(new Promise<void>((resolve) => (finished = resolve)));
    eventWaitUntil(evictIfDue());
    const answer = answerOf(request, (work) => work.then(finished, finished));
    // A failed answer has nothing left to store.
    answer.catch(finished);
    return answer;
  }

  async function answerOf(request: Request, whenSettled: (work: Promise<unknown>) => void): Promise<Response> {
    const read = await readOf(request);
    // Mutations (and what cannot be read) go to the server untouched.
    if (!read) {
      const passed = options.fetch(request);
      whenSettled(passed);
      return passed;
    }
    const account = accountOf(request.headers.get('Authorization'));
    const key = requestKey(account, read.operation, read.variables);
    const pin = request.headers.get(PIN_HEADER);
    const failedBefore = previousRequestFailed;

    let storing: Promise<void> = Promise.resolve();
    const network = options.fetch(request).then(
      (response) => {
        reachability(true);
        // The copy is taken before the page reads the answer; only 200s are candidates (4xx/5xx pass through).
        if (response.status === 200) storing = remember(key, read, account, pin, response.clone()).catch(() => {});
        return response;
      },
      (error: unknown) => {
        if (!request.signal?.aborted) reachability(false);
        throw error;
      },
    );

    whenSettled(network.then(() => storing, () => {}));
    try {
      if (!answerFromStore('network-slow', failedBefore)) return await network;
      const first = await Promise.race([network, sleep(STORED_ANSWER_AFTER_MS).then(() => null)]);
      if (first) return first;
      const stored = await storedAnswer(key);
      if (stored) {
        // The slow answer still lands in the store when it comes.
        network.catch(() => {});
        return stored;
      }
      return await network;
    } catch (error) {
      if (request.signal?.aborted || !answerFromStore('network-failed', failedBefore)) throw error;
      const stored = await storedAnswer(key);
      if (stored) return stored;
      throw error;
    }
  }

  /**
   * Asks the server for a read again and stores its answer (the reads a page sent before this worker controlled it).
   * Anything that is not a read (a mutation, a body that cannot be read) is never sent: false.
   */
  async function storeRead(request: Request): Promise<boolean> {
    if (!(await readOf(request))) return false;
    const work: Promise<unknown>[] = [];
    try {
      await handle(request, (task) => work.push(task));
    } catch {
      // No answer (offline, aborted): nothing to store.
    }
    await Promise.all(work);
    return true;
  }

  /**
   * Stores an answer the page got without asking this worker (a navigation's first answer, given in the page by the
   * server at `fetchedAt`) as if the worker had fetched it: the same key, the same checks (a query, a 200 JSON answer
   * without errors). Anything that is not a read is not stored: false.
   */
  async function storeAnswer(request: Request, answer: Response, fetchedAt: number): Promise<boolean> {
    const read = await readOf(request);
    if (!read || answer.status !== 200 || !Number.isFinite(fetchedAt)) return false;
    const account = accountOf(request.headers.get('Authorization'));
    await remember(requestKey(account, read.operation, read.variables), read, account, request.headers.get(PIN_HEADER), answer, Math.min(fetchedAt, now())).catch(() => {});
    return true;
  }

  /** Deletes what the policy evicts: past the window or end date, then least recently used past the budget. */
  async function evict(): Promise<void> {
    lastEviction = now();
    try {
      await store.delete(evictionPlan(await store.all(), lastEviction, lifetimeMs, budgetBytes));
    } catch {
      // Storage unavailable: nothing stored to evict.
    }
  }

  function evictIfDue(): Promise<void> {
    return now() - lastEviction >= EVICTION_INTERVAL_MS ? evict() : Promise.resolve();
  }

  return {
    matches,
    handle,
    storeRead,
    storeAnswer,
    evict,
    forgetAccount: (account: string) => store.forgetAccount(account.toLowerCase()).catch(() => {}),
    unpin: async (pin: string) => {
      await store.unpin(pin).catch(() => {});
      await evict();
    },
  };
}

export type DataCache = ReturnType<typeof createDataCache>;
