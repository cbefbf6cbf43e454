import { assign, setup } from 'xstate';

// See docs/requirements.md#artists: a toggle between images and list, remembered (the artists' pages). The images view's
// cards show the artist's cover in grayscale and swap to the featured artwork's thumbnail while the card is
// hovered or its link has keyboard focus: the highlighted artist is page state, so one card swaps at a time.

export const ARTISTS_VIEWS = ['images', 'list'] as const;
export type ArtistsView = (typeof ARTISTS_VIEWS)[number];
export const DEFAULT_ARTISTS_VIEW: ArtistsView = 'images';

export const isArtistsView = (value: unknown): value is ArtistsView => ARTISTS_VIEWS.includes(value as ArtistsView);

export interface ArtistsCatalogueInput {
  /** The view the visitor chose last time, as the flow read it from storage (anything else: the default). */
  storedView?: unknown;
}

export interface ArtistsCatalogueContext {
  startView: ArtistsView;
  /** The artist (id) whose card shows the featured artwork instead of the cover; images view only. */
  highlighted: string | null;
}

export type ArtistsCatalogueEvent =
  | { type: 'view.select'; view: ArtistsView }
  | { type: 'artist.highlight'; id: string }
  | { type: 'artist.unhighlight'; id: string };

export const artistsCatalogueMachine = setup({
  types: {
    context: {} as ArtistsCatalogueContext,
    events: {} as ArtistsCatalogueEvent,
    input: {} as ArtistsCatalogueInput,
  },
  actions: {
    // Stores the visitor's choice so the next visit (or a reload) opens the same view (provided by the flow).
    persistView: (_, _params: { view: ArtistsView }) => {},
    highlight: assign({ highlighted: ({ context, event }) => (event.type === 'artist.highlight' ? event.id : context.highlighted) }),
    clearHighlight: assign({ highlighted: null }),
  },
  guards: {
    startsAsList: ({ context }) => context.startView === 'list',
    selectsList: ({ event }) => event.type === 'view.select' && event.view === 'list',
    selectsImages: ({ event }) => event.type === 'view.select' && event.view === 'images',
    // A pointer leaving one card must not clear another card that has since been highlighted.
    isHighlighted: ({ context, event }) => event.type === 'artist.unhighlight' && event.id === context.highlighted,
    isOtherArtist: ({ context, event }) => event.type === 'artist.highlight' && event.id !== context.highlighted,
  },
}).createMachine({
  id: 'artistsCatalogue',
  context: ({ input }) => ({
    startView: isArtistsView(input?.storedView) ? input.storedView : DEFAULT_ARTISTS_VIEW,
    highlighted: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsAsList', target: 'list' }, { target: 'images' }],
    },
    images: {
      on: {
        'view.select': {
          guard: 'selectsList',
          target: 'list',
          actions: ['clearHighlight', { type: 'persistView', params: { view: 'list' } }],
        },
        'artist.highlight': { guard: 'isOtherArtist', actions: 'highlight' },
        'artist.unhighlight': { guard: 'isHighlighted', actions: 'clearHighlight' },
      },
    },
    list: {
      on: {
        'view.select': { guard: 'selectsImages', target: 'images', actions: { type: 'persistView', params: { view: 'images' } } },
      },
    },
  },
});

export type ArtistsCatalogueMachine = typeof artistsCatalogueMachine;
