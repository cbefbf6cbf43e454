// The studio's per-media-type steps between the details and the token list (docs/requirements.md#studio-upload "Step sequences"): the
// upload screen (the `upload` child), the flipcard's save preview, the generative token creation and the
// gif / video / generative thumbnail choice.
import { studioSetup } from './studioSetup';

const uploadTo = (step: 'thumbnail' | 'flipcardPreview' | 'generativeToken' | 'token') => ({
  guard: { type: 'uploadLeadsTo' as const, params: { step } },
  target: `#studio.${step}`,
  actions: 'takeUploadedToken' as const,
});

export const uploadState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'upload' } }, 'persistStudio'],
  invoke: {
    id: 'upload',
    src: 'upload',
    input: ({ context }) => ({ canvasId: context.containerId ?? '', screen: context.canvas?.mediaType ?? 'image', files: context.uploads }),
  },
  on: {
    'upload.changed': { actions: ['assignUploads', 'persistStudio'] },
    'upload.done': [uploadTo('thumbnail'), uploadTo('flipcardPreview'), uploadTo('generativeToken'), uploadTo('token')],
  },
});

/** Loads the step's token (the gif drawn on a canvas, the flipcard, the generative frame) for the view. */
const loadWorkToken = {
  id: 'loadToken',
  src: 'loadToken' as const,
  input: ({ context }: { context: { containerId: string | null; workToken: { tokenId: string } | null } }) => ({ canvasId: context.containerId ?? '', tokenId: context.workToken?.tokenId ?? '' }),
};

/** Back from a step that made a token: the token is deleted on the server, then the studio goes to `done`. */
const discardWorkToken = (done: '#studio.upload' | '#studio.generativeToken', failed: string) => ({
  tags: 'busy' as const,
  invoke: {
    id: 'deleteToken',
    src: 'deleteToken' as const,
    input: ({ context }: { context: { containerId: string | null; workToken: { tokenId: string } | null } }) => ({
      canvasId: context.containerId ?? '',
      tokenId: context.workToken?.tokenId ?? '',
    }),
    onDone: { target: done, actions: 'clearWorkToken' as const },
    onError: { target: failed, actions: 'showProblem' as const },
  },
});

// Flipcard: the uploaded card shown as it will flip; back deletes it and returns to the upload.
export const flipcardPreviewState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'flipcardPreview' } }, 'persistStudio'],
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: { ...loadWorkToken, onDone: { target: 'showing', actions: 'assignWorkToken' }, onError: { target: 'showing', actions: 'showProblem' } },
    },
    showing: {
      on: {
        'studio.next': { target: '#studio.token', actions: 'clearWorkToken' },
        'studio.back': { target: 'discarding' },
      },
    },
    discarding: discardWorkToken('#studio.upload', 'showing'),
  },
});

// Generative: a token is the uploaded script run with a seed value (docs/requirements.md#studio-upload: seed value and name, max 50 each).
export const generativeTokenState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'generativeToken' } }, 'persistStudio'],
  initial: 'editing',
  states: {
    editing: {
      on: {
        'generative.change': { actions: ['changeGenerative', 'persistStudio'] },
        'generative.create': [{ guard: 'generativeInvalid', actions: 'showGenerativeErrors' }, { target: 'creating' }],
      },
    },
    creating: {
      tags: 'busy',
      invoke: {
        id: 'createGenerativeToken',
        src: 'createGenerativeToken',
        input: ({ context }) => ({ canvasId: context.containerId ?? '', seedValue: context.generative.values.seedValue.trim(), name: context.generative.values.name.trim() }),
        onDone: { target: '#studio.thumbnail', actions: 'takeCreatedToken' },
        onError: { target: 'editing', actions: 'showProblem' },
      },
    },
  },
});

// See docs/requirements.md#studio-upload, "Video screen", "Generative screens": default (a png the services capture from the
// gif's canvas, the video's frame or the generative frame) or custom (a cropped jpg/png); Next is disabled without
// an image or while the crop editor is open. Back (generative only) deletes the created token.
export const thumbnailState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'thumbnail' } }, 'persistStudio'],
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: { ...loadWorkToken, onDone: { target: 'choosing', actions: 'assignWorkToken' }, onError: { target: 'failed', actions: 'showProblem' } },
    },
    failed: { on: { 'studio.retry': { target: 'loading' } } },
    choosing: {
      on: {
        'thumbnail.mode': { actions: ['setThumbnailMode', 'persistStudio'] },
        'thumbnail.image': { actions: 'setThumbnailImage' },
        'thumbnail.editing': { actions: 'setThumbnailEditing' },
        'studio.next': [
          { guard: 'thumbnailReady', target: 'saving' },
        ],
        'studio.back': { guard: 'isGenerative', target: 'discarding' },
      },
    },
    saving: {
      tags: 'busy',
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'isCustomThumbnail', target: 'uploading' }, { target: 'capturing' }] },
        capturing: {
          invoke: {
            id: 'captureThumbnail',
            src: 'captureThumbnail',
            input: ({ context }) => ({ canvas: context.canvas!, token: context.workToken!.token! }),
            onDone: { target: 'uploading', actions: 'setCaptured' },
            onError: { target: '#studio.thumbnail.choosing', actions: 'showProblem' },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadThumbnail',
            src: 'uploadThumbnail',
            input: ({ context }) => {
              const custom = context.thumbnail.mode === 'custom';
              return {
                canvasId: context.containerId ?? '',
                tokenId: context.workToken?.tokenId ?? '',
                image: (custom ? context.thumbnail.image : context.thumbnail.captured)!,
                filename: custom ? (context.thumbnail.filename ?? 'thumbnail.png') : 'thumbnail.png',
              };
            },
            onDone: { target: '#studio.token', actions: 'clearWorkToken' },
            onError: { target: '#studio.thumbnail.choosing', actions: 'notifyUploadFailed' },
          },
        },
      },
    },
    discarding: discardWorkToken('#studio.generativeToken', 'choosing'),
  },
});
