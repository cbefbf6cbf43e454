// The artist artworks page (docs/requirements.md#artists "Artist artworks: title is the artist name"): the artist's name data for
// the title, loaded once per artist. The token grid beside it is the shared paged list (its own flow). The name comes
// from the artist record, or the account when there is none; no account (or a failed read, silently, as the seed
// treats the artist page's load) leaves the title to the display-name rule's fallback, the shortened address.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { notProvided } from '../system/notProvided';

/** The name data the display-name rule needs (domain/artist.ts artistDisplayName). */
export interface ArtistName {
  address: string;
  alias: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Whether the address has an artist record (then the artist page has something to show). */
  hasProfile: boolean;
}

export interface ArtistArtworksPageInput {
  /** The artist's wallet address, as in the URL. */
  artistId: string;
}

export interface ArtistArtworksPageContext {
  artistId: string;
  /** The artist's (or the account's) name data; null until loaded, and when the address has no account. */
  artist: ArtistName | null;
}

export const artistArtworksPageMachine = setup({
  types: {
    input: {} as ArtistArtworksPageInput,
    context: {} as ArtistArtworksPageContext,
  },
  actors: {
    /** The artist record's name data, else the account's, else null (no account at this address). */
    loadArtistName: notProvided<ArtistName | null, { artistId: string }>('artistArtworksPageMachine', 'loadArtistName'),
  },
}).createMachine({
  id: 'artistArtworksPage',
  context: ({ input }) => ({ artistId: input.artistId, artist: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadArtistName',
        src: 'loadArtistName',
        input: ({ context }) => ({ artistId: context.artistId }),
        onDone: { target: 'ready', actions: assign({ artist: ({ event }) => event.output }) },
        // Silently: the title falls back to the shortened address; the grid has its own error and Retry.
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
});

export type ArtistArtworksPageMachine = typeof artistArtworksPageMachine;
export type ArtistArtworksPageActor = ActorRefFrom<ArtistArtworksPageMachine>;
