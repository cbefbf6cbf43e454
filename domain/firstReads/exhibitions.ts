// The exhibitions page's first reads (src/services/exhibitions/exhibitions.ts): the exhibition running now and the
// past ones. See ./fragments for why they are here.

/** Spreads PersonFields and TokenCardFields. */
export const EXHIBITION_FIELDS = `
  fragment ExhibitionFields on Exhibition {
    id title subtitle cover coverThumbnail startDate endDate exhibitionIntro curatorialStatement curator curatorNameFormatted
    artistInfos { ...PersonFields }
    artistNamesFormatted
    artworks { order medium token { ...TokenCardFields } }
  }
`;

export const CURRENT_EXHIBITION_OPERATION = `
  query getCurrentExhibition($cDate: String!) {
    getCurrentExhibition(cDate: $cDate) { ...ExhibitionFields }
  }
`;

/** The past exhibitions' first page (the only one the page asks for). */
export const PAST_EXHIBITIONS_PAGE_SIZE = 20;

export const PAST_EXHIBITIONS_OPERATION = `
  query getPastExhibitions($pagination: PaginationInput) {
    getPastExhibitions(pagination: $pagination) {
      totalCount
      edges { cursor node { ...ExhibitionFields } }
    }
  }
`;
