// The studio's upload lock shared by every server process (tus ships no distributed locker): one request writes an
// upload at a time whichever process it reaches, and a second one meanwhile is answered 423 Locked, as the one-process
// OneWriterLocker (uploadTus.ts) answers. The lock is a Redis key with a short expiry its holder keeps extending, so a
// process that dies mid-request frees the upload within LOCK_TTL_MS and the studio resumes it on another process.
import { randomUUID } from 'node:crypto';
import type { Lock, Locker } from '@tus/server';
import { refusal, UPLOAD_LOCKED_MESSAGE } from './uploadTus.js';

/** A store of expiring keys with owners (server/redis.ts implements it on Redis). */
export interface LockStore {
  /** Sets `key` to `token` for `ttlMs` if it is free; true when taken. */
  take(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Extends `key` by `ttlMs` if `token` still holds it; false when it was lost. */
  extend(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Deletes `key` if `token` holds it. */
  release(key: string, token: string): Promise<void>;
}

/** How long a held lock outlives its holder's last extension; extended every third of it while the request runs. */
export const LOCK_TTL_MS = 10_000;

export class SharedUploadLocker implements Locker {
  constructor(
    private readonly store: LockStore,
    private readonly ttlMs = LOCK_TTL_MS,
    private readonly prefix = 'artbazaar:upload-lock:',
  ) {}

  newLock(id: string): Lock {
    const { store, ttlMs } = this;
    const key = `${this.prefix}${id}`;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    let held = false;
    return {
      async lock(_signal, cancelReq) {
        if (!(await store.take(key, token, ttlMs))) throw refusal(423, 'upload_locked', UPLOAD_LOCKED_MESSAGE);
        held = true;
        timer = setInterval(() => {
          store.extend(key, token, ttlMs).then(
            (still) => {
              // Lost (Redis was away longer than the expiry and another request took it): this request stops writing.
              if (!still && held) void cancelReq();
            },
            () => {},
          );
        }, Math.max(100, Math.floor(ttlMs / 3)));
        timer.unref();
      },
      async unlock() {
        clearInterval(timer);
        if (!held) return;
        held = false;
        await store.release(key, token).catch(() => {});
      },
    };
  }
}
