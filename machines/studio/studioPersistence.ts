// The creator studio "a reload, a crash or a lost connection at any point of the studio loses nothing": what of the studio
// survives a reload, as the machine's persisted snapshot (getPersistedSnapshot()) in a `{ version, snapshot }` record.
// This module owns the record's shape; src/services/studio/studioPersistence.ts only stores and reads it (idb-keyval,
// keyed by containerId ?? 'new'), and the page restores the studio with `useFlow(studioFlow, { snapshot })`.
//
// The record is the studio as a fresh page would start it (loading its canvas again) carrying the resume data:
// the step, the form values, the unsaved cover (a Blob: IndexedDB keeps it by structured clone, the record never turns
// it into JSON), the thumbnail choice, the generative form and the upload queue (pending files continue from the
// server's offset). Never a request in flight: a save, a finalize or a publish under way is not repeated by a reload;
// the step it started from is shown again with its values.
import { createActor, createMachine, type Snapshot } from 'xstate';
import { keptDraftFile } from '../../domain/drafts';
import { initialStudioContext, studioMachine } from './studioMachine';
import type { StudioContext, StudioResume } from './studioContext';

/** Stored beside the snapshot; a record of another version is discarded (2: the snapshot carries the cover). */
export const PERSISTED_STUDIO_VERSION = 2;

export interface PersistedStudioRecord {
  version: number;
  snapshot: Snapshot<unknown>;
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
  };
}

/**
 * The snapshot to persist (from a snapshot or from an action's `{ context }`), or null when there is nothing to
 * keep. Restore it with `createActor(providedMachine, { snapshot })`.
 */
export function persistedStudioSnapshot(source: { context: StudioContext }): Snapshot<unknown> | null {
  const resume = studioResumeOf(source.context);
  if (!resume) return null;
  const containerId = source.context.containerId ?? undefined;
  // Never started: the actor only builds the initial snapshot (its loads run when the restored actor starts).
  return freshStudioSnapshot(initialStudioContext({ containerId, resume }));
}

// The studio machine once more, its context given as a value rather than as studioMachine's `({ input }) => …`.
// persistStudio builds the record while an action runs, and xstate turns a function context into an assign() each
// time an actor starts: an assign() created during an action is what xstate warns of ("Custom actions should not call
// `assign()` directly"), although the nested actor applies it. Same states and implementations, so the same snapshot.
// Built once: a machine's state nodes resolve their delayed transitions lazily, with raise() (another such warning).
const freshConfig: { context?: StudioContext } = { ...studioMachine.config } as { context?: StudioContext };
const freshStudio = createMachine(freshConfig as never, studioMachine.implementations as never);

function freshStudioSnapshot(context: StudioContext): Snapshot<unknown> {
  freshConfig.context = context;
  try {
    return createActor(freshStudio).getPersistedSnapshot();
  } finally {
    delete freshConfig.context;
  }
}

/** The `{ version, snapshot }` record persistStudio stores, or null when there is nothing to keep. */
export function persistedStudioRecord(source: { context: StudioContext }): PersistedStudioRecord | null {
  const snapshot = persistedStudioSnapshot(source);
  return snapshot ? { version: PERSISTED_STUDIO_VERSION, snapshot } : null;
}

/** The snapshot of a stored record, or undefined for a missing, malformed or other-version record. */
export function restoredStudioSnapshot(record: unknown, containerId?: string | null): Snapshot<unknown> | undefined {
  const candidate = record as Partial<PersistedStudioRecord> | null | undefined;
  if (!candidate || candidate.version !== PERSISTED_STUDIO_VERSION || typeof candidate.snapshot !== 'object' || candidate.snapshot === null) return undefined;
  const stored = (candidate.snapshot as { context?: { containerId?: string | null } }).context?.containerId ?? undefined;
  // A record of another canvas (or of a new one on an edit page) is not this page's.
  if (stored !== (containerId ?? undefined)) return undefined;
  return candidate.snapshot;
}
