// The search page (/search?q=, issue 32 "Find"): artworks, collections and artists whose name contains the typed
// text, with results as you type. Each keystroke keeps the text and writes it to the URL (`showText`, replacing the
// entry); a pause of SEARCH_DEBOUNCE_MS then asks the server (a keystroke meanwhile starts the pause again and drops a
// search still running, so an older answer never replaces a newer one). The last results stay on screen while the next
// search runs. Back, Forward or a link set the text through the invoked `routeSearch` actor (`search.sync`), searched
// at once. A text shorter than SEARCH_MIN_LENGTH (trimmed) is not searched: the page asks for more.
//
// deciding → idle (too short) | searching → ready | failed (retry); typing → (pause) → searching.
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';
import { isSearchable, searchedText } from '../../domain/searchRules';

/** The pause after the last keystroke before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchResults<TToken = unknown, TCollection = unknown, TArtist = unknown> {
  tokens: TToken[];
  collections: TCollection[];
  artists: TArtist[];
}

export interface SearchInput {
  /** The text from the URL's q (the flow keeps at most SEARCH_MAX_LENGTH characters: domain/searchRules.ts). */
  text: string;
}

export interface SearchContext<TResults extends SearchResults = SearchResults> {
  /** The text as typed (the field's value). */
  text: string;
  /** The searched text the shown results answer, or null when none are shown. */
  query: string | null;
  results: TResults | null;
  error: string | null;
}

export type SearchEvent =
  /** The visitor typed: the field's whole value. */
  | { type: 'search.type'; text: string }
  /** The URL's q changed by Back, Forward or a link (from routeSearch). */
  | { type: 'search.sync'; text: string }
  | { type: 'search.retry' };

export type SearchTag = 'loading';

export function createSearchMachine<TResults extends SearchResults = SearchResults>() {
  return setup({
    types: {
      context: {} as SearchContext<TResults>,
      events: {} as SearchEvent,
      input: {} as SearchInput,
      tags: {} as SearchTag,
    },
    actors: {
      search: notProvided<TResults, { text: string }>('searchMachine', 'search'),
      // Provided by the flow: sends `search.sync` when the route's q changes (src/services/flows/navigation.ts).
      routeSearch: fromCallback<EventObject, unknown>(() => undefined),
    },
    actions: {
      assignText: assign({ text: ({ context, event }) => (event.type === 'search.type' || event.type === 'search.sync' ? event.text : context.text) }),
      clearResults: assign({ results: null, query: null, error: null }),
      // Provided by the flow: the typed text in the URL (q), replacing the history entry.
      showText: (_, _params: { text: string }) => undefined,
    },
    guards: {
      isSearchable: ({ context }) => isSearchable(context.text),
      typedSearchable: ({ event }) => event.type === 'search.type' && isSearchable(event.text),
      // Only a q that differs from the field: the URL written for a keystroke comes back as a sync.
      syncDiffers: ({ context, event }) => event.type === 'search.sync' && event.text !== context.text,
    },
    delays: {
      debounce: SEARCH_DEBOUNCE_MS,
    },
  }).createMachine({
    id: 'search',
    context: ({ input }) => ({ text: input.text, query: null, results: null, error: null }),
    invoke: { id: 'url', src: 'routeSearch' },
    initial: 'deciding',
    on: {
      'search.type': [
        { guard: 'typedSearchable', target: '.typing', reenter: true, actions: ['assignText', { type: 'showText', params: ({ event }) => ({ text: event.text }) }] },
        { target: '.idle', actions: ['assignText', 'clearResults', { type: 'showText', params: ({ event }) => ({ text: event.text }) }] },
      ],
      'search.sync': { guard: 'syncDiffers', target: '.deciding', actions: 'assignText' },
    },
    states: {
      deciding: {
        always: [{ guard: 'isSearchable', target: 'searching' }, { target: 'idle', actions: 'clearResults' }],
      },
      // Too short to search: the page asks for more.
      idle: {},
      // Waiting for the visitor to pause.
      typing: {
        after: { debounce: 'searching' },
      },
      searching: {
        tags: 'loading',
        invoke: {
          id: 'search',
          src: 'search',
          input: ({ context }) => ({ text: searchedText(context.text) }),
          onDone: {
            target: 'ready',
            actions: assign({ results: ({ event }) => event.output, query: ({ context }) => searchedText(context.text), error: null }),
          },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      ready: {},
      failed: {
        on: { 'search.retry': 'searching' },
      },
    },
  });
}

export const searchMachine = createSearchMachine();
export type SearchMachine = typeof searchMachine;
