// See docs/requirements.md#studio-upload (upload screens and rules); the creator studio "Uploads": the studio's file queue.
// Files are checked when chosen (name rule, extension per screen, count, size from the config), then uploaded one
// at a time by the provided `uploadFile` (tus, resumable) which reports progress, the created token and failures.
// The queue (without the files' bytes) goes to the parent on every change (`upload.changed`), so the studio keeps
// the pending files across a reload; a file the browser could not keep is asked for again (`upload.needsFile`).
import { assign, fromCallback, sendParent, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import type { UploadCategory } from '../../domain/contracts/upload';
import { UPLOAD_FAILED_MESSAGE } from '../../domain/studioRules';
import { notifyThroughSystem } from '../system/systemActors';
import { maxFilesOf, scriptProblem, tooManyFilesMessage, uploadFileProblem, uploadLimitsOf, uploadTarget, type UploadScreen } from './uploadRules';

export type UploadStatus = 'pending' | 'uploading' | 'done' | 'failed';

/** One queued file, as persisted (its bytes are kept by the services in origin-private storage under `key`). */
export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  type: string;
  /** The chosen file's lastModified, when it had one (the services match a file chosen again with it). */
  lastModified?: number;
  status: UploadStatus;
  bytesUploaded: number;
  /** The token the server created from it (media uploads). */
  tokenId?: string;
  /** The browser lost the file's bytes: the user must choose the same file again. */
  needsFile?: boolean;
}

/** A chosen file (a browser File is one). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
  lastModified?: number;
  blob: Blob;
}

export interface UploadFileInput {
  canvasId: string;
  file: UploadEntry;
  /** The bytes chosen in this session; null after a reload (the services read them back by `file.key`). */
  blob: Blob | null;
  context: ReturnType<typeof uploadTarget>['context'];
  category: UploadCategory;
}

export interface UploadInput {
  canvasId: string;
  screen: UploadScreen;
  /** A restored queue; files that were uploading continue at once. */
  files?: UploadEntry[];
}

export interface UploadContext {
  canvasId: string;
  screen: UploadScreen;
  files: UploadEntry[];
  /** Bytes of files chosen in this session, by key (never persisted). */
  blobs: Record<string, Blob>;
  /** The last refusal or failure, shown above the list. */
  problem: string | null;
  /** Keys accepted by the last upload.add (what keepFiles stores). */
  added: string[];
  nextKey: number;
}

export type UploadEvent =
  | { type: 'upload.add'; files: ChosenFile[] }
  | { type: 'upload.remove'; key: string }
  | { type: 'upload.start' }
  // From the invoked uploadFile:
  | { type: 'upload.progress'; key: string; bytesUploaded: number }
  | { type: 'upload.fileDone'; key: string; tokenId?: string | null }
  | { type: 'upload.failed'; key: string; message?: string }
  | { type: 'upload.needsFile'; key: string };

/** What the parent hears: every change of the queue, and the end with the created tokens. */
export type UploadParentEvent = { type: 'upload.changed'; files: UploadEntry[] } | { type: 'upload.done'; tokenIds: string[] };

export type UploadTag = 'busy';

export const needsFileMessage = (name: string) => `Choose ${name} again to continue its upload`;

const current = (context: UploadContext) => context.files.find((file) => file.status === 'uploading') ?? context.files.find((file) => file.status === 'pending' && !file.needsFile);
const setFile = (context: UploadContext, key: string, change: Partial<UploadEntry>) => context.files.map((file) => (file.key === key ? { ...file, ...change } : file));
const sameFile = (entry: UploadEntry, file: ChosenFile) => entry.needsFile && entry.name === file.name && entry.size === file.size;
const keyOf = (event: EventObject) => (event as { key?: string }).key ?? '';

const keepAdded = {
  type: 'keepFiles' as const,
  params: ({ context }: { context: UploadContext }) => ({ files: context.added.flatMap((key) => (context.blobs[key] ? [{ key, blob: context.blobs[key] }] : [])) }),
};
const forgetEventFile = { type: 'forgetFile' as const, params: ({ event }: { event: EventObject }) => ({ key: keyOf(event) }) };

export const uploadMachine = setup({
  types: {
    input: {} as UploadInput,
    context: {} as UploadContext,
    events: {} as UploadEvent,
    tags: {} as UploadTag,
  },
  actors: {
    // Provided by the services (tus-js-client): uploads input.file, sending back upload.progress, then
    // upload.fileDone (with the token-id header) or upload.failed, or upload.needsFile when the bytes are gone.
    uploadFile: fromCallback<EventObject, UploadFileInput>(() => {
      throw new Error('uploadFile is provided by src/services/flows/studio.ts');
    }),
  },
  guards: {
    hasNext: ({ context }) => current(context) !== undefined,
    isCurrent: ({ context, event }) => current(context)?.key === keyOf(event),
    scriptMissing: ({ context }) => scriptProblem(context.screen, context.files.map((file) => file.name)) !== null,
    canStart: ({ context }) => context.files.some((file) => file.status === 'pending' || file.status === 'failed') && !context.files.some((file) => file.needsFile),
    wasUploading: ({ context }) => context.files.some((file) => file.status === 'uploading' && !file.needsFile),
    isQueued: ({ context, event }) => context.files.some((file) => file.key === keyOf(event) && file.status !== 'uploading' && file.status !== 'done'),
  },
  actions: {
    // Provided: the services keep chosen bytes in origin-private storage until their upload completes (keepFiles
    // after each add, with the files just accepted), and drop them once done or removed (forgetFile).
    keepFiles: (_, _params: { files: Array<{ key: string; blob: Blob }> }) => undefined,
    forgetFile: (_, _params: { key: string }) => undefined,
    reportFiles: sendParent(({ context }) => ({ type: 'upload.changed', files: context.files }) satisfies UploadParentEvent),
    reportDone: sendParent(({ context }) => ({ type: 'upload.done', tokenIds: context.files.flatMap((file) => (file.tokenId ? [file.tokenId] : [])) }) satisfies UploadParentEvent),
    addFiles: assign(({ context, event, system }) => {
      if (event.type !== 'upload.add') return {};
      const limits = uploadLimitsOf(system);
      const max = maxFilesOf(context.screen);
      let files = context.files;
      let nextKey = context.nextKey;
      const blobs = { ...context.blobs };
      const added: string[] = [];
      let problem: string | null = null;
      for (const chosen of event.files) {
        // The same file chosen again for an upload whose bytes were lost.
        const lost = files.find((entry) => sameFile(entry, chosen));
        if (lost) {
          files = files.map((entry) => (entry === lost ? { ...entry, needsFile: false } : entry));
          blobs[lost.key] = chosen.blob;
          added.push(lost.key);
          continue;
        }
        const refusal = uploadFileProblem(chosen, context.screen, limits) ?? (files.length >= max ? tooManyFilesMessage(max) : null);
        if (refusal) {
          problem = refusal;
          continue;
        }
        const key = `${nextKey}:${chosen.name}:${chosen.size}`;
        nextKey += 1;
        const entry: UploadEntry = { key, name: chosen.name, size: chosen.size, type: chosen.type, status: 'pending', bytesUploaded: 0 };
        if (chosen.lastModified !== undefined) entry.lastModified = chosen.lastModified;
        files = [...files, entry];
        blobs[key] = chosen.blob;
        added.push(key);
      }
      if (problem) notifyThroughSystem(system, 'error', problem);
      return { files, blobs, nextKey, problem, added };
    }),
    removeFile: assign(({ context, event }) => {
      const key = keyOf(event);
      const blobs = { ...context.blobs };
      delete blobs[key];
      return { files: context.files.filter((file) => file.key !== key), blobs, problem: null };
    }),
    refuseStart: assign(({ context, system }) => {
      const problem = scriptProblem(context.screen, context.files.map((file) => file.name));
      if (problem) notifyThroughSystem(system, 'error', problem);
      return { problem };
    }),
    retryFailed: assign({ files: ({ context }) => context.files.map((file) => (file.status === 'failed' ? { ...file, status: 'pending' as const } : file)), problem: null }),
    markUploading: assign({ files: ({ context }) => setFile(context, current(context)?.key ?? '', { status: 'uploading' }) }),
    setProgress: assign({ files: ({ context, event }) => setFile(context, keyOf(event), { bytesUploaded: (event as { bytesUploaded?: number }).bytesUploaded ?? 0 }) }),
    setDone: assign(({ context, event }) => {
      const key = keyOf(event);
      const file = context.files.find((entry) => entry.key === key);
      const tokenId = (event as { tokenId?: string | null }).tokenId;
      const blobs = { ...context.blobs };
      delete blobs[key];
      return { files: setFile(context, key, { status: 'done', bytesUploaded: file?.size ?? 0, ...(tokenId ? { tokenId } : {}) }), blobs };
    }),
    setFailed: assign(({ context, event, system }) => {
      notifyThroughSystem(system, 'error', UPLOAD_FAILED_MESSAGE);
      return { files: setFile(context, keyOf(event), { status: 'failed' }), problem: UPLOAD_FAILED_MESSAGE };
    }),
    setNeedsFile: assign(({ context, event }) => {
      const key = keyOf(event);
      const file = context.files.find((entry) => entry.key === key);
      return { files: setFile(context, key, { status: 'pending', needsFile: true }), problem: needsFileMessage(file?.name ?? '') };
    }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ canvasId: input.canvasId, screen: input.screen, files: input.files ?? [], blobs: {}, problem: null, added: [], nextKey: (input.files?.length ?? 0) + 1 }),
  initial: 'resuming',
  states: {
    // A queue restored while a file was uploading continues from the server's offset without a click.
    resuming: { always: [{ guard: 'wasUploading', target: 'uploading' }, { target: 'choosing' }] },
    choosing: {
      on: {
        'upload.add': { actions: ['addFiles', keepAdded, 'reportFiles'] },
        'upload.remove': { guard: 'isQueued', actions: [forgetEventFile, 'removeFile', 'reportFiles'] },
        'upload.start': [
          { guard: 'scriptMissing', actions: 'refuseStart' },
          { guard: 'canStart', target: 'uploading', actions: 'retryFailed' },
        ],
      },
    },
    uploading: {
      tags: 'busy',
      entry: ['markUploading', 'reportFiles'],
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => {
          const file = current(context)!;
          return { canvasId: context.canvasId, file, blob: context.blobs[file.key] ?? null, ...uploadTarget(context.screen) };
        },
      },
      on: {
        'upload.add': { actions: ['addFiles', keepAdded, 'reportFiles'] },
        'upload.remove': { guard: 'isQueued', actions: [forgetEventFile, 'removeFile', 'reportFiles'] },
        'upload.progress': { guard: 'isCurrent', actions: 'setProgress' },
        'upload.fileDone': { guard: 'isCurrent', target: 'next', actions: ['setDone', forgetEventFile, 'reportFiles'] },
        'upload.failed': { guard: 'isCurrent', target: 'choosing', actions: ['setFailed', 'reportFiles'] },
        'upload.needsFile': { guard: 'isCurrent', target: 'choosing', actions: ['setNeedsFile', 'reportFiles'] },
      },
    },
    next: { always: [{ guard: 'hasNext', target: 'uploading' }, { target: 'done' }] },
    done: { entry: 'reportDone' },
  },
});

export type UploadActor = ActorRefFrom<typeof uploadMachine>;
export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
