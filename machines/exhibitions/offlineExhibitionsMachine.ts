// Exhibitions saved for offline (saving an exhibition for offline): the list of saved ones (kept past the cache window until removed)
// and the save of one exhibition at a time, on /exhibitions:
//   loading (the saved list) → ready.idle
//   ready.idle ─save.request→ estimating (the download size) → confirming (size shown; over budget → refused)
//   confirming ─save.confirm→ downloading (progress; tagged busy) → idle (now in the list) | failed (quota, network)
//   confirming ─save.cancel→ idle;  refused | failed ─save.dismiss→ idle;  failed ─save.retry→ estimating
//   ready.idle ─save.remove→ removing → idle
// The saved exhibitions together may hold SAVED_EXHIBITIONS_BUDGET_BYTES; a save that would pass it is refused
// before anything is downloaded. Persistent storage is asked for when a download starts (requestPersistence).
import { assign, fromCallback, setup, type AnyEventObject } from 'xstate';
import { notProvided } from '../system/notProvided';

/** What saved exhibitions may use together, in bytes (stated in README's Offline section). */
export const SAVED_EXHIBITIONS_BUDGET_BYTES = 500 * 1024 * 1024;

/** One saved exhibition, as the page's record store keeps it. */
export interface SavedExhibition {
  id: string;
  title: string;
  bytes: number;
  /** Epoch ms. */
  savedAt: number;
  /** The exhibition's end date (ISO), so the list opens it as the current or a past exhibition. */
  endDate: string;
}

/** The exhibition to save: the flow's actors get the whole exhibition the view sent. */
export interface SaveTarget {
  id: string;
  title: string;
  endDate: string;
}

export interface SaveEstimate {
  bytes: number;
  files: number;
}

export interface SaveProgress {
  doneBytes: number;
  totalBytes: number;
}

export type SaveErrorKind = 'quota' | 'network' | 'unavailable';

export type OfflineExhibitionsEvent =
  | { type: 'save.request'; exhibition: SaveTarget }
  | { type: 'save.confirm' }
  | { type: 'save.cancel' }
  | { type: 'save.dismiss' }
  | { type: 'save.retry' }
  | { type: 'save.remove'; exhibitionId: string }
  | { type: 'download.progress'; doneBytes: number }
  | { type: 'download.done'; saved: SavedExhibition }
  | { type: 'download.failed'; kind: SaveErrorKind };

export interface OfflineExhibitionsContext {
  saved: SavedExhibition[];
  target: SaveTarget | null;
  estimate: SaveEstimate | null;
  progress: SaveProgress | null;
  error: SaveErrorKind | null;
}

export interface DownloadInput {
  exhibition: SaveTarget;
  estimate: SaveEstimate;
}

const usedBytes = (saved: readonly SavedExhibition[], exceptId?: string) =>
  saved.reduce((sum, entry) => (entry.id === exceptId ? sum : sum + entry.bytes), 0);

/** Whether saving `bytes` more keeps the saved exhibitions within the budget (a re-save replaces its old copy). */
export function fitsSavedBudget(saved: readonly SavedExhibition[], bytes: number, exhibitionId?: string): boolean {
  return usedBytes(saved, exhibitionId) + bytes <= SAVED_EXHIBITIONS_BUDGET_BYTES;
}

export const savedBytes = (saved: readonly SavedExhibition[]) => usedBytes(saved);

export function createOfflineExhibitionsMachine() {
  type Context = OfflineExhibitionsContext;
  type Event = OfflineExhibitionsEvent;
  return setup({
    types: {
      context: {} as Context,
      events: {} as Event,
      tags: {} as 'busy' | 'loading',
    },
    actors: {
      loadSaved: notProvided<SavedExhibition[]>('offlineExhibitionsMachine', 'loadSaved'),
      estimateSave: notProvided<SaveEstimate, SaveTarget>('offlineExhibitionsMachine', 'estimateSave'),
      // Sends download.progress, then download.done or download.failed; stopping it abandons the download.
      downloadExhibition: fromCallback<AnyEventObject, DownloadInput>(() => {
        throw new Error('offlineExhibitionsMachine: actor "downloadExhibition" not provided');
      }),
      removeSaved: notProvided<string, string>('offlineExhibitionsMachine', 'removeSaved'),
    },
    actions: {
      // Provided by the flow: navigator.storage.persist(), so saved files are not evicted by the browser.
      requestPersistence: () => {},
    },
    guards: {
      fitsBudget: ({ context, event }) =>
        fitsSavedBudget(context.saved, (event as unknown as { output: SaveEstimate }).output.bytes, context.target?.id),
      isSaved: ({ context, event }) => event.type === 'save.remove' && context.saved.some((entry) => entry.id === event.exhibitionId),
    },
  }).createMachine({
    id: 'offlineExhibitions',
    context: { saved: [], target: null, estimate: null, progress: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'loadSaved',
          src: 'loadSaved',
          onDone: { target: 'ready', actions: assign({ saved: ({ event }) => event.output }) },
          // No record store (private mode): nothing is saved, and saving still works for this visit.
          onError: { target: 'ready' },
        },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: {
            entry: assign({ target: null, estimate: null, progress: null, error: null }),
            on: {
              'save.request': { target: 'estimating', actions: assign({ target: ({ event }) => event.exhibition }) },
              'save.remove': { guard: 'isSaved', target: 'removing' },
            },
          },
          estimating: {
            tags: 'busy',
            invoke: {
              id: 'estimateSave',
              src: 'estimateSave',
              input: ({ context }) => context.target!,
              onDone: [
                { guard: 'fitsBudget', target: 'confirming', actions: assign({ estimate: ({ event }) => event.output }) },
                { target: 'refused', actions: assign({ estimate: ({ event }) => event.output }) },
              ],
              onError: { target: 'failed', actions: assign({ error: 'network' as const }) },
            },
            on: { 'save.cancel': 'idle' },
          },
          confirming: {
            on: {
              'save.confirm': 'downloading',
              'save.cancel': 'idle',
            },
          },
          refused: {
            on: { 'save.dismiss': 'idle' },
          },
          downloading: {
            tags: 'busy',
            entry: ['requestPersistence', assign({ progress: ({ context }) => ({ doneBytes: 0, totalBytes: context.estimate!.bytes }) })],
            invoke: {
              id: 'downloadExhibition',
              src: 'downloadExhibition',
              input: ({ context }) => ({ exhibition: context.target!, estimate: context.estimate! }),
            },
            on: {
              'download.progress': {
                actions: assign({
                  progress: ({ context, event }) => ({
                    doneBytes: event.doneBytes,
                    // The estimate can be short (data answers are counted as they come): the bar never passes 100%.
                    totalBytes: Math.max(context.progress!.totalBytes, event.doneBytes),
                  }),
                }),
              },
              'download.done': {
                target: 'idle',
                actions: assign({ saved: ({ context, event }) => [...context.saved.filter((entry) => entry.id !== event.saved.id), event.saved] }),
              },
              'download.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.kind }) },
            },
          },
          failed: {
            on: {
              'save.retry': { target: 'estimating', actions: assign({ error: null, progress: null }) },
              'save.dismiss': 'idle',
            },
          },
          removing: {
            tags: 'busy',
            invoke: {
              id: 'removeSaved',
              src: 'removeSaved',
              input: ({ event }) => (event as { exhibitionId: string }).exhibitionId,
              onDone: {
                target: 'idle',
                actions: assign({ saved: ({ context, event }) => context.saved.filter((entry) => entry.id !== (event as unknown as { output: string }).output) }),
              },
              onError: { target: 'idle' },
            },
          },
        },
      },
    },
  });
}
