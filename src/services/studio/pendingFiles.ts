// Files chosen for a studio upload, kept until their upload completes (the creator studio: "a reload, a crash or a lost
// connection loses nothing"): each file is copied into the origin-private file system (navigator.storage.
// getDirectory()) under its canvas, and listed in an idb-keyval store. After a reload the studio lists a canvas's
// pending files and resumes them; a file the browser could not keep (no OPFS, quota) is listed with kept: false,
// and the studio asks for that same file again (matched by name, size and last modification).
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { UploadContext } from '../../../domain/contracts/upload';
import { ServiceError } from '../errors';

export interface PendingFile {
  /** Identifies the chosen file across reloads (the upload queue's key; also the tus resume key). */
  key: string;
  canvasId: string;
  context: UploadContext;
  /** The token a thumbnail belongs to. */
  tokenId?: string;
  name: string;
  type: string;
  size: number;
  lastModified: number;
  /** Whether the browser kept a copy (false: the studio has to ask for the file again). */
  kept: boolean;
  /** Why it could not be kept (a quota message), null when kept. */
  problem: string | null;
}

/** The browser's storage is full: the upload still runs, but a reload will have to ask for the file again. */
export class StorageQuotaError extends ServiceError {
  override name = 'StorageQuotaError';
  constructor(fileName: string, cause?: unknown) {
    super(`Your browser's storage is full, so "${fileName}" is not kept for resuming: if the page reloads before its upload ends, choose the file again.`, { cause });
  }
}

export interface PendingFilesOptions {
  /** The origin-private file system's root (navigator.storage.getDirectory); null when the browser has none. */
  root?: () => Promise<FileSystemDirectoryHandle> | null;
  store?: () => UseStore;
}

const DIRECTORY = 'studio-pending';
const recordKey = (canvasId: string) => `pending:${canvasId}`;

export const pendingFileKey = (file: { name: string; size: number; lastModified: number }, context: UploadContext, tokenId?: string) =>
  [context, tokenId ?? '', file.name, file.size, file.lastModified].join(':');

/** The OPFS entry name of a pending file (OPFS names may not contain '/' or be '.'/'..'). */
const entryName = (key: string) => encodeURIComponent(key).replace(/\./g, '%2E');

const isQuotaError = (error: unknown) => (error as { name?: string } | null)?.name === 'QuotaExceededError';

function defaultRoot(): Promise<FileSystemDirectoryHandle> | null {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  return typeof storage?.getDirectory === 'function' ? storage.getDirectory() : null;
}

let defaultStore: UseStore | undefined;
const getDefaultStore = () => (defaultStore ??= createStore('artbazaar-studio-files', 'pending'));

export function createPendingFiles(options: PendingFilesOptions = {}) {
  const rootOf = options.root ?? defaultRoot;
  const storeOf = options.store ?? getDefaultStore;
  // Index writes one at a time, so two files chosen together never overwrite each other's record.
  let writes: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = writes.then(work, work);
    writes = next.catch(() => undefined);
    return next;
  };

  // A copy still being written, by canvas and key: a removal waits for it, so a quick upload leaves nothing behind.
  const copying = new Map<string, Promise<unknown>>();

  async function canvasDirectory(canvasId: string, create: boolean): Promise<FileSystemDirectoryHandle | null> {
    const root = rootOf();
    if (!root) return null;
    try {
      const base = await (await root).getDirectoryHandle(DIRECTORY, { create });
      return await base.getDirectoryHandle(encodeURIComponent(canvasId), { create });
    } catch (error) {
      if (create && isQuotaError(error)) throw error;
      return null;
    }
  }

  async function readIndex(canvasId: string): Promise<PendingFile[]> {
    try {
      return (await get<PendingFile[]>(recordKey(canvasId), storeOf())) ?? [];
    } catch {
      return [];
    }
  }

  async function writeIndex(canvasId: string, files: PendingFile[]): Promise<void> {
    if (files.length === 0) await del(recordKey(canvasId), storeOf());
    else await set(recordKey(canvasId), files, storeOf());
  }

  async function copyIntoStorage(canvasId: string, key: string, file: Blob): Promise<void> {
    const directory = await canvasDirectory(canvasId, true);
    if (!directory) throw new Error('no origin-private file system');
    const handle = await directory.getFileHandle(entryName(key), { create: true });
    const writable = await handle.createWritable();
    try {
      await writable.write(file);
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => undefined);
      await directory.removeEntry(entryName(key)).catch(() => undefined);
      throw error;
    }
  }

  return {
    /**
     * Keeps a chosen file under `key` (the upload queue's key) until its upload completes. Resolves with its record;
     * `kept` is false when the browser could not store a copy, and `problem` then says why (StorageQuotaError's text).
     */
    async keep(canvasId: string, key: string, file: Blob, about: { name?: string; lastModified?: number; context?: UploadContext; tokenId?: string } = {}): Promise<PendingFile> {
      const name = about.name ?? (file instanceof File ? file.name : 'upload');
      let kept = true;
      let problem: string | null = null;
      const copy = copyIntoStorage(canvasId, key, file);
      copying.set(`${canvasId}|${key}`, copy.catch(() => undefined));
      try {
        await copy;
      } catch (error) {
        kept = false;
        problem = isQuotaError(error) ? new StorageQuotaError(name, error).message : null;
      }
      const record: PendingFile = {
        key,
        canvasId,
        context: about.context ?? 'media',
        ...(about.tokenId ? { tokenId: about.tokenId } : {}),
        name,
        type: file.type,
        size: file.size,
        lastModified: about.lastModified ?? (file instanceof File ? file.lastModified : 0),
        kept,
        problem,
      };
      await serial(async () => {
        const files = (await readIndex(canvasId)).filter((entry) => entry.key !== key);
        await writeIndex(canvasId, [...files, record]);
      }).catch(() => undefined);
      return record;
    },

    /** A canvas's files whose upload has not completed, in the order chosen; `kept` checked against the storage. */
    async list(canvasId: string): Promise<PendingFile[]> {
      await writes;
      const files = await readIndex(canvasId);
      const directory = await canvasDirectory(canvasId, false);
      return Promise.all(
        files.map(async (entry) => {
          if (!entry.kept) return entry;
          const present = directory ? await directory.getFileHandle(entryName(entry.key)).then(() => true, () => false) : false;
          return present ? entry : { ...entry, kept: false, problem: null };
        }),
      );
    },

    /** The kept copy as a File with the chosen file's name, type and date; null when the browser no longer has it. */
    async read(entry: Pick<PendingFile, 'canvasId' | 'key' | 'name' | 'type' | 'size'> & { lastModified?: number }): Promise<File | null> {
      const directory = await canvasDirectory(entry.canvasId, false);
      if (!directory) return null;
      try {
        const stored = await (await directory.getFileHandle(entryName(entry.key))).getFile();
        if (stored.size !== entry.size) return null;
        return new File([stored], entry.name, { type: entry.type, lastModified: entry.lastModified });
      } catch {
        return null;
      }
    },

    /** Whether a file the user chose again is the pending one (same name, size and last modification). */
    matches(entry: Pick<PendingFile, 'name' | 'size' | 'lastModified'>, file: File): boolean {
      return file.name === entry.name && file.size === entry.size && file.lastModified === entry.lastModified;
    },

    /** Drops a file whose upload completed (or that the user gave up on). */
    async remove(canvasId: string, key: string): Promise<void> {
      await copying.get(`${canvasId}|${key}`);
      copying.delete(`${canvasId}|${key}`);
      const directory = await canvasDirectory(canvasId, false);
      await directory?.removeEntry(entryName(key)).catch(() => undefined);
      await serial(async () => writeIndex(canvasId, (await readIndex(canvasId)).filter((entry) => entry.key !== key))).catch(() => undefined);
    },

    /** Drops every pending file of a canvas (deleted, or published). */
    async clear(canvasId: string): Promise<void> {
      const root = rootOf();
      if (root) {
        const base = await (await root).getDirectoryHandle(DIRECTORY).catch(() => null);
        await base?.removeEntry(encodeURIComponent(canvasId), { recursive: true }).catch(() => undefined);
      }
      await serial(() => writeIndex(canvasId, [])).catch(() => undefined);
    },
  };
}

export type PendingFiles = ReturnType<typeof createPendingFiles>;

/** The app's pending files (OPFS and IndexedDB). */
export const pendingFiles = createPendingFiles();
