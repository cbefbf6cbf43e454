// The search page's flow (searchMachine), provided once: the server's search, the route's q heard (Back, Forward, a
// link) and written back as the visitor types (replacing the entry: one history step per visit of the page, not per key).
import { fromPromise } from 'xstate';
import { SEARCH_MAX_LENGTH } from '../../../domain/searchRules';
import { createSearchMachine } from '../../../machines/search/searchMachine';
import { fetchSearch, type FoundResults } from '../search';
import { navigateTo, routeSearch } from './navigation';

/** The route's q as the field's text: a string, at most SEARCH_MAX_LENGTH characters, '' when absent. */
export function searchTextOf(search: Record<string, unknown>): string {
  return typeof search.q === 'string' ? [...search.q].slice(0, SEARCH_MAX_LENGTH).join('') : '';
}

export const searchFlow = createSearchMachine<FoundResults>().provide({
  actors: {
    search: fromPromise(({ input, signal }) => fetchSearch(input.text, signal)),
    routeSearch: routeSearch('/search', (search) => ({ type: 'search.sync', text: searchTextOf(search) })),
  },
  actions: {
    showText: (_, { text }) => navigateTo({ to: '/search', search: text === '' ? {} : { q: text }, replace: true }),
  },
});
