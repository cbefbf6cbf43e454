// GraphQL: exhibitions (the editorial pages; docs/requirements.md#exhibitions). Reads in queries.ts; the nested artworks,
// artists and their names in contents.ts, batched per request.
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { exhibitionContents, type ExhibitionNode } from './contents.js';
import {
  ARTWORKS_PER_PAGE,
  getCurrentExhibition,
  getExhibitionArtworks,
  getPastExhibitions,
  PAST_PER_PAGE,
  parseCDate,
  parseExhibitionId,
  parsePagePosition,
} from './queries.js';
import { exhibitionsTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;

export const exhibitionsModule: GraphqlModule = {
  typeDefs: exhibitionsTypeDefs,
  resolvers: {
    Query: {
      getCurrentExhibition: (_: unknown, args: Args, { db, config }: GraphqlContext) => getCurrentExhibition(db, config.ipfs, parseCDate(args.cDate)),
      getFeaturedExhibition: (_: unknown, _args: Args, { db, config }: GraphqlContext) => getCurrentExhibition(db, config.ipfs, new Date()),
      getExhibitionArtworks: (_: unknown, args: Args, { db, config }: GraphqlContext) =>
        getExhibitionArtworks(db, config.ipfs, parseExhibitionId(args.exhibition_id), parsePagePosition(args.pagination, `exhibition-artworks:${String(args.exhibition_id)}`, ARTWORKS_PER_PAGE)),
      getPastExhibitions: (_: unknown, args: Args, { db, config }: GraphqlContext) =>
        getPastExhibitions(db, config.ipfs, parsePagePosition(args.pagination, 'past-exhibitions', PAST_PER_PAGE)),
    } as never,
    Exhibition: {
      artworks: (parent: ExhibitionNode, _: Args, context: GraphqlContext) => exhibitionContents(context, parent).then((c) => c.artworks),
      artistInfos: (parent: ExhibitionNode, _: Args, context: GraphqlContext) => exhibitionContents(context, parent).then((c) => c.artistInfos),
      artistNamesFormatted: (parent: ExhibitionNode, _: Args, context: GraphqlContext) => exhibitionContents(context, parent).then((c) => c.artistNamesFormatted),
    } as never,
  },
};
