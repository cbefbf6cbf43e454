// The artist profile tab's data (issue 15): the signed-in creator's own artist record (getArtistInfo; null when
// there is none yet, so the form starts empty and its first save creates it) and the featured-artwork choices, the
// tokens the artist created (getArtistTokens). A failed load says why and can be retried.
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ArtistRecord, ArtworkChoice } from './artistProfileForm';

export interface ArtistProfileData {
  record: ArtistRecord | null;
  artworks: ArtworkChoice[];
}

export interface ArtistProfilePageContext {
  address: string;
  data: ArtistProfileData | null;
  error: string | null;
}

export type ArtistProfilePageEvent = { type: 'artistProfile.retry' };

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unexpected error');

export const artistProfilePageMachine = setup({
  types: {
    context: {} as ArtistProfilePageContext,
    events: {} as ArtistProfilePageEvent,
    input: {} as { address: string },
    tags: {} as 'loading',
  },
  actors: {
    loadArtistProfile: fromPromise<ArtistProfileData, { address: string }>(async () => {
      throw new Error('artistProfilePageMachine: "loadArtistProfile" not provided');
    }),
  },
}).createMachine({
  id: 'artistProfilePage',
  context: ({ input }) => ({ address: input.address, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadArtistProfile',
        src: 'loadArtistProfile',
        input: ({ context }) => ({ address: context.address }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
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
