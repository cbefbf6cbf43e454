// The search page's read (issue 32, "Find"): search(text) on the server (server/graphql/search), artworks, collections
// and artists whose name contains the text, best match first, through urql like every read (the service worker keeps
// each answer, so a search seen before is answered offline).
import type { SearchResults } from '../../machines/search/searchMachine';
import { graphql, PersonFields, type ResultOf } from '../graphql/graphql';
import { graphqlRequest } from './graphql';

export const searchOperation = graphql(
  `
    query search($text: String!) {
      search(text: $text) {
        tokens {
          _id
          name
          thumbnailUrl
          collection { _id name }
          creatorInfo { ...PersonFields }
          tokenHolding { id }
        }
        collections { _id name address chainId thumbnail creatorInfo { ...PersonFields } }
        artists { id displayName coverThumbnail account { avatar } }
      }
    }
  `,
  [PersonFields],
);

type Found = ResultOf<typeof searchOperation>['search'];
export type FoundToken = Found['tokens'][number];
export type FoundCollection = Found['collections'][number];
export type FoundArtist = Found['artists'][number];
export type FoundResults = SearchResults<FoundToken, FoundCollection, FoundArtist>;

/** The results for the (trimmed) text. */
export async function fetchSearch(text: string, signal?: AbortSignal): Promise<FoundResults> {
  const { search } = await graphqlRequest(searchOperation, { text }, { signal });
  return search;
}
