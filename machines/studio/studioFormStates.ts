// The studio's loading and details states: load the canvas, pick the step (entryStep, or the restored one), and
// the collection details form of a new collection (details) or an existing one (update).
import { entryStep } from '../../domain/studioRules';
import { saveDetailsInput } from './studioDetails';
import { studioSetup } from './studioSetup';
import type { StudioStep } from './studioSteps';
import type { DetailsValues } from './studioTypes';

// The details state saves only after `checking` let the values through, so the input is never null there.
const saveInput = (canvasId: string | null, values: DetailsValues, cover: Blob | null) => saveDetailsInput(canvasId, values, cover)!;

export const loadingState = studioSetup.createStateConfig({
  tags: 'loading',
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasContainer', target: 'fetching' }, { target: '#studio.entering' }] },
    fetching: {
      invoke: {
        id: 'loadCanvas',
        src: 'loadCanvas',
        input: ({ context }) => ({ canvasId: context.containerId ?? '' }),
        onDone: { target: '#studio.entering', actions: 'assignCanvas' },
        onError: { target: '#studio.failed', actions: 'showProblem' },
      },
    },
  },
});

const resumeAt = (step: StudioStep, target = step) => ({ guard: { type: 'resumesAt' as const, params: { step } }, target: `#studio.${target}` });
const resumeWithToken = (step: StudioStep) => ({ guard: { type: 'resumesWithWorkToken' as const, params: { step } }, target: `#studio.${step}` });

// See docs/requirements.md#studio-details-form "Entry rule" (domain entryStep): no collection → details; finalized or published → publish; a
// building one → preview, unless a reload returns to the step it left.
export const enteringState = studioSetup.createStateConfig({
  exit: 'clearResume',
  always: [
    // A new collection: the restored form, or a fresh one with the config's suggested royalty.
    { guard: 'resumesNewDetails', target: '#studio.details' },
    { guard: 'noCanvas', target: '#studio.details', actions: 'startNewDetails' },
    { guard: 'isFinished', target: `#studio.${entryStep({ state: 'finalized' })}` },
    resumeAt('upload'),
    resumeWithToken('flipcardPreview'),
    resumeAt('generativeToken'),
    resumeWithToken('thumbnail'),
    resumeAt('token'),
    resumeAt('details', 'update'),
    resumeAt('update'),
    { target: `#studio.${entryStep({ state: 'building' })}` },
  ],
});

export const failedState = studioSetup.createStateConfig({
  on: { 'studio.retry': { target: '#studio.loading' } },
});

/** The details form: `saved` is where a save leads, with its notice. */
function detailsForm(step: 'details' | 'update') {
  return studioSetup.createStateConfig({
    initial: 'editing',
    states: {
      editing: {
        on: {
          'details.change': { guard: 'canChangeDetail', actions: ['changeDetails', 'persistStudio'] },
          // The unsaved cover is kept for a reload as well (a Blob in the record).
          'details.cover': { actions: ['setCover', 'persistStudio'] },
          // The file in the open crop editor is kept for a reload (nothing typed is lost offline), the editor reopens with it.
          'details.coverEditing': { actions: ['setCoverEditing', 'persistStudio'] },
          // Next is disabled while the cover's crop editor is open; missing or invalid fields show their messages.
          'details.submit': { guard: 'coverReady', target: 'checking' },
          ...(step === 'update' ? { 'details.cancel': { target: '#studio.preview' } } : {}),
        },
      },
      checking: {
        always: [{ guard: 'detailsInvalid', target: 'editing', actions: 'showDetailsErrors' }, { target: 'saving' }],
      },
      saving: {
        tags: 'busy',
        invoke: {
          id: 'saveDetails',
          src: 'saveDetails',
          input: ({ context }) => saveInput(context.containerId, context.details.values, context.cover),
          onDone: [
            {
              guard: 'isCreating',
              target: '#studio.upload',
              actions: ['assignCanvas', 'clearCover', 'notifyCreated', { type: 'enterStep', params: { step: 'upload' } }, 'persistStudio', 'goToCanvas'],
            },
            { target: step === 'details' ? '#studio.upload' : '#studio.preview', actions: ['assignCanvas', 'clearCover', 'notifyUpdated'] },
          ],
          onError: { target: 'editing', actions: 'showProblem' },
        },
      },
    },
  });
}

export const detailsState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'details' } }, 'persistStudio'],
  ...detailsForm('details'),
});

export const updateState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'update' } }, 'persistStudio'],
  ...detailsForm('update'),
});
