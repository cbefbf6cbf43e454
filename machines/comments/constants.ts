// Comment thread constants the token page reads before the thread's own chunk loads (its stored draft): plain values,
// so reading them pulls in no machine.

/** Stored beside the snapshot; a record of another version is discarded. 1 was the draft alone, before snapshots. */
export const PERSISTED_THREAD_VERSION = 2;
