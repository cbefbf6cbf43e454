// See docs/requirements.md#studio-list collectionDeleted: the creator's collections (every state, newest first) with row
// selection, Edit (the studio on that collection: the provided goToEdit) and Delete behind a confirm dialog. An empty
// list, or deleting the last collection, goes to /studio/create (the provided goToCreate).
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { STUDIO_NOTICES, type CanvasState, type StudioMediaType } from '../../domain/studioRules';
import { notifyThroughSystem } from '../system/systemActors';
import type { CanvasRef } from './studioTypes';
import { errorMessage } from '../system/errorMessage';

/** A row of the list (getAllCanvas). */
export interface StudioListRow {
  id: string;
  name: string;
  symbol: string;
  mediaType: StudioMediaType;
  state: CanvasState;
  createdAt: string;
}

export interface StudioListContext {
  rows: StudioListRow[];
  /** The row selected by a click (the data grid highlights it). */
  selectedId: string | null;
  /** The row the confirm dialog asks about, while it is open or being deleted. */
  deleting: StudioListRow | null;
  problem: string | null;
}

export type StudioListEvent =
  | { type: 'list.select'; id: string }
  /** A row's Edit: the studio opens on that collection. */
  | { type: 'list.edit'; id: string }
  | { type: 'list.delete'; id: string }
  | { type: 'list.confirm' }
  | { type: 'list.cancel' }
  | { type: 'list.retry' };

export type StudioListTag = 'loading' | 'busy';

/** See docs/requirements.md#studio-list "Sorted by createdAt, newest first". */
export const newestFirst = (rows: StudioListRow[]) => [...rows].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

export const studioListMachine = setup({
  types: {
    context: {} as StudioListContext,
    events: {} as StudioListEvent,
    tags: {} as StudioListTag,
  },
  actors: {
    // getAllCanvas(filters: { creator }) for the signed-in creator.
    loadCanvasList: fromPromise<StudioListRow[], void>(async () => {
      throw new Error('loadCanvasList is provided by src/services/flows/studioList.ts');
    }),
    // DELETE /api/v1/canvas/{id}.
    deleteCanvas: fromPromise<void, CanvasRef>(async () => {
      throw new Error('deleteCanvas is provided by src/services/flows/studioList.ts');
    }),
  },
  guards: {
    loadedEmpty: ({ event }) => (event as unknown as { output: StudioListRow[] }).output.length === 0,
    isRow: ({ context, event }) => 'id' in event && context.rows.some((row) => row.id === event.id),
  },
  actions: {
    // Provided: navigateTo({ to: '/studio/create', replace: true }).
    goToCreate: () => undefined,
    // Provided: navigateTo({ to: '/studio/edit/$containerId', params: { containerId: id } }).
    goToEdit: (_, _params: { id: string }) => undefined,
    assignRows: assign(({ context, event }) => {
      const rows = newestFirst((event as unknown as { output: StudioListRow[] }).output);
      return { rows, selectedId: rows.some((row) => row.id === context.selectedId) ? context.selectedId : null, problem: null };
    }),
    select: assign(({ event }) => ({ selectedId: event.type === 'list.select' ? event.id : null })),
    askDelete: assign(({ context, event }) => ({ deleting: context.rows.find((row) => 'id' in event && row.id === event.id) ?? null })),
    clearDelete: assign({ deleting: null }),
    notifyDeleted: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.collectionDeleted),
    showProblem: assign(({ event, system }) => {
      const message = errorMessage((event as unknown as { error?: unknown }).error);
      notifyThroughSystem(system, 'error', message);
      return { problem: message };
    }),
  },
}).createMachine({
  id: 'studioList',
  context: { rows: [], selectedId: null, deleting: null, problem: null },
  // Edit is a way out wherever a row is shown (the grid stays while the list is read again).
  on: { 'list.edit': { guard: 'isRow', actions: { type: 'goToEdit', params: ({ event }) => ({ id: event.id }) } } },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadCanvasList',
        src: 'loadCanvasList',
        onDone: [
          { guard: 'loadedEmpty', target: 'empty', actions: 'assignRows' },
          { target: 'ready', actions: 'assignRows' },
        ],
        onError: { target: 'failed', actions: 'showProblem' },
      },
    },
    failed: { on: { 'list.retry': { target: 'loading' } } },
    // Nothing to list: the creator starts a collection.
    empty: { entry: 'goToCreate' },
    ready: {
      on: {
        'list.select': { guard: 'isRow', actions: 'select' },
        'list.delete': { guard: 'isRow', target: 'confirming', actions: 'askDelete' },
      },
    },
    confirming: {
      on: {
        'list.confirm': { target: 'deleting' },
        'list.cancel': { target: 'ready', actions: 'clearDelete' },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteCanvas',
        src: 'deleteCanvas',
        input: ({ context }) => ({ canvasId: context.deleting?.id ?? '' }),
        // The list is read again: deleting the last collection leaves it empty (→ create).
        onDone: { target: 'loading', actions: ['notifyDeleted', 'clearDelete'] },
        onError: { target: 'ready', actions: ['showProblem', 'clearDelete'] },
      },
    },
  },
});

export type StudioListActor = ActorRefFrom<typeof studioListMachine>;
export type StudioListSnapshot = SnapshotFrom<typeof studioListMachine>;
