import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import type { FormDraftParams } from '../forms/formMachine';
import { fileNameError } from '../../domain/textRules';
import { keptDraftFile } from '../../domain/drafts';
import { notifyThroughSystem } from '../system/systemActors';
import { systemActor, type SystemLike } from '../system/systemRegistry';
import { registeredLogin, type SessionSnapshotLike } from '../wallet/sessionSelectors';
import { sameAddress } from '../../domain/address';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

// See docs/requirements.md#collection-page: a collection's cover, which its creator may replace with one image cropped square. Choose a file
// (checked here: name, type, size), crop it (the view's crop editor answers cover.apply with the image and its
// preview), save it (saveCover), then keep the preview until the owner of the collection shows the stored cover:
// the page's showSaved worker (the collection page reloads its route) or the parent's `cover.shown` (a My creations
// card refreshes its collection after hearing `cover.saved`). A failure shows its message under the button and as
// an error notice. Who may edit is the wallet session's registered login when it is the creator's (watchEditor).
// Nothing typed is lost offline: a chosen file not applied yet is a draft per editor account (collectionCoverDraftKey, up to
// DRAFT_FILE_MAX_BYTES): kept when chosen (persistDraft), read back when the editor is known (restoring: the crop
// editor opens again with it), forgotten on Cancel and once the cover is saved; a failed save keeps it. Another
// account never sees it: a change of editor closes the crop editor and reads that account's own draft.

export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** The config's maxFileSize until the config is loaded (10 MB). */
export const DEFAULT_MAX_FILE_SIZE = 10_485_760;

/** The creator's login: the server accepts a cover from it only. */
export interface CoverEditor {
  address: string;
  key: string;
}

export interface CoverFile {
  name: string;
  type: string;
  size: number;
}

export interface SaveCoverInput {
  collectionId: string;
  image: Blob;
  editor: CoverEditor;
}

export interface CollectionCoverInput {
  collectionId: string;
  /** The collection's creator address (any case). */
  creator: string;
}

export interface CollectionCoverContext<TFile extends CoverFile = File> {
  collectionId: string;
  creator: string;
  /** The registered login when it is the creator's; null for everyone else (no Edit cover). */
  editor: CoverEditor | null;
  /** The file being cropped. */
  file: TFile | null;
  /** The cropped image while it is saved. */
  image: Blob | null;
  /** The cropped image's data URL, shown instead of the cover until the stored cover is shown. */
  preview: string | null;
  /** The last file or save problem, shown under the button. */
  problem: string | null;
}

export type CollectionCoverEvent<TFile extends CoverFile = File> =
  /** From watchEditor: the wallet session's login, if it is the creator's. */
  | { type: 'editor.changed'; editor: CoverEditor | null }
  | { type: 'cover.choose'; file: TFile }
  | { type: 'cover.cancel' }
  | { type: 'cover.apply'; image: Blob; dataUrl: string }
  /** From the owner (parent card): the refreshed collection is shown. */
  | { type: 'cover.shown' };

/** What the cover tells its parent once the server has the new cover. */
export type CoverSavedEvent = { type: 'cover.saved'; collectionId: string };

export type CollectionCoverTag = 'busy';

/** Stored beside the chosen file; a draft of another version is discarded. */
export const COVER_DRAFT_VERSION = 1;

/** The draft key of one account's chosen cover for one collection. */
export const collectionCoverDraftKey = (collectionId: string, address: string) => `collectionCover:${collectionId}:${address.toLowerCase()}`;

const isCoverFile = (file: unknown): file is CoverFile => {
  const candidate = file as Partial<CoverFile> | null | undefined;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string' && typeof candidate.type === 'string' && typeof candidate.size === 'number';
};

/** The chosen file of a stored record when it can still be a cover, else null. */
export function restoredCoverFile<TFile extends CoverFile>(stored: unknown, maxFileSize: number): TFile | null {
  const candidate = stored as { version?: unknown; file?: unknown } | null | undefined;
  if (!candidate || candidate.version !== COVER_DRAFT_VERSION || !isCoverFile(candidate.file)) return null;
  return coverFileProblem(candidate.file, maxFileSize) === null ? (candidate.file as TFile) : null;
}


function maxFileSizeOf(system: SystemLike): number {
  return systemActor(system, 'config')?.getSnapshot().context?.config?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
}

/** Why a chosen file cannot be a cover (the seed's messages), or null. */
export function coverFileProblem(file: CoverFile, maxFileSize: number): string | null {
  return (
    fileNameError(file.name) ??
    (!COVER_TYPES.includes(file.type) ? 'Choose a PNG, JPEG, WebP or GIF image.' : null) ??
    (file.size > maxFileSize ? `The image is larger than ${Math.round(maxFileSize / 1_048_576)} MB.` : null)
  );
}

/** The registered login when it is the creator's, else null. */
function editorOf(snapshot: SessionSnapshotLike | undefined, creator: string): CoverEditor | null {
  const login = snapshot ? registeredLogin(snapshot) : null;
  return login && sameAddress(login.address, creator) ? { address: login.address, key: login.key } : null;
}

/** Sends `editor.changed` at start and whenever the registered login changes (silent without a wallet session). */
export const watchEditor = fromCallback<EventObject, { creator: string }>(({ system, sendBack, input }) => {
  const session = systemActor(system, 'walletSession');
  if (!session) return undefined;
  let last: string | undefined;
  const report = (snapshot: SessionSnapshotLike) => {
    const editor = editorOf(snapshot, input.creator);
    const key = JSON.stringify(editor);
    if (key === last) return;
    last = key;
    sendBack({ type: 'editor.changed', editor } satisfies CollectionCoverEvent);
  };
  report(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});

export function createCollectionCoverMachine<TFile extends CoverFile = File>() {
  type Context = CollectionCoverContext<TFile>;
  type Event = CollectionCoverEvent<TFile>;
  const draftKey = (context: Context) => (context.editor ? collectionCoverDraftKey(context.collectionId, context.editor.address) : null);
  // The chosen file (up to the draft cap) is kept for the editor; a file that is no cover forgets the last one.
  const keepChosen = {
    type: 'persistDraft' as const,
    params: ({ context }: { context: Context }): FormDraftParams | null => {
      const key = draftKey(context);
      const file = context.file instanceof Blob ? keptDraftFile(context.file) : context.file;
      return key ? { key, record: file ? { version: COVER_DRAFT_VERSION, file } : null } : null;
    },
  };
  const forgetDraft = {
    type: 'persistDraft' as const,
    params: ({ context }: { context: Context }): FormDraftParams | null => {
      const key = draftKey(context);
      return key ? { key, record: null } : null;
    },
  };
  const chooseFile = { target: 'checking' as const, actions: ['takeChosen' as const, keepChosen] };

  return setup({
    types: {
      input: {} as CollectionCoverInput,
      context: {} as Context,
      events: {} as Event,
      tags: {} as CollectionCoverTag,
    },
    actors: {
      watchEditor,
      // Provided by the flow: the record stored under the key (checked by restoredCoverFile); null when none.
      loadDraft: fromPromise<unknown, string>(async () => null),
      saveCover: notProvided<unknown, SaveCoverInput>('collectionCoverMachine', 'saveCover'),
      // Until the owner shows the stored cover. By default the parent answers `cover.shown`; a page without a
      // parent machine provides a worker that settles once the page shows it (e.g. its route reloaded).
      showSaved: fromPromise<void, { collectionId: string }>(() => new Promise<void>(() => undefined)),
    },
    guards: {
      hasFile: ({ context }) => context.file !== null,
      hasEditor: ({ context }) => context.editor !== null,
      hasNoEditor: ({ context }) => context.editor === null,
      // Another account (or none): a new key of the same login is the same editor.
      editorDiffers: ({ context, event }) =>
        event.type === 'editor.changed' && (event.editor?.address.toLowerCase() ?? null) !== (context.editor?.address.toLowerCase() ?? null),
    },
    actions: {
      showProblem: assign(({ event, system }) => {
        const problem = errorMessage((event as { error?: unknown }).error);
        notifyThroughSystem(system, 'error', problem);
        return { preview: null, image: null, problem };
      }),
      clearPreview: assign({ preview: null, image: null }),
      takeChosen: assign(({ event, system }) => {
        if (event.type !== 'cover.choose') return {};
        const problem = coverFileProblem(event.file, maxFileSizeOf(system));
        return { problem, file: problem ? null : event.file };
      }),
      // Another editor: the last one's chosen file is not shown (it stays in that account's draft).
      assignEditor: assign(({ event }) => (event.type === 'editor.changed' ? { editor: event.editor, file: null } : {})),
      restoreDraft: assign(({ event, system }) => {
        const file = restoredCoverFile<TFile>((event as { output?: unknown }).output, maxFileSizeOf(system));
        return file ? { file, problem: null } : {};
      }),
      // Provided by the flow: keeps the record for a reload (src/services/formDrafts.ts); params null without an editor.
      persistDraft: (_, _params: FormDraftParams | null) => undefined,
      // The parent (a My creations card) refreshes its collection and answers cover.shown.
      reportSaved: sendParent(({ context }) => ({ type: 'cover.saved', collectionId: context.collectionId }) satisfies CoverSavedEvent),
    },
  }).createMachine({
    id: 'collectionCover',
    context: ({ input, self }) => ({
      collectionId: input.collectionId,
      creator: input.creator,
      // Known from the first snapshot when the session is already signed in, so the Edit cover button renders with
      // the cover instead of a moment later, pushing what follows down (a layout shift; watchEditor keeps it current).
      editor: editorOf(systemActor(self.system, 'walletSession')?.getSnapshot(), input.creator),
      file: null,
      image: null,
      preview: null,
      problem: null,
    }),
    invoke: { src: 'watchEditor', input: ({ context }) => ({ creator: context.creator }) },
    on: {
      // Another account: its own draft is read (the crop editor of the last one closes).
      'editor.changed': [
        { guard: 'editorDiffers', target: '.restoring', actions: 'assignEditor' },
        { actions: assign({ editor: ({ event }) => event.editor }) },
      ],
    },
    initial: 'restoring',
    states: {
      // The editor's chosen file not applied yet is read (no editor: none); chosen meanwhile, the new file wins.
      restoring: {
        always: { guard: 'hasNoEditor', target: 'idle' },
        invoke: {
          id: 'loadDraft',
          src: 'loadDraft',
          input: ({ context }) => collectionCoverDraftKey(context.collectionId, context.editor?.address ?? ''),
          onDone: { target: 'checking', actions: 'restoreDraft' },
          onError: { target: 'idle' },
        },
        on: { 'cover.choose': chooseFile },
      },
      idle: {
        on: { 'cover.choose': chooseFile },
      },
      // A file that cannot be a cover stays out (its problem is shown); another goes to the crop editor.
      checking: {
        always: [{ guard: 'hasFile', target: 'cropping' }, { target: 'idle' }],
      },
      cropping: {
        on: {
          'cover.cancel': { target: 'idle', actions: [assign({ file: null }), forgetDraft] },
          'cover.apply': {
            guard: 'hasEditor',
            target: 'saving',
            actions: assign(({ event }) => ({ file: null, image: event.image, preview: event.dataUrl, problem: null })),
          },
        },
      },
      saving: {
        tags: 'busy',
        invoke: {
          id: 'saveCover',
          src: 'saveCover',
          input: ({ context }) => ({ collectionId: context.collectionId, image: context.image!, editor: context.editor! }),
          // Saved: the chosen file's draft is done with. Not saved: the draft stays for another try.
          onDone: { target: 'showing', actions: forgetDraft },
          onError: { target: 'idle', actions: 'showProblem' },
        },
        on: { 'editor.changed': { actions: assign({ editor: ({ event }) => event.editor }) } },
      },
      // Saved: the preview stays until the owner shows the stored cover.
      showing: {
        tags: 'busy',
        entry: 'reportSaved',
        invoke: {
          id: 'showSaved',
          src: 'showSaved',
          input: ({ context }) => ({ collectionId: context.collectionId }),
          onDone: { target: 'idle', actions: 'clearPreview' },
          onError: { target: 'idle', actions: 'showProblem' },
        },
        on: {
          'cover.shown': { target: 'idle', actions: 'clearPreview' },
          'editor.changed': { actions: assign({ editor: ({ event }) => event.editor }) },
        },
      },
    },
  });
}

export const collectionCoverMachine = createCollectionCoverMachine();
export type CollectionCoverActor = ActorRefFrom<typeof collectionCoverMachine>;
export type CollectionCoverSnapshot = SnapshotFrom<typeof collectionCoverMachine>;
