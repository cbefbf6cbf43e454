// The artist artworks page (docs/requirements.md#artists getArtistInfo(artist_id), getArtistTokens(artist_id, pagination)): the
// artist's name data for the title, and the pagedList `fetchPage` of their tokens, ARTIST_ARTWORKS_PAGE_SIZE a page.
import { ARTIST_ARTWORKS_PAGE_SIZE } from '../../../domain/artistName';
import type { ArtistName } from '../../../machines/artists/artistArtworksPageMachine';
import type { FetchPage } from '../../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, TokenCardFields } from '../../graphql/graphql';
import { graphqlRequest } from '../graphql';
import type { MarketplaceToken } from '../marketplace';

// Named for this page: the offline copy is keyed by operation name, and the artist page asks getArtistInfo for more.
export const getArtistNameOperation = graphql(`
  query getArtistName($artist_id: String!) {
    getArtistInfo(artist_id: $artist_id) { id account { address alias firstName lastName } }
  }
`);

// An address without an artist record: its account's public name data (getPersonInfo), through urql too.
export const getPersonInfoOperation = graphql(`
  query getPersonInfo($address: String!) {
    getPersonInfo(address: $address) { address alias firstName lastName }
  }
`);

interface PublicAccount {
  address: string;
  alias?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const nameOf = (account: PublicAccount, hasProfile: boolean): ArtistName => ({
  address: account.address,
  alias: account.alias ?? null,
  firstName: account.firstName ?? null,
  lastName: account.lastName ?? null,
  hasProfile,
});

/**
 * The title's name data: the artist record's account, or, for an address without an artist record, its public
 * account (getPersonInfo); null when nobody has that address.
 */
export async function fetchArtistName(artistId: string, signal?: AbortSignal): Promise<ArtistName | null> {
  const address = artistId.toLowerCase();
  const data = await graphqlRequest(getArtistNameOperation, { artist_id: address }, { signal });
  if (data.getArtistInfo) return nameOf(data.getArtistInfo.account, true);
  const { getPersonInfo } = await graphqlRequest(getPersonInfoOperation, { address }, { signal });
  return getPersonInfo ? nameOf(getPersonInfo, false) : null;
}

export const getArtistTokensOperation = graphql(
  `
  query getArtistTokens($artist_id: String!, $pagination: PaginationInput) {
    getArtistTokens(artist_id: $artist_id, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`,
  [PageInfoFields, TokenCardFields],
);

export interface ArtistTokensParams {
  /** The artist's wallet address, lower case (the list's kept key is the same for any case in the URL). */
  artistId: string;
}

/** The pagedList `fetchPage` of the artist's token grid (24 a page, newest first). */
export const fetchArtistTokensPage: FetchPage<MarketplaceToken, ArtistTokensParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(
    getArtistTokensOperation,
    { artist_id: params?.artistId ?? '', pagination: { perPage: perPage ?? ARTIST_ARTWORKS_PAGE_SIZE, ...(after ? { after } : {}) } },
    { signal },
  );
  return data.getArtistTokens;
};
