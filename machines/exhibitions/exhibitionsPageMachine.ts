// The exhibitions page (/exhibitions?tab=current|artworks|past, the editorial pages; docs/requirements.md#exhibitions "Exhibitions
// tab: current, artworks, past", docs/requirements.md#exhibitions default tab 'current'):
//   loading (the current exhibition and the past ones together) → ready.current | ready.artworks | ready.past
//                                                               → failed (exhibitions.retry → loading)
// The tab opens from the URL, else the stored one, else 'current'; past only while past exhibitions exist. A tab
// chosen is stored (storeTab) and written to the query string with replace (showTab), both provided by the flow; a
// tab the URL changes to (Back, a link) is followed and stored without writing the URL again.
import { assign, enqueueActions, fromCallback, setup, type EventObject } from 'xstate';
import { DEFAULT_EXHIBITIONS_TAB, isExhibitionsTab, type ExhibitionsTab } from './exhibitionsTabs';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export { DEFAULT_EXHIBITIONS_TAB, EXHIBITIONS_TABS, isExhibitionsTab, type ExhibitionsTab } from './exhibitionsTabs';

/** What the page loads first: the exhibition running now (null: none) and the past ones (empty when none, or failed). */
export interface ExhibitionsOverview<TExhibition> {
  current: TExhibition | null;
  past: TExhibition[];
}

export interface ExhibitionsPageInput {
  /** The tab in the URL (validated by the route; anything else: none). */
  urlTab?: unknown;
  /** The tab the visitor chose last, as the flow read it from storage. */
  storedTab?: unknown;
}

export interface ExhibitionsPageContext<TExhibition> {
  /** The tab asked for before the load: the URL's, else the stored one, else null. */
  requestedTab: ExhibitionsTab | null;
  /** The tab in the URL when the page opened (null: none), so the URL is corrected only when it differs. */
  urlTab: ExhibitionsTab | null;
  tab: ExhibitionsTab;
  current: TExhibition | null;
  past: TExhibition[];
  error: string | null;
}

export type ExhibitionsPageEvent =
  | { type: 'tab.select'; tab: ExhibitionsTab }
  | { type: 'tab.url'; tab: ExhibitionsTab }
  | { type: 'exhibitions.retry' };


/** The tab a request lands on: past needs past exhibitions, otherwise the default. */
export function resolveTab(requested: ExhibitionsTab | null, hasPast: boolean): ExhibitionsTab {
  if (requested === 'past' && !hasPast) return DEFAULT_EXHIBITIONS_TAB;
  return requested ?? DEFAULT_EXHIBITIONS_TAB;
}

export function createExhibitionsPageMachine<TExhibition = unknown>() {
  type Context = ExhibitionsPageContext<TExhibition>;
  const selects = (tab: ExhibitionsTab) => ({ context, event }: { context: Context; event: ExhibitionsPageEvent }) =>
    (event.type === 'tab.select' || event.type === 'tab.url') && event.tab === tab && event.tab !== context.tab && (tab !== 'past' || context.past.length > 0);
  const loadedTab = ({ context, event }: { context: Context; event: unknown }) =>
    resolveTab(context.requestedTab, (event as { output: ExhibitionsOverview<TExhibition> }).output.past.length > 0);

  return setup({
    types: {
      input: {} as ExhibitionsPageInput,
      context: {} as Context,
      events: {} as ExhibitionsPageEvent,
      tags: {} as 'loading',
    },
    actors: {
      loadExhibitions: notProvided<ExhibitionsOverview<TExhibition>>('exhibitionsPageMachine', 'loadExhibitions'),
      // Provided by the flow: sends `tab.url` when the URL's tab changes (Back, Forward, a link).
      routeSearch: fromCallback<EventObject, unknown>(() => undefined),
    },
    actions: {
      // Provided by the flow: the tab is remembered for the next visit.
      storeTab: (_, _params: { tab: ExhibitionsTab }) => {},
      // Provided by the flow: /exhibitions?tab=<tab>, replacing the history entry.
      showTab: (_, _params: { tab: ExhibitionsTab }) => {},
      loaded: assign(({ context, event }) => {
        const { current, past } = (event as unknown as { output: ExhibitionsOverview<TExhibition> }).output;
        return { current, past, error: null, tab: resolveTab(context.requestedTab, past.length > 0) };
      }),
      selectTab: assign({ tab: ({ context, event }) => ('tab' in event ? event.tab : context.tab) }),
    },
    guards: {
      selectsCurrent: selects('current'),
      selectsArtworks: selects('artworks'),
      selectsPast: selects('past'),
      opensArtworks: (args) => loadedTab(args) === 'artworks',
      opensPast: (args) => loadedTab(args) === 'past',
    },
  }).createMachine({
    id: 'exhibitionsPage',
    context: ({ input }) => {
      const urlTab = isExhibitionsTab(input?.urlTab) ? input.urlTab : null;
      const storedTab = isExhibitionsTab(input?.storedTab) ? input.storedTab : null;
      return { requestedTab: urlTab ?? storedTab, urlTab, tab: DEFAULT_EXHIBITIONS_TAB, current: null, past: [], error: null };
    },
    invoke: { id: 'url', src: 'routeSearch' },
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'loadExhibitions',
          src: 'loadExhibitions',
          onDone: [
            { guard: 'opensPast', target: 'ready.past', actions: 'loaded' },
            { guard: 'opensArtworks', target: 'ready.artworks', actions: 'loaded' },
            { target: 'ready.current', actions: 'loaded' },
          ],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      ready: {
        initial: 'current',
        entry: enqueueActions(({ context, enqueue }) => {
          enqueue({ type: 'storeTab', params: { tab: context.tab } });
          // A missing or unavailable tab in the URL is corrected; the URL's own tab is left alone.
          if (context.urlTab !== context.tab) enqueue({ type: 'showTab', params: { tab: context.tab } });
        }),
        on: {
          'tab.select': [
            { guard: 'selectsCurrent', target: '.current', actions: ['selectTab', { type: 'storeTab', params: { tab: 'current' } }, { type: 'showTab', params: { tab: 'current' } }] },
            { guard: 'selectsArtworks', target: '.artworks', actions: ['selectTab', { type: 'storeTab', params: { tab: 'artworks' } }, { type: 'showTab', params: { tab: 'artworks' } }] },
            { guard: 'selectsPast', target: '.past', actions: ['selectTab', { type: 'storeTab', params: { tab: 'past' } }, { type: 'showTab', params: { tab: 'past' } }] },
          ],
          'tab.url': [
            { guard: 'selectsCurrent', target: '.current', actions: ['selectTab', { type: 'storeTab', params: { tab: 'current' } }] },
            { guard: 'selectsArtworks', target: '.artworks', actions: ['selectTab', { type: 'storeTab', params: { tab: 'artworks' } }] },
            { guard: 'selectsPast', target: '.past', actions: ['selectTab', { type: 'storeTab', params: { tab: 'past' } }] },
          ],
        },
        states: {
          current: {},
          artworks: {},
          past: {},
        },
      },
      failed: {
        on: { 'exhibitions.retry': { target: 'loading', actions: assign({ error: null }) } },
      },
    },
  });
}
