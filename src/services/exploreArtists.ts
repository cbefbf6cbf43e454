// The explore artist filter's reads (the seed's creatorsIds): artists found by name among every artist of the
// marketplace (the search API's artists only, server/graphql/search), and the name data of artists chosen through a
// link. Both through urql like every read (the service worker keeps each answer, so a search seen before is
// answered offline).
import type { ExploreArtist } from '../../machines/explore/explorePageMachine';
import type { SearchResults } from '../../machines/search/searchMachine';
import { graphql, PersonFields } from '../graphql/graphql';
import { graphqlRequest } from './graphql';
import type { PersonInfo } from './marketplace';

/** How many artists the picker offers for a text. */
export const ARTIST_PICKER_SIZE = 8;

export const searchArtistsOperation = graphql(`
  query searchArtists($text: String!, $first: Int) {
    search(text: $text, first: $first) {
      artists { id account { id address alias avatar firstName lastName } }
    }
  }
`);

export const getPersonInfoByAddressOperation = graphql(
  `
    query getExploreArtist($address: String!) {
      getPersonInfo(address: $address) { ...PersonFields }
    }
  `,
  [PersonFields],
);

type ArtistResults = SearchResults<never, never, PersonInfo>;

/** The artists whose display name contains the (trimmed) text, best match first, as the lists show people. */
export async function searchArtistsByName(text: string, signal?: AbortSignal): Promise<ArtistResults> {
  const { search } = await graphqlRequest(searchArtistsOperation, { text, first: ARTIST_PICKER_SIZE }, { signal });
  return { tokens: [], collections: [], artists: search.artists.map(({ account }) => ({ ...account, address: account.address.toLowerCase() })) };
}

/** The name data of chosen addresses; an address nobody has comes back as itself (the chip shows it shortened). */
export async function fetchArtistNames(addresses: readonly string[], signal?: AbortSignal): Promise<ExploreArtist[]> {
  return Promise.all(
    addresses.map(async (address) => {
      const { getPersonInfo } = await graphqlRequest(getPersonInfoByAddressOperation, { address }, { signal });
      return getPersonInfo ? { ...getPersonInfo, address } : { address };
    }),
  );
}
