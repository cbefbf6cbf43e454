// What a reload keeps of the studio (the creator studio: "the studio reopens on the same step, with the same form values, and an
// interrupted upload continues"): the studio machine's versioned record (its shape, version and migration are
// machines/studio/studioPersistence.ts's) stored per canvas ('new' before the collection exists) through the
// studio's idb-keyval store. The studio's first state reads it back, as stored, through the flow's restoreStudio.
import { persistedStudioRecord } from '../../../machines/studio/studioPersistence';
import type { StudioContext } from '../../../machines/studio/studioMachine';
import { readStudioRecord, storeStudioRecord } from './studioStore';

export const studioPersistence = {
  /** The studio machine's persistStudio action. */
  persist(context: StudioContext): void {
    storeStudioRecord(context.containerId, persistedStudioRecord({ context }));
  },
  /** A new collection got its id: its record moves from 'new' to the canvas. */
  moveNewTo(context: StudioContext): void {
    storeStudioRecord(null, null);
    this.persist(context);
  },
  /** The page's stored record as stored (any version a build wrote: the machine migrates it), or null. */
  read(containerId: string | null): Promise<unknown> {
    return readStudioRecord(containerId);
  },
};
