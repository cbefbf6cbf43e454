// Optional remote pinning through the IPFS Pinning Service API (https://ipfs.github.io/pinning-services-api-spec/):
// once the indexer has a studio collection published on chain, its metadata (the CID its baseURI names), cover,
// thumbnails and token media are pinned at the service PINNING_SERVICE_URL names. Fire-and-record: the indexer only
// hands over collection ids; each pin is sent (a failure without an answer, a 5xx or a 429 is sent again after a
// backoff, a bounded number of times), its status is read back a few times until the service says pinned or failed,
// and every step is recorded in pin_requests. Failures are logged once per collection. Without settings nothing is
// sent anywhere.
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { collections, tokens } from '../db/schema.js';
import { PIN_STATUSES, pinRequests, type PinStatusValue } from '../db/schema/pinning.js';
import { parseCid } from './store.js';

export interface PinningSettings {
  /** The API endpoint; requests go to `<url>/pins`. */
  url: string;
  /** The access token, sent as `Authorization: Bearer <token>`. */
  token: string;
}

/** The spec's PinStatus (only what is read here; other fields pass). */
const pinStatusSchema = z.looseObject({
  requestid: z.string().min(1),
  status: z.enum(PIN_STATUSES),
  pin: z.looseObject({ cid: z.string() }),
  info: z.record(z.string(), z.string()).optional(),
});
export type PinStatus = z.infer<typeof pinStatusSchema>;
const failureSchema = z.object({ error: z.object({ reason: z.string(), details: z.string().optional() }) });

/** A refused or unanswered request: the message is the HTTP status and the service's reason (and details). */
export class PinningServiceError extends Error {
  override name = 'PinningServiceError';
  constructor(
    message: string,
    /** null: no answer (network error or timeout). */
    readonly httpStatus: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Worth sending again: no answer, the service's own failure or too many requests. */
  get retryable(): boolean {
    return this.httpStatus === null || this.httpStatus >= 500 || this.httpStatus === 429;
  }

  /** The token was refused: every other request would be too. */
  get unauthorized(): boolean {
    return this.httpStatus === 401 || this.httpStatus === 403;
  }
}

export interface PinRequest {
  cid: string;
  name: string;
  meta?: Record<string, string>;
}

const REQUEST_TIMEOUT_MS = 30_000;

/** POST /pins and GET /pins/{requestid}, with the bearer token; answers parsed as the spec defines them. */
export function createPinningServiceClient(settings: PinningSettings, fetchImpl: typeof fetch = fetch) {
  const base = settings.url.replace(/\/+$/, '');
  async function call(path: string, init: RequestInit, signal: AbortSignal): Promise<PinStatus> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${settings.token}`, Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      text = await response.text();
    } catch (error) {
      throw new PinningServiceError(`no answer (${error instanceof Error ? error.message : String(error)})`, null, { cause: error });
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the reason is the text itself
    }
    if (!response.ok) {
      const failure = failureSchema.safeParse(body);
      const reason = failure.success ? [failure.data.error.reason, failure.data.error.details].filter(Boolean).join(': ') : text.slice(0, 200) || response.statusText;
      throw new PinningServiceError(`${response.status} ${reason}`, response.status);
    }
    const parsed = pinStatusSchema.safeParse(body);
    if (!parsed.success) throw new PinningServiceError(`${response.status} the answer is not a PinStatus`, response.status);
    return parsed.data;
  }
  return {
    add: (request: PinRequest, signal: AbortSignal) => call('/pins', { method: 'POST', body: JSON.stringify(request) }, signal),
    status: (requestId: string, signal: AbortSignal) => call(`/pins/${encodeURIComponent(requestId)}`, { method: 'GET' }, signal),
  };
}

/** The CID a base URI names (`ipfs://<cid>/`, a raw manifest or a UnixFS directory alike); null for anything else. */
export function metadataCidOf(baseUri: string | null): string | null {
  const match = baseUri ? /^ipfs:\/\/([^/?#]+)/i.exec(baseUri) : null;
  return match ? parseCid(match[1]!) : null;
}

const NAME_MAX = 255; // the spec's limit on Pin.name

/** What to pin for a collection, each CID once, named after the collection and what the CID is in it. */
export async function collectionPinTargets(db: Db, collectionId: number) {
  const [collection] = await db
    .select({ name: collections.name, address: collections.address, chainId: collections.chainId, baseUri: collections.baseUri, cover: collections.cover, thumbnail: collections.thumbnail })
    .from(collections)
    .where(eq(collections.id, collectionId));
  if (!collection) return null;
  const rows = await db.select({ tokenId: tokens.tokenId, media: tokens.media, thumbnail: tokens.thumbnail }).from(tokens).where(eq(tokens.collectionId, collectionId)).orderBy(tokens.id);
  const targets = new Map<string, string>();
  const add = (value: string | null, what: string) => {
    const cid = value === null ? null : value.startsWith('ipfs://') ? metadataCidOf(value) : parseCid(value);
    if (cid && !targets.has(cid)) targets.set(cid, `${collection.name} ${what}`.slice(0, NAME_MAX));
  };
  add(collection.baseUri, '(metadata)');
  add(collection.cover, '(cover)');
  add(collection.thumbnail, '(thumbnail)');
  for (const token of rows) {
    add(token.media, `#${token.tokenId}`);
    add(token.thumbnail, `#${token.tokenId} (thumbnail)`);
  }
  const meta: Record<string, string> = { chainId: String(collection.chainId), ...(collection.address && { collection: collection.address }) };
  return { name: collection.name, meta, targets: [...targets].map(([cid, name]) => ({ cid, name })) };
}

/** Before an add is sent again (its length bounds the retries): 1 s, 4 s, 16 s. */
export const PIN_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000, 16_000];
/** Before each status read of a pin the service still has queued or pinning; afterwards the last status stays. */
export const PIN_STATUS_DELAYS_MS: readonly number[] = [2_000, 10_000, 60_000, 300_000];
/** Pins of one collection in flight at a time. */
const CONCURRENCY = 4;

export interface PinnerOptions {
  db: Db;
  settings: PinningSettings | null;
  log?: (message: string) => void;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
  statusDelaysMs?: readonly number[];
}

export interface Pinner {
  /** Pins these collections in the background; returns at once and never throws. */
  collectionsPublished(collectionIds: readonly number[]): void;
  /** Takes up the pins a previous process left queued or pinning. */
  resume(): void;
  /** Resolves once every pin asked for so far has its final record. */
  idle(): Promise<void>;
  /** Stops sending; what is unfinished stays queued for resume(). */
  stop(): Promise<void>;
}

class Stopped extends Error {}

/** Why the service says it failed (PinStatus.info.status_details, when it says); null while it has not. */
const failureOf = (status: PinStatus) => (status.status === 'failed' ? (status.info?.status_details ?? 'the service could not pin it') : null);

export function createPinner({ db, settings, log = (message) => console.warn(message), fetch: fetchImpl, retryDelaysMs = PIN_RETRY_DELAYS_MS, statusDelaysMs = PIN_STATUS_DELAYS_MS }: PinnerOptions): Pinner {
  const stopping = new AbortController();
  const client = settings ? createPinningServiceClient(settings, fetchImpl) : null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (stopping.signal.aborted) return reject(new Stopped());
      const timer = setTimeout(() => {
        stopping.signal.removeEventListener('abort', stop);
        resolve();
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        reject(new Stopped());
      };
      stopping.signal.addEventListener('abort', stop, { once: true });
    });
  const guard = async <T>(request: Promise<T>): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      throw stopping.signal.aborted ? new Stopped() : error;
    }
  };

  const record = (id: number, set: { requestId?: string; status: PinStatusValue; reason: string | null }) =>
    db.update(pinRequests).set({ ...set, updatedAt: new Date() }).where(eq(pinRequests.id, id));

  type Row = typeof pinRequests.$inferSelect;
  async function add(row: Row, meta: Record<string, string>): Promise<PinStatus> {
    for (let attempt = 0; ; attempt++) {
      await db.update(pinRequests).set({ attempts: sql`${pinRequests.attempts} + 1`, updatedAt: new Date() }).where(eq(pinRequests.id, row.id));
      try {
        return await guard(client!.add({ cid: row.cid, name: row.name, meta }, stopping.signal));
      } catch (error) {
        if (!(error instanceof PinningServiceError) || !error.retryable || attempt >= retryDelaysMs.length) throw error;
        await sleep(retryDelaysMs[attempt]!);
      }
    }
  }

  /** Sends (or follows) one pin and records its outcome; the error message when it failed. */
  async function pinOne(row: Row, meta: Record<string, string>, refused: { reason: string | null }): Promise<string | null> {
    if (refused.reason !== null) {
      await record(row.id, { status: 'failed', reason: refused.reason });
      return refused.reason;
    }
    try {
      let status: PinStatus | null = row.requestId && row.status !== 'failed' ? null : await add(row, meta);
      if (status) await record(row.id, { requestId: status.requestid, status: status.status, reason: failureOf(status) });
      let requestId = status?.requestid ?? row.requestId!;
      let current = status?.status ?? row.status;
      for (const delay of statusDelaysMs) {
        if (current === 'pinned' || current === 'failed') break;
        await sleep(delay);
        try {
          status = await guard(client!.status(requestId, stopping.signal));
        } catch (error) {
          if (error instanceof PinningServiceError && error.retryable) continue;
          throw error;
        }
        requestId = status.requestid;
        current = status.status;
        await record(row.id, { requestId, status: current, reason: failureOf(status) });
      }
      return status && current === 'failed' ? failureOf(status) : null;
    } catch (error) {
      if (error instanceof Stopped) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PinningServiceError && error.unauthorized) refused.reason = reason;
      await record(row.id, { status: 'failed', reason });
      return reason;
    }
  }

  async function pinCollection(collectionId: number): Promise<void> {
    const found = await collectionPinTargets(db, collectionId);
    if (!found || found.targets.length === 0) return;
    await db.insert(pinRequests).values(found.targets.map((target) => ({ collectionId, ...target }))).onConflictDoNothing();
    const rows = (await db.select().from(pinRequests).where(eq(pinRequests.collectionId, collectionId)).orderBy(pinRequests.id)).filter((row) => row.status !== 'pinned');
    const refused = { reason: null as string | null };
    const failures: string[] = [];
    const pin = async (row: Row) => {
      const failure = await pinOne(row, found.meta, refused);
      if (failure !== null) failures.push(failure);
    };
    // The first pin alone: a refused token is known before the others are sent (they are recorded failed unsent).
    let next = 0;
    if (rows.length > 0) await pin(rows[next++]!);
    const worker = async () => {
      while (next < rows.length) await pin(rows[next++]!);
    };
    // Settled, not all: a stop ends every worker before the database may close.
    const settled = await Promise.allSettled(Array.from({ length: Math.min(CONCURRENCY, rows.length - next) }, worker));
    const stopped = settled.find((result) => result.status === 'rejected');
    if (stopped) throw stopped.reason;
    if (failures.length > 0) {
      log(`Pinning service ${settings!.url}: ${failures.length} of ${rows.length} pins of the collection "${found.name}" failed: ${failures[0]}`);
    }
  }

  const tasks = new Set<Promise<void>>();
  const track = (task: Promise<void>) => {
    tasks.add(task);
    void task.finally(() => tasks.delete(task));
  };
  const running = new Set<number>();
  const failed = (what: string) => (error: unknown) => {
    if (!(error instanceof Stopped)) log(`Pinning service ${settings!.url}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
  };

  function start(collectionId: number) {
    if (!client || stopping.signal.aborted || running.has(collectionId)) return;
    running.add(collectionId);
    track(pinCollection(collectionId).catch(failed(`the collection ${collectionId} was not pinned`)).finally(() => running.delete(collectionId)));
  }

  return {
    collectionsPublished(collectionIds) {
      for (const id of collectionIds) start(id);
    },
    resume() {
      if (!client) return;
      track(
        db
          .selectDistinct({ collectionId: pinRequests.collectionId })
          .from(pinRequests)
          .where(inArray(pinRequests.status, ['queued', 'pinning']))
          .then((rows) => rows.forEach((row) => start(row.collectionId)))
          .catch(failed('unfinished pins were not taken up')),
      );
    },
    async idle() {
      while (tasks.size > 0) await Promise.all(tasks);
    },
    async stop() {
      stopping.abort();
      await this.idle();
    },
  };
}
