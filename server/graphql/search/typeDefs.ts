// Search by name across the marketplace (issue 32, "Find"): artworks, collections and artists whose name contains the
// typed text, any case, best match first; answered from pg_trgm indexes (migration 0021) on PGlite and PostgreSQL.
export const searchTypeDefs = /* GraphQL */ `
  "What a search found, best match first in each group: a name that starts with the text, then the closest names."
  type SearchResults {
    "Artworks on the marketplace (visible, published collections)."
    tokens: [Token!]!
    "Published, visible collections."
    collections: [Collection!]!
    "Creators with an artist profile, by display name."
    artists: [Artist!]!
  }

  extend type Query {
    "Artworks, collections and artists whose name contains the text (2 to 100 characters, any case): up to first (default 6, at most 20) of each."
    search(text: String!, first: Int): SearchResults!
  }
`;
