// GraphQL: search by name across artworks, collections and artists (queries.ts). Each group is read only when asked
// for (the explore artist filter asks for artists only); the groups asked for run together.
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { parseSearchInput, searchArtists, searchCollections, searchTokens } from './queries.js';
import { searchTypeDefs } from './typeDefs.js';

export const searchModule: GraphqlModule = {
  typeDefs: searchTypeDefs,
  resolvers: {
    Query: {
      search: (_: unknown, args: Record<string, unknown>, { db, config }: GraphqlContext) => {
        // A wrong text is refused here, whichever groups are asked for.
        const input = parseSearchInput(args);
        // graphql's default resolver calls a function-valued field: a group nobody asked for is never read.
        return {
          tokens: () => searchTokens(db, config.ipfs, input),
          collections: () => searchCollections(db, config.ipfs, input),
          artists: () => searchArtists(db, config.ipfs, input),
        };
      },
    } as never,
  },
};
