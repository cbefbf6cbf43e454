import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { fileName } from '../forms/validators';
import { registeredLogin } from '../likes/accountLikesMachine';
import { notifyThroughSystem } from '../system/systemActors';
import { sameAddress } from '../../domain/address';

// Seed 000 §2/§5: a collection's cover, which its creator may replace with one image cropped square. Choose a file
// (checked here: name, type, size), crop it (the view's crop editor answers cover.apply with the image and its
// preview), save it (saveCover), then keep the preview until the owner of the collection shows the stored cover:
// the page's showSaved worker (the collection page reloads its route) or the parent's `cover.shown` (a My creations
// card refreshes its collection after hearing `cover.saved`). A failure shows its message under the button and as
// an error notice. Who may edit is the wallet session's registered login when it is the creator's (watchEditor).

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

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unexpected error');

type SystemLike = { get(systemId: string): AnyActorRef | undefined };
type SessionSnapshot = Parameters<typeof registeredLogin>[0];

function maxFileSizeOf(system: SystemLike): number {
  const config = system.get('config')?.getSnapshot() as { context?: { config?: { maxFileSize?: number } | null } } | undefined;
  return config?.context?.config?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
}

/** Why a chosen file cannot be a cover (the seed's messages), or null. */
export function coverFileProblem(file: CoverFile, maxFileSize: number): string | null {
  return (
    fileName(file.name, {}) ??
    (!COVER_TYPES.includes(file.type) ? 'Choose a PNG, JPEG, WebP or GIF image.' : null) ??
    (file.size > maxFileSize ? `The image is larger than ${Math.round(maxFileSize / 1_048_576)} MB.` : null)
  );
}

/** Sends `editor.changed` at start and whenever the registered login changes (silent without a wallet session). */
export const watchEditor = fromCallback<EventObject, { creator: string }>(({ system, sendBack, input }) => {
  const session = system.get('walletSession') as AnyActorRef | undefined;
  if (!session) return undefined;
  let last: string | undefined;
  const report = (snapshot: SessionSnapshot) => {
    const login = registeredLogin(snapshot);
    const editor = login && sameAddress(login.address, input.creator) ? { address: login.address, key: login.key } : null;
    const key = JSON.stringify(editor);
    if (key === last) return;
    last = key;
    sendBack({ type: 'editor.changed', editor } satisfies CollectionCoverEvent);
  };
  report(session.getSnapshot() as SessionSnapshot);
  const subscription = session.subscribe((snapshot: SessionSnapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});

export function createCollectionCoverMachine<TFile extends CoverFile = File>() {
  type Context = CollectionCoverContext<TFile>;
  type Event = CollectionCoverEvent<TFile>;

  return setup({
    types: {
      input: {} as CollectionCoverInput,
      context: {} as Context,
      events: {} as Event,
      tags: {} as CollectionCoverTag,
    },
    actors: {
      watchEditor,
      saveCover: fromPromise<unknown, SaveCoverInput>(async () => {
        throw new Error('collectionCoverMachine: actor "saveCover" not provided');
      }),
      // Until the owner shows the stored cover. By default the parent answers `cover.shown`; a page without a
      // parent machine provides a worker that settles once the page shows it (e.g. its route reloaded).
      showSaved: fromPromise<void, { collectionId: string }>(() => new Promise<void>(() => undefined)),
    },
    guards: {
      hasFile: ({ context }) => context.file !== null,
      hasEditor: ({ context }) => context.editor !== null,
    },
    actions: {
      showProblem: assign(({ event, system }) => {
        const problem = errorText((event as { error?: unknown }).error);
        notifyThroughSystem(system, 'error', problem);
        return { preview: null, image: null, problem };
      }),
      clearPreview: assign({ preview: null, image: null }),
      // The parent (a My creations card) refreshes its collection and answers cover.shown.
      reportSaved: sendParent(({ context }) => ({ type: 'cover.saved', collectionId: context.collectionId }) satisfies CoverSavedEvent),
    },
  }).createMachine({
    id: 'collectionCover',
    context: ({ input }) => ({
      collectionId: input.collectionId,
      creator: input.creator,
      editor: null,
      file: null,
      image: null,
      preview: null,
      problem: null,
    }),
    invoke: { src: 'watchEditor', input: ({ context }) => ({ creator: context.creator }) },
    on: {
      'editor.changed': { actions: assign({ editor: ({ event }) => event.editor }) },
    },
    initial: 'idle',
    states: {
      idle: {
        on: {
          'cover.choose': {
            target: 'checking',
            actions: assign(({ event, system }) => {
              const problem = coverFileProblem(event.file, maxFileSizeOf(system));
              return { problem, file: problem ? null : event.file };
            }),
          },
        },
      },
      // A file that cannot be a cover stays out (its problem is shown); another goes to the crop editor.
      checking: {
        always: [{ guard: 'hasFile', target: 'cropping' }, { target: 'idle' }],
      },
      cropping: {
        on: {
          'cover.cancel': { target: 'idle', actions: assign({ file: null }) },
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
          onDone: { target: 'showing' },
          onError: { target: 'idle', actions: 'showProblem' },
        },
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
        },
      },
    },
  });
}

export const collectionCoverMachine = createCollectionCoverMachine();
export type CollectionCoverActor = ActorRefFrom<typeof collectionCoverMachine>;
export type CollectionCoverSnapshot = SnapshotFrom<typeof collectionCoverMachine>;
