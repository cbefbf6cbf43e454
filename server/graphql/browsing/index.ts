// GraphQL: getCollections, getTokensByContainerId, getTokenFromHolding, getLastToken, getLikedTokensByAccount, getTokenHoldings, getOffersByToken (marketplace browsing).
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { batchLoad } from '../batch.js';
import {
  parseAccountRef,
  parseCollectionFilters,
  parseHoldingFilters,
  parseId,
  parseIdPagination,
  parseOptionalAddress,
  parseOptionalId,
} from './args.js';
import { chainName } from './chains.js';
import { getCollections } from './collectionQueries.js';
import { getLastToken, getLikedTokensByAccount, getTokenFromHolding, getTokensByContainerId } from './tokenQueries.js';
import { getOffersByToken, getTokenHoldings, loadActiveSales } from './tradeQueries.js';
import { browsingTypeDefs } from './typeDefs.js';
import { idConnection } from './connection.js';
import { canvasTokensVisible, parseShareToken } from '../studio/visibility.js';
import { viewerList } from './viewerList.js';

type Args = Record<string, unknown>;
type Parent = Record<string, unknown>;

/** A collection's chain name, from the configured chains (a summary and a whole collection alike). */
const collectionChainName = (parent: Parent, _: Args, { config }: GraphqlContext) => chainName(config, Number(parent.chainId));

// Batched per request: every holding on a page asks in the same tick, one sales query answers all.
async function bazaarSales(parent: Parent, _: Args, context: GraphqlContext) {
  const tokenRef = Number(parent.tokenRef);
  if (!Number.isFinite(tokenRef)) return [];
  return (await batchLoad(context, 'activeSales', tokenRef, (refs) => loadActiveSales(context.db, refs))) ?? [];
}

export const browsingModule: GraphqlModule = {
  typeDefs: browsingTypeDefs,
  resolvers: {
    Query: {
      getTokenFromHolding: async (_: unknown, args: Args, context: GraphqlContext) =>
        getTokenFromHolding(context.db, context.config.ipfs, parseId(args.id, 'id'), await context.viewer()),
      getTokensByContainerId: async (_: unknown, args: Args, context: GraphqlContext) => {
        const containerId = parseId(args.container_id, 'container_id');
        const pagination = parseIdPagination(args.pagination);
        const exclude = parseOptionalId(args.exclude, 'exclude');
        const share = parseShareToken(args.share);
        // Studio canvases (the creator studio): unpublished tokens only for the creator or the preview link's holder.
        const visible = await canvasTokensVisible(context, containerId, share);
        return visible
          ? getTokensByContainerId(context.db, context.config.ipfs, containerId, pagination, exclude)
          : idConnection([], pagination.perPage, pagination.after, 0, 1, () => 0, () => null);
      },
      getLastToken: async (_: unknown, args: Args, context: GraphqlContext) => {
        const containerId = parseId(args.container_id, 'container_id');
        return (await canvasTokensVisible(context, containerId, null)) ? getLastToken(context.db, context.config.ipfs, containerId) : null;
      },
      getCollections: viewerList((args) => parseCollectionFilters(args.filters), getCollections),
      // The viewer decides which tokens exist here (server/studio/visibility.ts), whoever's likes or holdings are read.
      getLikedTokensByAccount: viewerList((args) => parseAccountRef(args.account_id, 'account_id'), getLikedTokensByAccount),
      getTokenHoldings: viewerList((args) => parseHoldingFilters(args.filters), getTokenHoldings),
      getOffersByToken: async (_: unknown, args: Args, context: GraphqlContext) => {
        const token = parseId(args.token, 'token');
        const seller = parseOptionalAddress(args.seller, 'seller');
        const pagination = parseIdPagination(args.pagination);
        return getOffersByToken(context.db, context.config.ipfs, token, seller, pagination, await context.viewer());
      },
    } as never,
    TokenHolding: { bazaarSales } as never,
    TokenHoldingNode: { bazaarSales } as never,
    CollectionSummary: { chainName: collectionChainName } as never,
    Collection: { chainName: collectionChainName } as never,
  },
};
