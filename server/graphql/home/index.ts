// GraphQL: the home page's reads (issue 16; seed 001 §2 Home). Reads in queries.ts, shared with REST.
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { readFeaturedCollections, readHomeSlides, readTrendingCollections } from './queries.js';
import { homeTypeDefs } from './typeDefs.js';

export const homeModule: GraphqlModule = {
  typeDefs: homeTypeDefs,
  resolvers: {
    Query: {
      getHomeSlides: (_: unknown, _args: unknown, { db, config }: GraphqlContext) => readHomeSlides(db, config.ipfs),
      getFeaturedCollections: (_: unknown, _args: unknown, { db, config }: GraphqlContext) => readFeaturedCollections(db, config),
      getTrendingCollections: (_: unknown, _args: unknown, { db, config }: GraphqlContext) => readTrendingCollections(db, config),
    } as never,
  },
};
