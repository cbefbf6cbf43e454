// The artists catalogue's first read (src/services/artists/catalogue.ts). See ./fragments for why it is here.

/** A page of artists as the catalogue shows them (card or list row). Spreads PageInfoFields. */
export const ALL_ARTISTS_OPERATION = `
  query getAllArtists($pagination: PaginationInput) {
    getAllArtists(pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id displayName description coverThumbnail
        featuredArtwork { id name mediaType thumbnailUrl }
      } }
    }
  }
`;
