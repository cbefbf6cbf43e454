// Leftover studio uploads (the creator studio): an unfinished tus upload expires `uploadExpirationMs` after it was created
// (the file store answers 410 for it from then on, see uploadTus.ts); expired uploads are swept — their
// canvas_uploads rows in one transaction, then their files under <DATA_DIR>/uploads — at server start and
// periodically (server/main.ts). Deleting a canvas removes its uploads' files the same way (rows, then files).
//
// @tus/file-store's own deleteExpired() (tus's cleanUpExpiredUploads) removes files only and does not say which, so
// the rows could not follow it; the sweep here reads the same info files (their creation_date) itself.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/client.js';
import { collectUnreferencedMedia } from '../media/collect.js';
import { deleteExpiredUploads } from './queries/uploads.js';
import { UPLOAD_ID } from './uploadTus.js';

/** The sweep runs at least this often (and every expiration period when that is shorter). */
export const UPLOAD_SWEEP_MAX_INTERVAL_MS = 3_600_000;

/** Where @tus/file-store keeps the uploads: `<id>` (the bytes so far) and `<id>.json` (its info). */
export const uploadsDirectory = (dataDir: string) => join(dataDir, 'uploads');

/** Deletes the tus files (data and info) of these uploads; a missing file is not an error. */
export async function removeUploadFiles(dataDir: string, ids: Iterable<string>): Promise<void> {
  const directory = uploadsDirectory(dataDir);
  const safe = [...ids].filter((id) => UPLOAD_ID.test(id));
  await Promise.all(safe.flatMap((id) => [rm(join(directory, id), { force: true }), rm(join(directory, `${id}.json`), { force: true })]));
}

const mtimeOf = async (path: string): Promise<number | null> => {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return null;
  }
};

/** When an upload was created: its info file's creation_date (tus's), else the older of its files' times. */
async function createdAtOf(directory: string, id: string): Promise<number | null> {
  try {
    const info = JSON.parse(await readFile(join(directory, `${id}.json`), 'utf8')) as { creation_date?: unknown };
    const time = typeof info.creation_date === 'string' ? Date.parse(info.creation_date) : Number.NaN;
    if (Number.isFinite(time)) return time;
  } catch {
    // No info file (or an unreadable one): fall back to the files' times.
  }
  const times = (await Promise.all([mtimeOf(join(directory, id)), mtimeOf(join(directory, `${id}.json`))])).filter((t): t is number => t !== null);
  return times.length ? Math.min(...times) : null;
}

/** The uploads in the folder created before `cutoff` (a data file or an info file alone counts too). */
async function expiredFiles(directory: string, cutoff: number): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []; // no upload was ever made
    throw error;
  }
  const ids = [...new Set(names.map((name) => name.replace(/\.json$/, '')))].filter((id) => UPLOAD_ID.test(id));
  const expired: string[] = [];
  for (const id of ids) {
    const created = await createdAtOf(directory, id);
    if (created !== null && created < cutoff) expired.push(id);
  }
  return expired;
}

export interface SweepOptions {
  db: Db;
  dataDir: string;
  expirationMs: number;
  /** The sweep's clock (ms since the epoch). */
  now?: number;
}

/**
 * Sweeps the expired unfinished uploads: deletes their rows (the uploads whose file expired, and unfinished rows
 * older than the expiration whose file is gone) in one transaction, then their files. A finished upload's row stays
 * (its HEAD still answers token-id); a finished upload's leftover file, if any, goes. Returns the swept ids.
 */
export async function sweepExpiredUploads({ db, dataDir, expirationMs, now = Date.now() }: SweepOptions): Promise<string[]> {
  const cutoff = now - expirationMs;
  const files = await expiredFiles(uploadsDirectory(dataDir), cutoff);
  const rows = await db.transaction((tx) => deleteExpiredUploads(tx, new Date(cutoff), files));
  const swept = [...new Set([...files, ...rows])].sort();
  await removeUploadFiles(dataDir, swept);
  return swept;
}

export interface UploadSweeper {
  /** Resolves with the ids the next sweep removes (the first one starts at once). */
  nextSweep(): Promise<string[]>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Sweeps at once and then every min(expiration, 1 h); a failed sweep is logged and tried again at the next tick.
 * With `mediaGraceMs` each sweep then collects the media nothing references any more (server/media/collect.ts).
 */
export function startUploadSweeper(options: Omit<SweepOptions, 'now'> & { intervalMs?: number; mediaGraceMs?: number }): UploadSweeper {
  const intervalMs = options.intervalMs ?? Math.min(options.expirationMs, UPLOAD_SWEEP_MAX_INTERVAL_MS);
  let running: Promise<void> | null = null;
  let waiters: Array<(ids: string[]) => void> = [];
  const sweepAll = async () => {
    const ids = await sweepExpiredUploads(options);
    if (options.mediaGraceMs !== undefined) {
      const collected = await collectUnreferencedMedia(options.db, { graceMs: options.mediaGraceMs });
      if (collected.length) console.log(`Collected ${collected.length} unreferenced media file(s).`);
    }
    return ids;
  };
  const sweep = () => {
    if (running) return; // one sweep at a time; the next tick comes soon enough
    running = sweepAll()
      .then(
        (ids) => {
          if (ids.length) console.log(`Swept ${ids.length} expired studio upload(s).`);
          return ids;
        },
        (error: unknown) => {
          console.error('Sweeping expired studio uploads failed:', error);
          return [] as string[];
        },
      )
      .then((ids) => {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve(ids);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  const next = () => new Promise<string[]>((resolve) => waiters.push(resolve));
  const first = next();
  sweep();
  let firstTaken = false;
  return {
    nextSweep() {
      if (!firstTaken) {
        firstTaken = true;
        return first;
      }
      return next();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
