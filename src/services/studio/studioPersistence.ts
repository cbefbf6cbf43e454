// What a reload keeps of the studio (issue 14: "the studio reopens on the same step, with the same form values, and an
// interrupted upload continues"): the studio machine's resume record (step, typed values, upload queue, the token the
// step works on, thumbnail mode, generative values) stored as { version, snapshot } per canvas; a record of another
// version is ignored. The studio starts from it through its `resume` input.
import type { StudioContext, StudioInput, StudioResume } from '../../../machines/studio/studioMachine';
import { readStudioRecord, storeStudioRecord, type StoredStudio } from './studioStore';

/** Bump when StudioResume changes shape: older records are then discarded. */
export const STUDIO_RECORD_VERSION = 1;

/** The resume record of a studio as it is now; null before it shows a step (nothing to come back to). */
export function studioResumeOf(context: StudioContext): StudioResume | null {
  if (!context.step) return null;
  return {
    step: context.step,
    details: context.details.values,
    uploads: context.uploads,
    workTokenId: context.workToken?.tokenId ?? null,
    thumbnailMode: context.thumbnail.mode,
    generative: context.generative.values,
  };
}

/** The studio's input restored from a stored record (the record's version must match). */
export function restoredStudioInput(containerId: string | null, stored: StoredStudio | null): StudioInput {
  const resume = stored?.version === STUDIO_RECORD_VERSION ? (stored.snapshot as StudioResume) : null;
  return { ...(containerId ? { containerId } : {}), resume };
}

export const studioPersistence = {
  /** The studio machine's persistStudio action. */
  persist(context: StudioContext): void {
    const resume = studioResumeOf(context);
    storeStudioRecord(context.containerId, resume ? { version: STUDIO_RECORD_VERSION, snapshot: resume } : null);
  },
  /** A new collection got its id: its record moves from 'new' to the canvas. */
  moveNewTo(context: StudioContext): void {
    storeStudioRecord(null, null);
    this.persist(context);
  },
  read: readStudioRecord,
};
