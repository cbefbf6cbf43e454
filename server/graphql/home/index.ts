// GraphQL: the home page's reads (the editorial pages; docs/requirements.md#home), the same as REST's: the slides are the home's queries
// (server/home/queries.ts), the featured and trending collections the collections' (server/collections/queries.ts).
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { readFeaturedCollections, readTrendingCollections } from '../../collections/queries.js';
import { readHomeSlides } from '../../home/queries.js';
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
