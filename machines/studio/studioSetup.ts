// The studio machine's implementations by name (its states are in studioMachine.ts and studio*States.ts). Actors
// and the persistStudio / goToCanvas actions are provided by src/services/flows/studio.ts; the defaults throw or
// do nothing, so a missing one is found at once.
import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { STUDIO_NOTICES, TOKEN_EDIT_PAGE_SIZE, UPLOAD_FAILED_MESSAGE } from '../../domain/studioRules';
import { watchLive } from '../live/watchLive';
import { notifyThroughSystem } from '../system/systemActors';
import { contractActionMachine } from '../trading/contractActionMachine';
import { tokenEditCardMachine } from './tokenEditCardMachine';
import { uploadMachine } from './uploadMachine';
import { suggestedRoyaltyOf } from './uploadRules';
import { canvasDetailsValues, detailsErrors, detailsFieldError, emptyDetailsForm, emptyGenerativeValues, generativeErrors, missingFieldsMessage, newDetailsValues } from './studioDetails';
import { stepAfterUpload, type StudioStep } from './studioSteps';
import type { StudioContext, StudioEvent, StudioInput, StudioTag } from './studioContext';
import {
  canvasAttributes,
  type CanvasRef,
  type PublishInput,
  type PublishReceiptInput,
  type CaptureThumbnailInput,
  type CreateGenerativeTokenInput,
  type LoadTokensInput,
  type PublishParameters,
  type SaveDetailsInput,
  type ShareCanvasInput,
  type ShareOutcome,
  type StudioCanvas,
  type StudioToken,
  type TokenRef,
  type TokensPage,
  type UploadThumbnailInput,
} from './studioTypes';
import { errorMessage } from '../system/errorMessage';
import type { PublishedOnChain } from '../../domain/publishedCollection';

/** The publish transaction's receipt named this canvas's collection (published, whether or not the indexer has it yet). */
const publishedOnChain = (context: StudioContext) => context.onChain !== null && context.onChain.canvasId === context.containerId;

const provided = (name: string) => new Error(`${name} is provided by src/services/flows/studio.ts`);
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const errorText = (event: unknown) => errorMessage((event as { error?: unknown }).error);
const withoutDraft = <T>(drafts: Record<string, T>, tokenId: string): Record<string, T> => {
  if (!(tokenId in drafts)) return drafts;
  const { [tokenId]: _dropped, ...rest } = drafts;
  return rest;
};
/** The id of a token's edit card child (views: `snapshot.children[tokenCardId(token.tokenId)]`). */
export const tokenCardId = (tokenId: string) => `tokenCard-${tokenId}`;
const liveDocId = (event: StudioEvent) => (event.type === 'live.received' ? String(event.doc._id ?? '') : '');

export const studioSetup = setup({
  types: {
    input: {} as StudioInput,
    context: {} as StudioContext,
    events: {} as StudioEvent,
    tags: {} as StudioTag,
  },
  actors: {
    // The page's stored record, as stored (any version; studioPersistence.ts reads it), for the first state.
    restoreStudio: fromPromise<unknown, { containerId: string | null }>(async () => {
      throw provided('restoreStudio');
    }),
    refreshCanvasList: fromPromise<void, void>(async () => {
      throw provided('refreshCanvasList');
    }),
    loadCanvas: fromPromise<StudioCanvas, CanvasRef>(async () => {
      throw provided('loadCanvas');
    }),
    saveDetails: fromPromise<StudioCanvas, SaveDetailsInput>(async () => {
      throw provided('saveDetails');
    }),
    loadToken: fromPromise<StudioToken, TokenRef>(async () => {
      throw provided('loadToken');
    }),
    deleteToken: fromPromise<void, TokenRef>(async () => {
      throw provided('deleteToken');
    }),
    createGenerativeToken: fromPromise<StudioToken, CreateGenerativeTokenInput>(async () => {
      throw provided('createGenerativeToken');
    }),
    captureThumbnail: fromPromise<Blob, CaptureThumbnailInput>(async () => {
      throw provided('captureThumbnail');
    }),
    uploadThumbnail: fromPromise<void, UploadThumbnailInput>(async () => {
      throw provided('uploadThumbnail');
    }),
    loadTokens: fromPromise<TokensPage, LoadTokensInput>(async () => {
      throw provided('loadTokens');
    }),
    finalizeCanvas: fromPromise<StudioCanvas, CanvasRef>(async () => {
      throw provided('finalizeCanvas');
    }),
    preparePublish: fromPromise<PublishParameters, PublishInput>(async () => {
      throw provided('preparePublish');
    }),
    // The receipt's CreatedCollection log as the collection it names; null when the receipt has none (then the indexer is waited for).
    readPublishReceipt: fromPromise<PublishedOnChain | null, PublishReceiptInput>(async () => {
      throw provided('readPublishReceipt');
    }),
    shareCanvas: fromPromise<ShareOutcome, ShareCanvasInput>(async () => {
      throw provided('shareCanvas');
    }),
    upload: uploadMachine,
    tokenCard: tokenEditCardMachine,
    contractAction: contractActionMachine,
    watchLive,
  },
  guards: {
    hasContainer: ({ context }) => context.containerId !== null,
    noCanvas: ({ context }) => context.canvas === null,
    isFinished: ({ context }) => context.canvas !== null && context.canvas.state !== 'building',
    isBuilding: ({ context }) => context.canvas?.state === 'building',
    isFinalized: ({ context }) => context.canvas?.state === 'finalized',
    isPublished: ({ context }) => context.canvas?.state === 'published',
    // Not once published: indexed, or named by the publish transaction's receipt.
    canShare: ({ context }) => context.canvas !== null && context.canvas.state !== 'published' && !publishedOnChain(context),
    resumesNewDetails: ({ context }) => context.canvas === null && context.resumeStep === 'details',
    resumesAt: ({ context }, params: { step: StudioStep }) => context.resumeStep === params.step,
    resumesWithWorkToken: ({ context }, params: { step: StudioStep }) => context.resumeStep === params.step && context.workToken !== null,
    // Media type is locked once the collection exists (docs/requirements.md#studio-upload).
    canChangeDetail: ({ context, event }) => !(event.type === 'details.change' && event.field === 'mediaType' && context.canvas !== null),
    coverReady: ({ context }) => !context.details.coverEditing,
    detailsInvalid: ({ context }) => Object.keys(detailsErrors(context.details.values)).length > 0,
    isCreating: ({ context }) => context.canvas === null,
    uploadLeadsTo: ({ context, event }, params: { step: StudioStep }) => {
      if (!context.canvas || event.type !== 'upload.done') return false;
      const next = stepAfterUpload(context.canvas.mediaType);
      // The gif and video thumbnail needs the token the upload created.
      if (next === 'thumbnail' && event.tokenIds.length === 0) return params.step === 'token';
      return next === params.step;
    },
    generativeInvalid: ({ context }) => Object.keys(generativeErrors(context.generative.values)).length > 0,
    isGenerative: ({ context }) => context.canvas?.mediaType === 'multipart/mixed',
    isCustomThumbnail: ({ context }) => context.thumbnail.mode === 'custom',
    thumbnailReady: ({ context }) =>
      context.workToken?.token != null && (context.thumbnail.mode === 'default' || (context.thumbnail.image !== null && !context.thumbnail.editing)),
    loadedEmpty: ({ event }) => outputOf<TokensPage>(event).total === 0,
    onlyToken: ({ context }) => context.tokenTotal <= 1,
    hasMoreTokens: ({ context }) => context.tokens.length < context.tokenTotal,
    // Generative collections add tokens from the script already uploaded. The canvas read before the upload step
    // does not list the script yet; a token, which the server creates only from the script, shows it is there.
    hasScript: ({ context }) =>
      context.canvas?.mediaType === 'multipart/mixed' && (!!canvasAttributes(context.canvas).index?.entry || context.tokenTotal > 0),
    publishReadyHere: and([({ context, event }) => event.type === 'live.received' && event.name === 'PublishReady' && context.containerId !== null && liveDocId(event) === context.containerId, not(stateIn('publish'))]),
    // The indexer's CreatedCollection: this canvas is on chain. PublishReady is /publish's (sent once, before the
    // wallet step): it never means published, so a PublishReady while waiting changes nothing.
    collectionEventHere: ({ context, event }) =>
      event.type === 'live.received' && event.name === 'CreatedCollection' && context.containerId !== null && liveDocId(event) === context.containerId,
    outputPublished: ({ event }) => outputOf<StudioCanvas>(event).state === 'published',
    receiptNamesCollection: ({ event }) => outputOf<PublishedOnChain | null>(event) !== null,
    // A reload after the receipt was read and before the indexer had it: the kept record is of this canvas.
    publishedOnChainHere: ({ context }) => publishedOnChain(context),
    tradeSucceeded: ({ event }) => {
      const output = outputOf<{ error: unknown; hash: string | null } | undefined>(event);
      return !!output && output.error === null && output.hash !== null;
    },
    wasCopied: ({ event }) => outputOf<ShareOutcome>(event) === 'copied',
  },
  actions: {
    // Provided: stores persistedStudioRecord(context) under the canvas (src/services/flows/studio.ts).
    persistStudio: (_: { context: StudioContext }) => undefined,
    // Provided: a new collection's page becomes /studio/edit/{containerId} (replace), so a reload finds it.
    goToCanvas: (_: { context: StudioContext }) => undefined,
    // Every step's entry, followed by persistStudio.
    enterStep: assign((_, params: { step: StudioStep }) => ({ step: params.step, problem: null })),
    clearResume: assign({ resumeStep: null }),
    assignCanvas: assign(({ event }) => {
      const canvas = outputOf<StudioCanvas>(event);
      return { canvas, containerId: canvas.id };
    }),
    showProblem: assign(({ event, system }) => {
      const message = errorText(event);
      notifyThroughSystem(system, 'error', message);
      return { problem: message };
    }),
    startNewDetails: assign(({ system }) => ({ details: emptyDetailsForm(newDetailsValues(suggestedRoyaltyOf(system))), cover: null })),
    fillDetailsFromCanvas: assign(({ context }) => (context.canvas ? { details: emptyDetailsForm(canvasDetailsValues(context.canvas)), cover: null } : {})),
    changeDetails: assign(({ context, event }) => {
      if (event.type !== 'details.change') return {};
      const values = { ...context.details.values, [event.field]: event.value };
      const message = detailsFieldError(event.field, values);
      const errors = { ...context.details.errors };
      if (message) errors[event.field] = message;
      else delete errors[event.field];
      const formError = context.details.formError ? missingFieldsMessage(values) : null;
      return { details: { ...context.details, values, errors, formError } };
    }),
    // A saved cover is the canvas's: the next record no longer carries it.
    clearCover: assign({ cover: null }),
    setCover: assign(({ event }) => (event.type === 'details.cover' ? { cover: event.image } : {})),
    setCoverEditing: assign(({ context, event }) =>
      event.type === 'details.coverEditing' ? { details: { ...context.details, coverEditing: event.editing, coverFile: event.editing ? (event.file ?? null) : null, coverDropped: event.editing ? null : context.details.coverDropped } } : {},
    ),
    showDetailsErrors: assign(({ context, system }) => {
      const formError = missingFieldsMessage(context.details.values);
      if (formError) notifyThroughSystem(system, 'error', formError);
      return { details: { ...context.details, errors: detailsErrors(context.details.values), formError } };
    }),
    notifyCreated: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.collectionCreated),
    notifyUpdated: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.canvasUpdated),
    assignUploads: assign(({ event }) => (event.type === 'upload.changed' ? { uploads: event.files } : {})),
    takeUploadedToken: assign(({ event }) => ({
      uploads: [],
      workToken: event.type === 'upload.done' && event.tokenIds[0] ? { tokenId: event.tokenIds[0], token: null } : null,
    })),
    assignWorkToken: assign(({ context, event }) => ({ workToken: context.workToken ? { ...context.workToken, token: outputOf<StudioToken>(event) } : null })),
    clearWorkToken: assign({ workToken: null, thumbnail: { mode: 'default', image: null, filename: null, editing: false, captured: null } }),
    changeGenerative: assign(({ context, event }) => {
      if (event.type !== 'generative.change') return {};
      const values = { ...context.generative.values, [event.field]: event.value };
      const all = generativeErrors(values);
      const errors = { ...context.generative.errors };
      if (all[event.field]) errors[event.field] = all[event.field];
      else delete errors[event.field];
      return { generative: { values, errors } };
    }),
    showGenerativeErrors: assign(({ context }) => ({ generative: { ...context.generative, errors: generativeErrors(context.generative.values) } })),
    takeCreatedToken: assign(({ event }) => {
      const token = outputOf<StudioToken>(event);
      return { workToken: { tokenId: token.tokenId, token }, generative: { values: emptyGenerativeValues(), errors: {} } };
    }),
    setThumbnailMode: assign(({ context, event }) =>
      event.type === 'thumbnail.mode' ? { thumbnail: { ...context.thumbnail, mode: event.mode, editing: event.mode === 'custom' ? context.thumbnail.editing : false } } : {},
    ),
    setThumbnailImage: assign(({ context, event }) =>
      event.type === 'thumbnail.image' ? { thumbnail: { ...context.thumbnail, image: event.image, filename: event.image ? (event.filename ?? 'thumbnail.png') : null } } : {},
    ),
    setThumbnailEditing: assign(({ context, event }) => (event.type === 'thumbnail.editing' ? { thumbnail: { ...context.thumbnail, editing: event.editing } } : {})),
    setCaptured: assign(({ context, event }) => ({ thumbnail: { ...context.thumbnail, captured: outputOf<Blob>(event) } })),
    // A failed thumbnail upload says the seed's upload failure (not the reason) and keeps it as the problem.
    notifyUploadFailed: assign(({ system }) => {
      notifyThroughSystem(system, 'error', UPLOAD_FAILED_MESSAGE);
      return { problem: UPLOAD_FAILED_MESSAGE };
    }),
    updateToken: assign(({ context, event }) =>
      event.type === 'token.saved'
        ? { tokens: context.tokens.map((token) => (token.tokenId === event.token.tokenId ? event.token : token)), tokenDrafts: withoutDraft(context.tokenDrafts, event.token.tokenId) }
        : {},
    ),
    // A card's typing (token.draft) is kept until it is saved (updateToken) or its token is deleted.
    setTokenDraft: assign(({ context, event }) => {
      if (event.type !== 'token.draft') return {};
      return { tokenDrafts: event.draft ? { ...context.tokenDrafts, [event.tokenId]: event.draft } : withoutDraft(context.tokenDrafts, event.tokenId) };
    }),
    forgetTokenDraft: assign(({ context, event }) => (event.type === 'token.deleted' ? { tokenDrafts: withoutDraft(context.tokenDrafts, event.tokenId) } : {})),
    notifyFinalized: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.finalizeCanvas),
    assignPublish: assign(({ event }) => ({ publish: outputOf<PublishParameters>(event) })),
    notifyPrepared: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.prepareCollectionPublish),
    assignPublishHash: assign(({ event }) => ({ publishHash: outputOf<{ hash: string | null }>(event).hash })),
    assignOnChain: assign(({ event }) => ({ onChain: outputOf<PublishedOnChain>(event) })),
    // Provided: keeps the record for the collection page (src/services/studio/justPublished.ts) until the indexer has it.
    rememberPublished: (_: { context: StudioContext }) => undefined,
    notifyPublished: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.collectionPublished),
    notifyCopied: ({ system }) => notifyThroughSystem(system, 'success', STUDIO_NOTICES.previewLinkCopied),
  },
  delays: {
    // While the indexer records the new collection, the canvas is read again this often (a live event is faster).
    publishPoll: 3000,
  },
});

export const TOKEN_PAGE_SIZE = TOKEN_EDIT_PAGE_SIZE;
