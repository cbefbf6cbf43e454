// The artist profile form (issue 15; seed 000 §4 "Form: validates on submit; blocks submit if any field is invalid
// or pending"): names, description, socials, the cover crop, up to 7 highlights, up to 9 portfolio images with
// captions, the about text and the featured artwork. Every change is checked with the shared rules (a message shows
// once its field was touched, and every message once a submit was tried); a submit while invalid saves nothing.
// Saving POSTs a new record or PUTs the existing one (saveArtistProfile); a failure keeps everything typed.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  ARTIST_HIGHLIGHTS_MAX,
  isPortfolioImageType,
  PORTFOLIO_IMAGE_TYPE_MESSAGE,
  PORTFOLIO_IMAGES_MAX,
  PORTFOLIO_MAX_MESSAGE,
} from '../../domain/artist';
import { notifyThroughSystem } from '../system/systemActors';
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

/** The General tab's notice; the artist tab saves the same profile (seed 000 §2). */
export const PROFILE_SAVED_MESSAGE = 'Profile saved';

export interface ArtistProfileFormInput {
  address: string;
  /** The stored record; null: the artist has none yet, so the first save creates it. */
  record: ArtistRecord | null;
  /** The server's maximum image size (config maxFileSize). */
  maxFileSize: number;
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
  | { type: 'highlight.change'; index: number; field: 'date' | 'achievement'; value: string }
  | { type: 'highlight.remove'; index: number }
  | { type: 'portfolio.add'; files: PortfolioFile[] }
  | { type: 'portfolio.caption'; index: number; value: string }
  | { type: 'portfolio.remove'; index: number }
  | { type: 'cover.change'; image: Blob | null }
  | { type: 'form.submit' };

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unexpected error');

/** The values after a change, with the rules run again and the changed key touched. */
function changed(context: ArtistProfileFormContext, values: ArtistProfileValues, touchedKey: string | null, touched = context.touched) {
  return {
    values,
    errors: validateArtistProfile(values),
    touched: touchedKey ? { ...touched, [touchedKey]: true } : touched,
    submitError: null,
  };
}

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
    saveArtistProfile: fromPromise<ArtistRecord, SaveArtistProfileRequest>(async () => {
      throw new Error('artistProfileMachine: "saveArtistProfile" not provided');
    }),
  },
  actions: {
    notifySaved: ({ system }) => notifyThroughSystem(system, 'success', PROFILE_SAVED_MESSAGE),
    // The server's message (its rule's text): what to fix, with everything typed still there.
    notifySaveFailed: ({ system }, params: { message: string }) => notifyThroughSystem(system, 'error', params.message),
  },
  guards: {
    isValid: ({ context }) => Object.keys(context.errors).length === 0,
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
    const values = valuesFromRecord(input.record);
    return {
      address: input.address,
      exists: input.record !== null,
      maxFileSize: input.maxFileSize,
      coverUrl: input.record?.cover ?? null,
      values,
      errors: validateArtistProfile(values),
      touched: {},
      submitted: false,
      fileError: null,
      submitError: null,
      nextKey: values.portfolio.length,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => changed(context, { ...context.values, [event.name]: event.value }, event.name)),
        },
        'highlight.add': {
          guard: 'canAddHighlight',
          actions: assign(({ context }) => changed(context, { ...context.values, highlights: [...context.values.highlights, { date: '', achievement: '' }] }, null)),
        },
        'highlight.change': {
          guard: 'isHighlightRow',
          actions: assign(({ context, event }) => {
            const highlights = context.values.highlights.map((row, index) => (index === event.index ? { ...row, [event.field]: event.value } : row));
            return changed(context, { ...context.values, highlights }, `highlights.${event.index}.${event.field}`);
          }),
        },
        'highlight.remove': {
          guard: 'isHighlightRow',
          actions: assign(({ context, event }) =>
            changed(context, { ...context.values, highlights: withoutRow(context.values.highlights, event.index) }, null, shiftTouched(context.touched, 'highlights', event.index)),
          ),
        },
        'portfolio.add': {
          guard: 'canAddPortfolio',
          actions: assign(({ context, event }) => {
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
              ...changed(context, { ...context.values, portfolio: [...context.values.portfolio, ...added] }, null),
              fileError,
              nextKey: context.nextKey + added.length,
            };
          }),
        },
        'portfolio.caption': {
          guard: 'isPortfolioRow',
          actions: assign(({ context, event }) => {
            const portfolio = context.values.portfolio.map((item, index) => (index === event.index ? { ...item, description: event.value } : item));
            return changed(context, { ...context.values, portfolio }, `portfolio.${event.index}.description`);
          }),
        },
        'portfolio.remove': {
          guard: 'isPortfolioRow',
          actions: assign(({ context, event }) => ({
            ...changed(context, { ...context.values, portfolio: withoutRow(context.values.portfolio, event.index) }, null, shiftTouched(context.touched, 'portfolio', event.index)),
            fileError: null,
          })),
        },
        'cover.change': {
          actions: assign(({ context, event }) => changed(context, { ...context.values, cover: event.image }, null)),
        },
        // Validates on submit: every message shows; only a valid form is saved.
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ submitted: true, submitError: null }) },
          { actions: assign({ submitted: true }) },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'saveArtistProfile',
        src: 'saveArtistProfile',
        input: ({ context }) => ({ address: context.address, exists: context.exists, values: context.values }),
        onDone: {
          target: 'editing',
          // The saved record is the form now: trimmed texts, new portfolio images kept, the next save a PUT.
          actions: [
            assign(({ event }) => {
              const values = valuesFromRecord(event.output);
              return {
                exists: true,
                coverUrl: event.output.cover,
                values,
                errors: validateArtistProfile(values),
                touched: {},
                submitted: false,
                fileError: null,
                submitError: null,
                nextKey: values.portfolio.length,
              };
            }),
            'notifySaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ submitError: ({ event }) => errorMessage(event.error) }),
            { type: 'notifySaveFailed', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          ],
        },
      },
    },
  },
});

export type ArtistProfileMachine = typeof artistProfileMachine;
export type ArtistProfileActor = ActorRefFrom<ArtistProfileMachine>;
