// The artist page's first read (src/services/artists/artist.ts). See ./fragments for why it is here.

/** The artist record by wallet address. Spreads TokenCardFields and PersonFields. */
export const ARTIST_PAGE_OPERATION = `
  query getArtistInfo($artist_id: String!) {
    getArtistInfo(artist_id: $artist_id) {
      id _id displayName cover coverThumbnail description comments featuredArtworkDescription
      account { id address alias firstName lastName avatar web twitter instagram isCreator }
      featuredArtwork { ...TokenCardFields }
      collections {
        id _id name symbol description chainId cover coverThumbnail thumbnail address mediaType tokenCount soldOut likesCount createdAt
        floorPrice { amount currency }
        creatorInfo { ...PersonFields }
      }
      highlights { date achievement }
      articles { id title type mediaUrl }
      portfolio { context items { mediaUrl thumbnailUrl description } }
    }
  }
`;
