// GraphQL: search by name across artworks, collections and artists (queries.ts), the three reads run together.
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { parseSearchInput, searchArtists, searchCollections, searchTokens } from './queries.js';
import { searchTypeDefs } from './typeDefs.js';

export const searchModule: GraphqlModule = {
  typeDefs: searchTypeDefs,
  resolvers: {
    Query: {
      search: async (_: unknown, args: Record<string, unknown>, { db, config }: GraphqlContext) => {
        const input = parseSearchInput(args);
        const [tokens, collections, artists] = await Promise.all([
          searchTokens(db, config.ipfs, input),
          searchCollections(db, config.ipfs, input),
          searchArtists(db, config.ipfs, input),
        ]);
        return { tokens, collections, artists };
      },
    } as never,
  },
};
