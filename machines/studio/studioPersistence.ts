// The creator studio "a reload, a crash or a lost connection at any point of the studio loses nothing": what of the
// studio survives a reload, as a versioned record, and how any record an earlier build stored becomes today's.
// This module owns the record's shape; src/services/studio/studioPersistence.ts only stores and reads it (idb-keyval,
// keyed by containerId ?? 'new') and the studio's first state (`restoring`) gets it back, as stored, from the
// restoreStudio actor and starts from it with restoredResume.
//
// The record carries the resume data: the step, the form values, the unsaved cover (a Blob: IndexedDB keeps it by
// structured clone, the record never turns it into JSON), the thumbnail choice, the generative form and the upload
// queue (pending files continue from the server's offset). Never a request in flight: a save, a finalize or a publish
// under way is not repeated by a reload; the step it started from is shown again with its values.
import { keptDraftFile } from '../../domain/drafts';
import { parsePublishedOnChain } from '../../domain/publishedCollection';
import { STUDIO_STEPS } from './studioSteps';
import type { StudioContext, StudioResume } from './studioContext';

/**
 * The stored format's version. 1 was `{ version: 1, snapshot: StudioResume }` (the resume data alone, under the
 * record's canvas key); 2 was `{ version: 2, snapshot }`, the studio machine's persisted snapshot carrying the resume
 * data in its context; 3 is `{ version: 3, containerId, resume }`, read by the machine's first state.
 */
export const PERSISTED_STUDIO_VERSION = 3;

export interface PersistedStudioRecord {
  version: typeof PERSISTED_STUDIO_VERSION;
  /** The canvas the record is of (null: a new collection, /studio/create). */
  containerId: string | null;
  resume: StudioResume;
}

/** The name of a chosen file too large for a draft (null when there is none or it is kept). */
const droppedName = (file: Blob | null) => (file && !keptDraftFile(file) ? ((file as Partial<File>).name ?? 'cover') : null);

/** What a reload keeps of the studio, or null before it shows a step. */
export function studioResumeOf(context: StudioContext): StudioResume | null {
  if (!context.step) return null;
  return {
    step: context.step,
    details: context.details.values,
    cover: context.cover,
    // Nothing typed is lost offline: a cover chosen and not cropped yet (up to the draft file cap), and unsaved token typing.
    coverChoice: keptDraftFile(context.details.coverFile),
    coverChoiceDropped: droppedName(context.details.coverFile) ?? context.details.coverDropped,
    uploads: context.uploads,
    workTokenId: context.workToken?.tokenId ?? null,
    thumbnailMode: context.thumbnail.mode,
    generative: context.generative.values,
    tokenDrafts: context.tokenDrafts,
    onChain: context.onChain,
  };
}

/** The record persistStudio stores (from a snapshot or an action's `{ context }`), or null when there is nothing to keep. */
export function persistedStudioRecord(source: { context: StudioContext }): PersistedStudioRecord | null {
  const resume = studioResumeOf(source.context);
  return resume ? { version: PERSISTED_STUDIO_VERSION, containerId: source.context.containerId, resume } : null;
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const blobOrNull = (value: unknown): Blob | null => (typeof Blob !== 'undefined' && value instanceof Blob ? value : null);

/** The resume data if `value` reads as one (a known step, the form values and the upload queue), else null. */
function resumeOf(value: unknown): StudioResume | null {
  if (!isObject(value) || !(STUDIO_STEPS as readonly unknown[]).includes(value.step) || !isObject(value.details) || !Array.isArray(value.uploads)) return null;
  return {
    ...(value as unknown as StudioResume),
    cover: blobOrNull(value.cover),
    coverChoice: blobOrNull(value.coverChoice),
    coverChoiceDropped: typeof value.coverChoiceDropped === 'string' ? value.coverChoiceDropped : null,
    workTokenId: typeof value.workTokenId === 'string' ? value.workTokenId : null,
    thumbnailMode: value.thumbnailMode === 'custom' ? 'custom' : 'default',
    generative: isObject(value.generative) ? (value.generative as unknown as StudioResume['generative']) : { seedValue: '', name: '' },
    tokenDrafts: isObject(value.tokenDrafts) ? (value.tokenDrafts as StudioResume['tokenDrafts']) : {},
    onChain: parsePublishedOnChain(value.onChain),
  };
}

/** Version 2's resume data: the persisted snapshot's context (the step in `resumeStep`, the chosen cover in the form). */
function resumeOfSnapshotContext(context: Loose): unknown {
  const details = isObject(context.details) ? context.details : {};
  const workToken = isObject(context.workToken) ? context.workToken : null;
  const thumbnail = isObject(context.thumbnail) ? context.thumbnail : {};
  const generative = isObject(context.generative) ? context.generative : {};
  return {
    step: context.resumeStep,
    details: details.values,
    cover: context.cover,
    coverChoice: details.coverFile,
    coverChoiceDropped: details.coverDropped,
    uploads: context.uploads,
    workTokenId: workToken?.tokenId,
    thumbnailMode: thumbnail.mode,
    generative: generative.values,
    tokenDrafts: context.tokenDrafts,
  };
}

/**
 * Any record a build stored (version 1, 2 or 3) as the current one, for the page of `containerId`; null for nothing
 * stored, a record this build cannot read (malformed, unknown version) or one of another canvas (or of a new
 * collection on an edit page). A version 1 record names no canvas: the key it was read under is the page's.
 */
export function migrateStudioRecord(record: unknown, containerId: string | null): PersistedStudioRecord | null {
  if (!isObject(record)) return null;
  let stored: { containerId: unknown; resume: unknown };
  switch (record.version) {
    case 1:
      stored = { containerId, resume: record.snapshot };
      break;
    case 2: {
      const context = isObject(record.snapshot) && isObject(record.snapshot.context) ? record.snapshot.context : null;
      if (!context) return null;
      stored = { containerId: context.containerId ?? null, resume: resumeOfSnapshotContext(context) };
      break;
    }
    case 3:
      stored = { containerId: record.containerId ?? null, resume: record.resume };
      break;
    default:
      return null;
  }
  if (stored.containerId !== containerId) return null;
  const resume = resumeOf(stored.resume);
  return resume ? { version: PERSISTED_STUDIO_VERSION, containerId, resume } : null;
}

/** What the page of `containerId` resumes from a stored record (any version), or null: it starts fresh. */
export const restoredResume = (record: unknown, containerId: string | null): StudioResume | null => migrateStudioRecord(record, containerId)?.resume ?? null;
