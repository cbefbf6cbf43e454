// What a comment thread stores for a reload, and how any record an earlier build stored becomes today's. Pure data:
// the services keep the record (src/services/commentDraftStore.ts) and hand it back, as read, to the thread's
// `restoring` state, which reads the draft out of it with restoredDraft (and starts fresh when there is none).
import type { CommentDraft, EditorTarget } from './commentThreadTypes';

/**
 * The stored format's version. 1 was `{ version: 1, draft }` (the draft alone); 2 was `{ version: 2, snapshot }`,
 * the thread machine's persisted snapshot carrying the draft in `context.restored`; 3 is the draft alone again,
 * read by the machine's first state.
 */
export const PERSISTED_THREAD_VERSION = 3;

export interface StoredThread {
  version: typeof PERSISTED_THREAD_VERSION;
  draft: CommentDraft;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isTarget(value: unknown): value is EditorTarget {
  if (!isObject(value)) return false;
  if (value.mode === 'new') return true;
  return (value.mode === 'reply' || value.mode === 'edit') && typeof value.commentId === 'string';
}

/** The draft if `value` is one (a target the editor knows and a text), else null. */
function draftOf(value: unknown): CommentDraft | null {
  if (!isObject(value) || !isTarget(value.target) || typeof value.text !== 'string') return null;
  const target: EditorTarget = value.target.mode === 'new' ? { mode: 'new' } : { mode: value.target.mode, commentId: value.target.commentId };
  return { target, text: value.text };
}

/**
 * Any record a build stored (version 1, 2 or 3) as the current one; null for nothing stored, a record this build
 * cannot read (malformed, unknown version) or one that keeps no draft.
 */
export function migrateStoredThread(record: unknown): StoredThread | null {
  if (!isObject(record)) return null;
  let draft: CommentDraft | null = null;
  switch (record.version) {
    case 1:
    case 3:
      draft = draftOf(record.draft);
      break;
    case 2: {
      const snapshot = record.snapshot;
      draft = isObject(snapshot) && isObject(snapshot.context) ? draftOf(snapshot.context.restored) : null;
      break;
    }
  }
  return draft ? { version: PERSISTED_THREAD_VERSION, draft } : null;
}

/** The draft a stored record brings back (any version), or null. */
export const restoredDraft = (record: unknown): CommentDraft | null => migrateStoredThread(record)?.draft ?? null;

/** The record that keeps `draft` (null: nothing to keep, the record is forgotten). */
export const storedThreadOf = (draft: CommentDraft | null): StoredThread | null => (draft ? { version: PERSISTED_THREAD_VERSION, draft } : null);
