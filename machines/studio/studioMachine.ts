// See docs/requirements.md#studio-upload "Studio steps"; the creator studio "The studio machine": the creator studio, one machine with a
// path per media type, persisted across reloads.
//
// ── Contract for the views and services (src/services/flows/studio.ts, src/views/studio/**) ──────────────────────
// Input  StudioInput { containerId?: string } (/studio/create: none; /studio/edit/$containerId). The studio first
//        reads what a reload kept (restoring: the restoreStudio actor gives the page's stored record back as stored;
//        studioPersistence.ts's restoredResume reads any version of it) and starts from it, or fresh.
// Context StudioContext (studioContext.ts): containerId, canvas, step, details { values, errors, formError,
//        coverEditing }, uploads (the queue), workToken { tokenId, token } (thumbnail / flipcard preview), thumbnail
//        { mode, image, filename, editing }, generative { values, errors }, tokens / tokenTotal (token step), publish
//        (the /publish parameters), problem (the last failure's text, also shown as an error notice).
// States (top level = the step; stepper and titles in studioSteps.ts: STEP_SEQUENCES, stepTitle, stepperOf):
//   restoring → loading.{deciding,fetching} → entering (transient) → one of
//   details.{editing,checking,saving}            new collection form; Next = details.submit
//   upload                                        the `upload` child (uploadMachine): send upload.add / upload.remove /
//                                                 upload.start to snapshot.children.upload; it reports upload.changed
//                                                 and upload.done (→ thumbnail | flipcardPreview | generativeToken | token)
//   flipcardPreview.{loading,showing,discarding}  Next = studio.next (→ token); Back = studio.back (deletes the card → upload)
//   generativeToken.{editing,creating}            generative.change { field: seedValue|name }, generative.create
//   thumbnail.{loading,failed,choosing,saving.{deciding,capturing,uploading},discarding}
//                                                 thumbnail.mode default|custom, thumbnail.image { image, filename },
//                                                 thumbnail.editing; Next = studio.next (disabled: snapshot.can is false
//                                                 without an image or while editing); Back = studio.back (generative only)
//   token.{loading,failed,listing,loadingMore}    cards are children `tokenCardId(tokenId)` (tokenEditCardMachine:
//                                                 card.name / card.description / card.describe / card.save / card.delete);
//                                                 token.more (next 6), token.add (→ upload), studio.next (→ preview)
//   preview.{idle,confirming,finalizing}          preview.finalize → confirm dialog (preview.confirm / preview.cancel);
//                                                 preview.edit (→ update), preview.tokens (→ token); building only.
//                                                 The token grid (12 a page) is the view's paged list (getTokensByContainerId).
//   update.{editing,checking,saving}              edit an existing collection; details.cancel → preview
//   publish (parallel): flow.{refreshing,deciding,ready,preparing,signing,waiting,confirming,published},
//                       share.{idle,sharing}      publish.start (finalized only), publish.share (until published).
//                                                 signing runs the `publishAction` child (contractActionMachine,
//                                                 action createCollection): read its tags for the wallet status.
//   failed                                        the canvas did not load; studio.retry
// Every step's events: studio.retry / studio.next / studio.back where listed; the view asks snapshot.can(event) for
// every button. A live PublishReady for this canvas moves to publish from any step (watchLive).
// Tags: 'loading' (a read the step waits for), 'busy' (a write or upload in flight).
// Actors the services provide (inputs in studioTypes.ts): restoreStudio ({ containerId } → the stored record), refreshCanvasList, loadCanvas, saveDetails, loadToken,
//   deleteToken, createGenerativeToken, captureThumbnail (png of the gif canvas / video frame / generative frame),
//   uploadThumbnail (tus, context thumbnail, metadata token), loadTokens, finalizeCanvas, preparePublish, shareCanvas
//   ('copied' shows previewLinkCopied), contractAction (provideContractAction()), and inside the children:
//   upload.uploadFile (uploadMachine.ts: a callback actor sending upload.progress / upload.fileDone / upload.failed /
//   upload.needsFile), tokenCard.saveToken / tokenCard.deleteToken. Provide child actors on the child machines:
//   `studioMachine.provide({ actors: { upload: uploadMachine.provide({ actors: { uploadFile }, actions: { keepFiles,
//   forgetFile } }), tokenCard: tokenEditCardMachine.provide({ actors: { saveToken, deleteToken } }), … } })`.
// Actions the services provide: persistStudio ({ context }) → store persistedStudioRecord(context) under
//   context.containerId ?? 'new'; goToCanvas ({ context }) → navigateTo /studio/edit/$containerId (replace) after a
//   new collection is saved (and drop the 'new' record). Notices go through the system's notifications actor.
// ─────────────────────────────────────────────────────────────────────────────────────────────────────────────────
import { assign, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { emptyDetailsForm, emptyGenerativeValues, newDetailsValues } from './studioDetails';
import { detailsState, enteringState, failedState, loadingState, updateState } from './studioFormStates';
import { flipcardPreviewState, generativeTokenState, thumbnailState, uploadState } from './studioMediaStates';
import { previewState, publishState, tokenState } from './studioReviewStates';
import { studioSetup } from './studioSetup';
import { restoredResume } from './studioPersistence';
import type { StudioContext, StudioInput, StudioResume } from './studioContext';

/** A studio's context as a page starts it, carrying what a reload kept (`resume`) when there is something. */
export function initialStudioContext(input: StudioInput & { resume?: StudioResume | null }): StudioContext {
  const resume = input.resume ?? null;
  return {
    containerId: input.containerId ?? null,
    canvas: null,
    step: null,
    details: emptyDetailsForm(resume?.details ?? newDetailsValues(null), resume?.coverChoice ?? null, resume?.coverChoiceDropped ?? null),
    cover: resume?.cover ?? null,
    uploads: resume?.uploads ?? [],
    workToken: resume?.workTokenId ? { tokenId: resume.workTokenId, token: null } : null,
    thumbnail: { mode: resume?.thumbnailMode ?? 'default', image: null, filename: null, editing: false, captured: null },
    generative: { values: resume?.generative ?? emptyGenerativeValues(), errors: {} },
    tokenDrafts: resume?.tokenDrafts ?? {},
    tokens: [],
    tokenTotal: 0,
    tokenPages: 1,
    publish: null,
    publishHash: null,
    onChain: resume?.onChain ?? null,
    problem: null,
    resumeStep: resume?.step ?? null,
  };
}

export const studioMachine = studioSetup.createMachine({
  id: 'studio',
  context: ({ input }) => initialStudioContext(input ?? {}),
  invoke: [
    { id: 'watchLive', src: 'watchLive' },
    // See docs/requirements.md#studio-list "On load the studio list is refreshed"; its failure changes nothing here.
    { id: 'refreshCanvasList', src: 'refreshCanvasList' },
  ],
  on: {
    // See docs/requirements.md#studio-publish "A ready-for-publish event moves the user to the publish step".
    'live.received': { guard: 'publishReadyHere', target: '.publish' },
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restoreStudio',
        src: 'restoreStudio',
        input: ({ context }) => ({ containerId: context.containerId }),
        // Whatever is stored, in any format a build wrote; nothing (or nothing readable, or another canvas's) is fresh.
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => {
            const resume = restoredResume(event.output, context.containerId);
            return resume ? initialStudioContext({ containerId: context.containerId ?? undefined, resume }) : {};
          }),
        },
        // Storage that cannot be read (no IndexedDB) only loses what a reload would have kept.
        onError: { target: 'loading' },
      },
    },
    loading: loadingState,
    entering: enteringState,
    failed: failedState,
    details: detailsState,
    upload: uploadState,
    flipcardPreview: flipcardPreviewState,
    generativeToken: generativeTokenState,
    thumbnail: thumbnailState,
    token: tokenState,
    preview: previewState,
    update: updateState,
    publish: publishState,
  },
});

export type StudioMachine = typeof studioMachine;
export type StudioActor = ActorRefFrom<typeof studioMachine>;
export type StudioSnapshot = SnapshotFrom<typeof studioMachine>;
export type { StudioContext, StudioEvent, StudioInput, StudioResume, StudioTag } from './studioContext';
export { tokenCardId } from './studioSetup';
export { STEP_SEQUENCES, stepperOf, stepTitle, type StudioStep } from './studioSteps';
