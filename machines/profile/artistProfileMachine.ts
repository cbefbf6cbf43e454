// The artist profile form (the artists' pages; docs/requirements.md#artists "Form: validates on submit; blocks submit if any field is invalid
// or pending"): names, description, socials, the cover crop, up to 7 highlights, up to 9 portfolio images with
// captions, the about text and the featured artwork. Every change is checked with the shared rules (a message shows
// once its field was touched, and every message once a submit was tried); a submit while invalid saves nothing.
// Saving POSTs a new record or PUTs the existing one (saveArtistProfile); a failure keeps everything typed.
// A reload loses nothing: after every change the persistDraft action (provided by the flow; the machine stays
// storage-free) is given the values while they differ from the stored record, null once they are the record's again;
// a successful save clears it, a failed one keeps it. A form started from a kept draft says so ('restored') and
// 'draft.discard' puts the stored record back.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { ARTIST_HIGHLIGHTS_MAX, isPortfolioImageType, PORTFOLIO_IMAGE_TYPE_MESSAGE, PORTFOLIO_IMAGES_MAX, PORTFOLIO_MAX_MESSAGE } from '../../domain/artist';
import { notifyThroughSystem } from '../system/systemActors';
import { draftToKeep } from './artistProfileDraft';
import {
  shiftTouched,
  validateArtistProfile,
  valuesFromRecord,
  withoutRow,
  type ArtistProfileErrors,
  type ArtistProfileValues,
  type ArtistRecord,
  type ArtistTextField,
  type PortfolioItemValue,
} from './artistProfileForm';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

/** The General tab's notice; the artist tab saves the same profile (docs/requirements.md#artists). */
export const PROFILE_SAVED_MESSAGE = 'Profile saved';

export interface ArtistProfileFormInput {
  address: string;
  /** The stored record; null: the artist has none yet, so the first save creates it. */
  record: ArtistRecord | null;
  /** The server's maximum image size (config maxFileSize). */
  maxFileSize: number;
  /** Unsaved values kept across a reload (the page machine's draft): the form starts from them. */
  draft?: ArtistProfileValues | null;
}

/** The persistDraft action's params: the values to keep for the address, null to forget its draft. */
export interface ArtistProfileDraftParams {
  address: string;
  values: ArtistProfileValues | null;
}

export interface SaveArtistProfileRequest {
  address: string;
  /** true: PUT /artist/{address}; false: POST /artist. */
  exists: boolean;
  values: ArtistProfileValues;
}

export interface ArtistProfileFormContext {
  address: string;
  exists: boolean;
  /** The stored record the form differs from (what 'draft.discard' restores). */
  record: ArtistRecord | null;
  /** The form started from a draft kept across a reload and still differs from the record. */
  restored: boolean;
  maxFileSize: number;
  /** The stored cover, shown until a new crop replaces it. */
  coverUrl: string | null;
  values: ArtistProfileValues;
  errors: ArtistProfileErrors;
  touched: Record<string, boolean>;
  /** A submit was tried: every message shows. */
  submitted: boolean;
  /** Why chosen portfolio files were refused (type, size, more than 9). */
  fileError: string | null;
  submitError: string | null;
  nextKey: number;
}

export interface PortfolioFile {
  file: Blob;
  name: string;
}

export type ArtistProfileFormEvent =
  | { type: 'field.change'; name: ArtistTextField; value: string }
  | { type: 'highlight.add' }
  | {
      type: 'highlight.change';
      index: number;
      field: 'date' | 'achievement';
      value: string;
    }
  | { type: 'highlight.remove'; index: number }
  | { type: 'portfolio.add'; files: PortfolioFile[] }
  | { type: 'portfolio.caption'; index: number; value: string }
  | { type: 'portfolio.remove'; index: number }
  | { type: 'cover.change'; image: Blob | null }
  | { type: 'draft.discard' }
  | { type: 'form.submit' };


/** The values after a change, with the rules run again and the changed key touched. */
/** A form starting afresh on `values` (loaded, restored or reset): validated, nothing touched, no message. */
function freshForm(values: ArtistProfileValues) {
  return { values, errors: validateArtistProfile(values), touched: {}, submitted: false, fileError: null, submitError: null };
}

function changed(context: ArtistProfileFormContext, values: ArtistProfileValues, touchedKey: string | null, touched = context.touched) {
  return {
    values,
    errors: validateArtistProfile(values),
    touched: touchedKey ? { ...touched, [touchedKey]: true } : touched,
    submitError: null,
    restored: context.restored && draftToKeep(values, context.record) !== null,
  };
}

/** The persistDraft action's params after a change: the machine decides what is work to keep. */
const draftParams = ({ context }: { context: ArtistProfileFormContext }): ArtistProfileDraftParams => ({
  address: context.address,
  values: draftToKeep(context.values, context.record),
});
const persistDraft = { type: 'persistDraft', params: draftParams } as const;

/** A field's message as the view shows it: once touched, or after a submit was tried. */
export function shownError(context: ArtistProfileFormContext, key: string): string | null {
  return context.submitted || context.touched[key] ? (context.errors[key] ?? null) : null;
}

export const artistProfileMachine = setup({
  types: {
    context: {} as ArtistProfileFormContext,
    events: {} as ArtistProfileFormEvent,
    input: {} as ArtistProfileFormInput,
    tags: {} as 'busy',
  },
  actors: {
    saveArtistProfile: notProvided<ArtistRecord, SaveArtistProfileRequest>('artistProfileMachine', 'saveArtistProfile'),
  },
  actions: {
    notifySaved: ({ system }) => notifyThroughSystem(system, 'success', PROFILE_SAVED_MESSAGE),
    // The server's message (its rule's text): what to fix, with everything typed still there.
    notifySaveFailed: ({ system }, params: { message: string }) => notifyThroughSystem(system, 'error', params.message),
    // Provided by the flow (IndexedDB); without it nothing is kept.
    persistDraft: (_args, _params: ArtistProfileDraftParams) => undefined,
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
    isRestored: ({ context }) => context.restored,
    canAddHighlight: ({ context }) => context.values.highlights.length < ARTIST_HIGHLIGHTS_MAX,
    canAddPortfolio: ({ context }) => context.values.portfolio.length < PORTFOLIO_IMAGES_MAX,
    isHighlightRow: ({ context, event }) =>
      'index' in event && Number.isInteger(event.index) && event.index >= 0 && event.index < context.values.highlights.length,
    isPortfolioRow: ({ context, event }) =>
      'index' in event && Number.isInteger(event.index) && event.index >= 0 && event.index < context.values.portfolio.length,
  },
}).createMachine({
  id: 'artistProfileForm',
  context: ({ input }) => {
    const values = input.draft ?? valuesFromRecord(input.record);
    return {
      address: input.address,
      exists: input.record !== null,
      record: input.record,
      restored: Boolean(input.draft) && draftToKeep(values, input.record) !== null,
      maxFileSize: input.maxFileSize,
      coverUrl: input.record?.cover ?? null,
      ...freshForm(values),
      nextKey: Math.max(values.portfolio.length, ...values.portfolio.map((item) => item.key + 1)),
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: [assign(({ context, event }) => changed(context, { ...context.values, [event.name]: event.value }, event.name)), persistDraft],
        },
        'highlight.add': {
          guard: 'canAddHighlight',
          actions: [
            assign(({ context }) =>
              changed(
                context,
                {
                  ...context.values,
                  highlights: [...context.values.highlights, { date: '', achievement: '' }],
                },
                null,
              ),
            ),
            persistDraft,
          ],
        },
        'highlight.change': {
          guard: 'isHighlightRow',
          actions: [
            assign(({ context, event }) => {
              const highlights = context.values.highlights.map((row, index) => (index === event.index ? { ...row, [event.field]: event.value } : row));
              return changed(context, { ...context.values, highlights }, `highlights.${event.index}.${event.field}`);
            }),
            persistDraft,
          ],
        },
        'highlight.remove': {
          guard: 'isHighlightRow',
          actions: [
            assign(({ context, event }) =>
              changed(
                context,
                {
                  ...context.values,
                  highlights: withoutRow(context.values.highlights, event.index),
                },
                null,
                shiftTouched(context.touched, 'highlights', event.index),
              ),
            ),
            persistDraft,
          ],
        },
        'portfolio.add': {
          guard: 'canAddPortfolio',
          actions: [
            assign(({ context, event }) => {
              const room = PORTFOLIO_IMAGES_MAX - context.values.portfolio.length;
              const fitting = event.files.filter(({ file }) => isPortfolioImageType(file.type) && file.size > 0 && file.size <= context.maxFileSize);
              const added: PortfolioItemValue[] = fitting.slice(0, room).map(({ file, name }, offset) => ({
                key: context.nextKey + offset,
                description: '',
                image: { kind: 'new', file, name },
              }));
              const fileError =
                fitting.length < event.files.length
                  ? `${PORTFOLIO_IMAGE_TYPE_MESSAGE}, up to ${Math.round(context.maxFileSize / 1_048_576)} MB each.`
                  : fitting.length > room
                    ? PORTFOLIO_MAX_MESSAGE
                    : null;
              return {
                ...changed(
                  context,
                  {
                    ...context.values,
                    portfolio: [...context.values.portfolio, ...added],
                  },
                  null,
                ),
                fileError,
                nextKey: context.nextKey + added.length,
              };
            }),
            persistDraft,
          ],
        },
        'portfolio.caption': {
          guard: 'isPortfolioRow',
          actions: [
            assign(({ context, event }) => {
              const portfolio = context.values.portfolio.map((item, index) => (index === event.index ? { ...item, description: event.value } : item));
              return changed(context, { ...context.values, portfolio }, `portfolio.${event.index}.description`);
            }),
            persistDraft,
          ],
        },
        'portfolio.remove': {
          guard: 'isPortfolioRow',
          actions: [
            assign(({ context, event }) => ({
              ...changed(
                context,
                {
                  ...context.values,
                  portfolio: withoutRow(context.values.portfolio, event.index),
                },
                null,
                shiftTouched(context.touched, 'portfolio', event.index),
              ),
              fileError: null,
            })),
            persistDraft,
          ],
        },
        'cover.change': {
          actions: [assign(({ context, event }) => changed(context, { ...context.values, cover: event.image }, null)), persistDraft],
        },
        // The kept draft goes: the stored record is the form again.
        'draft.discard': {
          guard: 'isRestored',
          actions: [
            assign(({ context }) => {
              const values = valuesFromRecord(context.record);
              return {
                ...freshForm(values),
                restored: false,
                nextKey: values.portfolio.length,
              };
            }),
            persistDraft,
          ],
        },
        // Validates on submit: every message shows; only a valid form is saved.
        'form.submit': [
          {
            guard: 'isValid',
            target: 'submitting',
            actions: assign({ submitted: true, submitError: null }),
          },
          { actions: assign({ submitted: true }) },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'saveArtistProfile',
        src: 'saveArtistProfile',
        input: ({ context }) => ({
          address: context.address,
          exists: context.exists,
          values: context.values,
        }),
        onDone: {
          target: 'editing',
          // The saved record is the form now: trimmed texts, new portfolio images kept, the next save a PUT.
          actions: [
            assign(({ event }) => {
              const values = valuesFromRecord(event.output);
              return {
                exists: true,
                record: event.output,
                restored: false,
                coverUrl: event.output.cover,
                ...freshForm(values),
                nextKey: values.portfolio.length,
              };
            }),
            // Saved: the draft is the record now, nothing is kept.
            persistDraft,
            'notifySaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ submitError: ({ event }) => errorMessage(event.error) }),
            {
              type: 'notifySaveFailed',
              params: ({ event }) => ({ message: errorMessage(event.error) }),
            },
          ],
        },
      },
    },
  },
});

export type ArtistProfileMachine = typeof artistProfileMachine;
export type ArtistProfileActor = ActorRefFrom<ArtistProfileMachine>;
