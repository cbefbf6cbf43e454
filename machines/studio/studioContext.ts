// The studio machine's input, context and events (its public contract; see the header of studioMachine.ts).
import type { PublishedOnChain } from '../../domain/publishedCollection';
import type { LiveFeedEvent } from '../live/watchLive';
import type { TokenCardDraft, TokenCardParentEvent } from './tokenEditCardMachine';
import type { ChosenFile, UploadEntry, UploadParentEvent } from './uploadMachine';
import type { StudioStep } from './studioSteps';
import type { DetailsField, DetailsForm, DetailsValues, GenerativeValues, PublishParameters, StudioCanvas, StudioToken, ThumbnailMode } from './studioTypes';

/** What a reload keeps (studioPersistence.ts's record, read back by the `restoring` state): the step, typed values and the upload queue, never a request. */
export interface StudioResume {
  step: StudioStep;
  details: DetailsValues;
  /** The cropped cover chosen and not saved yet (kept as a Blob). */
  cover: Blob | null;
  /** A cover file chosen and not cropped yet (nothing typed is lost offline; a draft file up to DRAFT_FILE_MAX_BYTES). */
  coverChoice?: Blob | null;
  /** The name of a chosen cover too large to keep (the form says it must be chosen again). */
  coverChoiceDropped?: string | null;
  uploads: UploadEntry[];
  /** The token the thumbnail / flipcard preview step works on. */
  workTokenId: string | null;
  thumbnailMode: ThumbnailMode;
  generative: GenerativeValues;
  /** Token names and descriptions typed on the token step and not saved yet, by tokenId (nothing typed is lost offline). */
  tokenDrafts?: Record<string, TokenCardDraft>;
  /** The collection as its transaction's receipt named it, kept until the indexer has it (a reload shows it published). */
  onChain?: PublishedOnChain | null;
}

export interface StudioInput {
  /** /studio/edit/{containerId}; absent on /studio/create. */
  containerId?: string;
}

export interface ThumbnailChoice {
  mode: ThumbnailMode;
  /** The custom image as the crop editor applied it (jpg/png). */
  image: Blob | null;
  filename: string | null;
  /** The crop editor is open and not applied: Next is disabled. */
  editing: boolean;
  /** The default thumbnail the services captured (png), while it uploads. */
  captured: Blob | null;
}

export interface StudioContext {
  /** The canvas id (null until a new collection is saved). */
  containerId: string | null;
  canvas: StudioCanvas | null;
  /** The step shown (the top-level state), kept for persistence. */
  step: StudioStep | null;
  details: DetailsForm;
  /** The cropped cover chosen and not saved yet (persisted as a Blob: a reload on the details step keeps it). */
  cover: Blob | null;
  /** The upload child's queue as it last reported it (persisted: pending files survive a reload). */
  uploads: UploadEntry[];
  /** The token of the thumbnail (gif, video, generative) or flipcard preview step. */
  workToken: { tokenId: string; token: StudioToken | null } | null;
  thumbnail: ThumbnailChoice;
  generative: { values: GenerativeValues; errors: Partial<Record<keyof GenerativeValues, string>> };
  /** Token cards' unsaved typing by tokenId (persisted; a restored card starts from it until it is saved). */
  tokenDrafts: Record<string, TokenCardDraft>;
  /** Token step: the tokens loaded so far (pages of 6), their total, and how many pages are loaded. */
  tokens: StudioToken[];
  tokenTotal: number;
  tokenPages: number;
  /** The contract parameters /publish returned. */
  publish: PublishParameters | null;
  /** The mined publish transaction's hash (the contract action's), while its receipt is read. */
  publishHash: string | null;
  /** The collection as the receipt's CreatedCollection log named it (shown published before the indexer has it). */
  onChain: PublishedOnChain | null;
  /** The last failure's message (also shown as an error notice). */
  problem: string | null;
  /** The step a restored studio returns to once its canvas is loaded (cleared after). */
  resumeStep: StudioStep | null;
}

export type StudioEvent =
  | { type: 'studio.retry' }
  | { type: 'studio.next' }
  | { type: 'studio.back' }
  | { type: 'details.change'; field: DetailsField; value: string }
  | { type: 'details.cover'; image: Blob | null }
  /** The cover's crop editor opened (with the chosen file, kept as a draft) or closed (applied or cancelled). */
  | { type: 'details.coverEditing'; editing: boolean; file?: Blob | null }
  | { type: 'details.submit' }
  | { type: 'details.cancel' }
  | UploadParentEvent
  | { type: 'generative.change'; field: keyof GenerativeValues; value: string }
  | { type: 'generative.create' }
  | { type: 'thumbnail.mode'; mode: ThumbnailMode }
  | { type: 'thumbnail.image'; image: Blob | null; filename?: string }
  | { type: 'thumbnail.editing'; editing: boolean }
  | { type: 'token.more' }
  | { type: 'token.add' }
  | TokenCardParentEvent
  | { type: 'preview.finalize' }
  | { type: 'preview.confirm' }
  | { type: 'preview.cancel' }
  | { type: 'preview.edit' }
  | { type: 'preview.tokens' }
  | { type: 'publish.start' }
  | { type: 'publish.share' }
  | LiveFeedEvent;

export type StudioTag = 'loading' | 'busy';

/** Re-exported for views: the upload events go to the `upload` child, the card events to each card. */
export type { ChosenFile };
