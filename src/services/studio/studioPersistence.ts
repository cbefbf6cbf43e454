// What a reload keeps of the studio (the creator studio: "the studio reopens on the same step, with the same form values, and an
// interrupted upload continues"): the studio machine's `{ version, snapshot }` record (its shape, version and restore
// are machines/studio/studioPersistence.ts's) stored per canvas ('new' before the collection exists) through the
// studio's idb-keyval store. The page starts the studio from the restored snapshot.
import { fromPromise, type Snapshot } from 'xstate';
import { persistedStudioRecord, restoredStudioSnapshot } from '../../../machines/studio/studioPersistence';
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
  /** The snapshot to start a page's studio from, or undefined (none, another version or another canvas's). */
  async restore(containerId: string | null): Promise<Snapshot<unknown> | undefined> {
    return restoredStudioSnapshot(await readStudioRecord(containerId), containerId);
  },
};

/** The route view reads the page's restored studio snapshot with this before it starts the studio from it. */
export const storedStudioSnapshot = fromPromise<Snapshot<unknown> | null, { containerId: string | null }>(
  async ({ input }) => (await studioPersistence.restore(input.containerId)) ?? null,
);
