import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createSearchMachine, SearchResults } from '../../../machines/search/searchMachine';

/**
 * What a view of the search machine shows (the search page, explore's artist picker): the text as typed, the last
 * results (null while none or after a failure), the text they answer, the failure's message, whether the text is too
 * short to search, and whether a search is pending or running.
 */
export function useSearchState<TResults extends SearchResults>(search: ActorRefFrom<ReturnType<typeof createSearchMachine<TResults>>>) {
  const typed = useSelector(search, (snapshot) => snapshot.context.text);
  const results = useSelector(search, (snapshot) => (snapshot.matches('failed') ? null : snapshot.context.results));
  const query = useSelector(search, (snapshot) => snapshot.context.query);
  const error = useSelector(search, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const idle = useSelector(search, (snapshot) => snapshot.matches('idle'));
  const busy = useSelector(search, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('typing'));
  return { typed, results, query, error, idle, busy };
}
