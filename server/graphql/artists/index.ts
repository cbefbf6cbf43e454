// GraphQL: the artists catalogue, an artist's page and their artworks (the artists' pages; docs/requirements.md#artists).
import { parseAddress } from '../browsing/args.js';
import { parseListInput } from '../inputs.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { loadPeople } from '../people.js';
import { getMarketplaceTokens } from '../tokens.js';
import { findArtist, type ArtistNode } from '../../artists/service.js';
import { artistArticles, artistCollections, featuredArtwork, getAllArtists, parseArtistPagination } from './queries.js';
import { artistsTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;

export const artistsModule: GraphqlModule = {
  typeDefs: artistsTypeDefs,
  resolvers: {
    Query: {
      getAllArtists: (_: unknown, args: Args, { db, config }: GraphqlContext) => getAllArtists(db, config.ipfs, parseArtistPagination(args.pagination)),
      getArtistInfo: (_: unknown, args: Args, { db, config }: GraphqlContext) => findArtist(db, config.ipfs, parseAddress(args.artist_id, 'artist_id')),
      // The marketplace's own token list filtered by creator: visible collections only, keyset-paged by _id, newest first.
      getArtistTokens: (_: unknown, args: Args, { db, config }: GraphqlContext) =>
        getMarketplaceTokens(db, config.ipfs, parseListInput({ filters: { creator: parseAddress(args.artist_id, 'artist_id') }, pagination: args.pagination }, ['_id'])),
      getPersonInfo: async (_: unknown, args: Args, { db, config }: GraphqlContext) => {
        const address = parseAddress(args.address, 'address');
        const person = (await loadPeople(db, config.ipfs, [address]))(address);
        return person.id === null ? null : person;
      },
    } as never,
    Artist: {
      featuredArtwork: (parent: ArtistNode, _: Args, context: GraphqlContext) => featuredArtwork(context, parent),
      collections: (parent: ArtistNode, _: Args, context: GraphqlContext) => artistCollections(context, parent),
      articles: (parent: ArtistNode, _: Args, context: GraphqlContext) => artistArticles(context, parent),
    } as never,
  },
};
