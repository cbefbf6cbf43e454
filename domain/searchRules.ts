// The search text's rule, one for the search page (machines/search/searchMachine.ts) and the server
// (server/graphql/search): trimmed, searched from SEARCH_MIN_LENGTH characters, at most SEARCH_MAX_LENGTH kept.
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

/** The text as searched: trimmed. */
export const searchedText = (text: string) => text.trim();

/** Whether the text is long enough to search and within the bound (counted in characters, not UTF-16 units). */
export function isSearchable(text: string): boolean {
  const length = [...searchedText(text)].length;
  return length >= SEARCH_MIN_LENGTH && length <= SEARCH_MAX_LENGTH;
}
