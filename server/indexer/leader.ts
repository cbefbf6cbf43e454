// One chain indexer across server processes. Processes that share a PostgreSQL database elect a leader with a
// session-level advisory lock: the process whose connection holds the lock runs the indexer, the others try again every
// second and take over when the leader's session ends (it died, its connection was cut, or it stopped). PGlite's data
// folder is locked to one process, so on PGlite that process always leads.
//
// The lock alone cannot promise that two indexers never overlap (a leader cut off from the database notices only at its
// next check), so the indexer itself writes its progress only where it is still what it last read (index.ts,
// IndexerSuperseded): a range applied by two processes at once commits once.
import pg from 'pg';

/** A held lock: `lost` settles when it is no longer held (never, for a lock that cannot be lost). */
export interface HeldLock {
  lost: Promise<void>;
  release(): Promise<void>;
}

export interface LeaderLock {
  /** Takes the lock if it is free: the held lock, or null when another process holds it. */
  tryAcquire(): Promise<HeldLock | null>;
  /** Says what the lock is, for the log. */
  describe: string;
}

/** The advisory lock key of the chain indexer (any fixed 64-bit number; the name's digits). */
export const INDEXER_LOCK_KEY = 874_201_116;

/**
 * PostgreSQL's session-level advisory lock on a connection of its own: held while that session lives. The connection is
 * checked every `checkMs`; a failed check, an error or its end is the lock lost (the session is gone, and with it the
 * lock, or the database can no longer be reached, so the indexer could not write anyway).
 */
export function postgresLock(databaseUrl: string, { key = INDEXER_LOCK_KEY, checkMs = 1000 }: { key?: number; checkMs?: number } = {}): LeaderLock {
  return {
    describe: `PostgreSQL advisory lock ${key}`,
    async tryAcquire() {
      const client = new pg.Client({ connectionString: databaseUrl, application_name: 'artbazaar-indexer-leader' });
      // An error on an idle client (the server cut the session) must not crash the process: it is the lock lost.
      let fail: (() => void) | null = null;
      client.on('error', () => fail?.());
      try {
        await client.connect();
        const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [key]);
        if (!rows[0]?.held) {
          await client.end().catch(() => {});
          return null;
        }
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      let released = false;
      let timer: NodeJS.Timeout | undefined;
      const lost = new Promise<void>((resolve) => {
        fail = () => {
          clearInterval(timer);
          resolve();
        };
        client.on('end', () => fail?.());
        timer = setInterval(() => {
          client.query('select 1').catch(() => fail?.());
        }, checkMs);
        timer.unref();
      });
      return {
        lost,
        async release() {
          if (released) return;
          released = true;
          clearInterval(timer);
          // Ending the session releases the lock.
          await client.end().catch(() => {});
        },
      };
    },
  };
}

/** PGlite: one process opens the data folder (it is locked), so that process leads for as long as it runs. */
export function soleProcessLock(): LeaderLock {
  return {
    describe: 'the only process on this PGlite data folder',
    async tryAcquire() {
      return { lost: new Promise<void>(() => {}), release: async () => {} };
    },
  };
}

export interface Stoppable {
  stop(): Promise<void>;
}

export interface RunAsLeaderOptions<T extends Stoppable> {
  lock: LeaderLock;
  /** Starts the work once the lock is held. */
  start: () => Promise<T>;
  /** How often a follower tries the lock. */
  retryMs?: number;
  log?: (message: string) => void;
  onError?: (error: unknown) => void;
  /** Called with the work each time this process starts leading. */
  onLeading?: (work: T) => void;
  /** Called once when this process first follows: loads what `start` needs, so a takeover does not wait on it. */
  prepare?: () => Promise<unknown>;
}

export interface Leadership<T> {
  /** The running work while this process leads, else null. */
  current(): T | null;
  /** Stops the work (if leading), releases the lock and stops trying. */
  stop(): Promise<void>;
}

/** Runs `start()`'s work while this process holds `lock`; stops it when the lock is lost and tries again. */
export function runAsLeader<T extends Stoppable>({
  lock,
  start,
  retryMs = 1000,
  log = (message) => console.log(`Chain indexer: ${message}`),
  onError = (error) => console.error('Chain indexer:', error),
  onLeading,
  prepare,
}: RunAsLeaderOptions<T>): Leadership<T> {
  let prepared = false;
  let stopped = false;
  let work: T | null = null;
  let held: HeldLock | null = null;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });

  const loop = (async () => {
    let saidFollowing = false;
    while (!stopped) {
      try {
        held = await lock.tryAcquire();
      } catch (error) {
        held = null;
        onError(error);
      }
      if (stopped) break;
      if (!held) {
        if (!saidFollowing) log(`another process holds the ${lock.describe}: this one takes over when it goes.`);
        if (!prepared && prepare) {
          prepared = true;
          prepare().catch(onError);
        }
        saidFollowing = true;
        await pause(retryMs);
        continue;
      }
      saidFollowing = false;
      const lease = held;
      try {
        work = await start();
      } catch (error) {
        onError(error);
        await lease.release();
        held = null;
        await pause(retryMs);
        continue;
      }
      log(`this process (pid ${process.pid}) leads (${lock.describe}).`);
      onLeading?.(work);
      // Until the lock is lost or the leader stops.
      if (!stopped) await Promise.race([lease.lost, new Promise<void>((resolve) => (wake = resolve))]);
      wake = null;
      const running = work;
      work = null;
      await running.stop().catch(onError);
      await lease.release();
      held = null;
      if (stopped) break;
      log(`lost the ${lock.describe}: stopped indexing; trying to take over again.`);
      // A follower that is well takes over first: this process's session just failed.
      await pause(retryMs);
    }
  })();

  return {
    current: () => work,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
