// The exhibitions page's reads (the editorial pages; docs/requirements.md#exhibitions getCurrentExhibition(cDate), getExhibitionArtworks(exhibition_id,
// pagination), getPastExhibitions(pagination): past perPage 20, page 1; artworks 12 a page; docs/requirements.md#exhibitions: the past list and
// the artworks fail silently, as an empty list). Every read goes through urql, so a later issue can cache it offline.
import type { ExhibitionsOverview } from '../../../machines/exhibitions/exhibitionsPageMachine';
import type { FetchPage, Page } from '../../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, PersonFields, TokenCardFields, type ResultOf } from '../../graphql/graphql';
import { CURRENT_EXHIBITION_OPERATION, EXHIBITION_FIELDS, PAST_EXHIBITIONS_OPERATION, PAST_EXHIBITIONS_PAGE_SIZE } from '../../../domain/firstReads/exhibitions';
import { graphqlRequest } from '../graphql';
import type { MarketplaceToken } from '../marketplace';

export const EXHIBITION_ARTWORKS_PAGE_SIZE = 12;
export { PAST_EXHIBITIONS_PAGE_SIZE };

export const ExhibitionFields = graphql(EXHIBITION_FIELDS, [PersonFields, TokenCardFields]);

export type Exhibition = ResultOf<typeof ExhibitionFields>;
export type ExhibitionArtwork = Exhibition['artworks'][number];

export const getCurrentExhibitionOperation = graphql(CURRENT_EXHIBITION_OPERATION, [ExhibitionFields]);

export const getPastExhibitionsOperation = graphql(PAST_EXHIBITIONS_OPERATION, [ExhibitionFields]);

export const getExhibitionArtworksOperation = graphql(
  `
  query getExhibitionArtworks($exhibition_id: ID!, $pagination: PaginationInput) {
    getExhibitionArtworks(exhibition_id: $exhibition_id, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`,
  [PageInfoFields, TokenCardFields],
);

/** The past exhibitions, latest end first (perPage 20, page 1); a failure is an empty list (docs/requirements.md#exhibitions). */
export async function fetchPastExhibitions(signal?: AbortSignal): Promise<Exhibition[]> {
  try {
    const data = await graphqlRequest(getPastExhibitionsOperation, { pagination: { page: 1, perPage: PAST_EXHIBITIONS_PAGE_SIZE } }, { signal });
    return data.getPastExhibitions.edges.map((edge) => edge.node);
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

/** The exhibition running now (null: none) and the past ones, together; the page machine's first load. */
export async function fetchExhibitionsOverview(signal?: AbortSignal, now: Date = new Date()): Promise<ExhibitionsOverview<Exhibition>> {
  const [current, past] = await Promise.all([
    graphqlRequest(getCurrentExhibitionOperation, { cDate: now.toISOString() }, { signal }).then((data) => data.getCurrentExhibition ?? null),
    fetchPastExhibitions(signal),
  ]);
  return { current, past };
}

export interface ExhibitionArtworksParams {
  exhibitionId: string;
}

const EMPTY_PAGE: Page<MarketplaceToken> = {
  totalCount: 0,
  pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false },
  edges: [],
};

/** The pagedList `fetchPage` of an exhibition's artworks as token cards, 12 a page; a failure is an empty list. */
export const fetchExhibitionArtworksPage: FetchPage<MarketplaceToken, ExhibitionArtworksParams> = async ({ params, after, perPage }, signal) => {
  try {
    const data = await graphqlRequest(
      getExhibitionArtworksOperation,
      { exhibition_id: params?.exhibitionId ?? '', pagination: { perPage: perPage ?? EXHIBITION_ARTWORKS_PAGE_SIZE, ...(after ? { after } : {}) } },
      { signal },
    );
    return data.getExhibitionArtworks;
  } catch (error) {
    if (signal.aborted) throw error;
    return EMPTY_PAGE;
  }
};
