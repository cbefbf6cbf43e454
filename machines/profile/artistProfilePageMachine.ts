// The artist profile tab's data (the artists' pages): the signed-in creator's own artist record (getArtistInfo; null when
// there is none yet, so the form starts empty and its first save creates it) and the featured-artwork choices, the
// tokens the artist created (getArtistTokens). A failed load says why and can be retried. Then the unsaved draft kept
// for this address (loadArtistDraft, the stored record as it is): when it is this address's and differs from the
// record, the form starts from it; a draft that cannot be read only means the form starts from the record.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { restoredArtistDraft } from './artistProfileDraft';
import type { ArtistProfileValues, ArtistRecord, ArtworkChoice } from './artistProfileForm';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export interface ArtistProfileData {
  record: ArtistRecord | null;
  artworks: ArtworkChoice[];
}

export interface ArtistProfilePageContext {
  address: string;
  data: ArtistProfileData | null;
  /** The unsaved values to start the form from (kept across a reload), or null: the form starts from the record. */
  draft: ArtistProfileValues | null;
  error: string | null;
}

export type ArtistProfilePageEvent = { type: 'artistProfile.retry' };


export const artistProfilePageMachine = setup({
  types: {
    context: {} as ArtistProfilePageContext,
    events: {} as ArtistProfilePageEvent,
    input: {} as { address: string },
    tags: {} as 'loading',
  },
  actors: {
    loadArtistProfile: notProvided<ArtistProfileData, { address: string }>('artistProfilePageMachine', 'loadArtistProfile'),
    loadArtistDraft: fromPromise<unknown, { address: string }>(async () => null),
  },
}).createMachine({
  id: 'artistProfilePage',
  context: ({ input }) => ({ address: input.address, data: null, draft: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadArtistProfile',
        src: 'loadArtistProfile',
        input: ({ context }) => ({ address: context.address }),
        onDone: { target: 'restoring', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    restoring: {
      tags: 'loading',
      invoke: {
        id: 'loadArtistDraft',
        src: 'loadArtistDraft',
        input: ({ context }) => ({ address: context.address }),
        onDone: {
          target: 'ready',
          actions: assign({ draft: ({ context, event }) => restoredArtistDraft(event.output, context.address, context.data?.record ?? null) }),
        },
        onError: { target: 'ready', actions: assign({ draft: null }) },
      },
    },
    ready: {},
    failed: {
      on: { 'artistProfile.retry': 'loading' },
    },
  },
});

export type ArtistProfilePageMachine = typeof artistProfilePageMachine;
export type ArtistProfilePageActor = ActorRefFrom<ArtistProfilePageMachine>;
