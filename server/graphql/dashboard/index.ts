// GraphQL: the dashboard and trading reads (trading and the dashboard): sent/received offers, sales and listings, created
// collections, bought tokens, a collection's tokens for its owner, and Offer's token/sellerInfo/saleActive.
import { eq, inArray } from 'drizzle-orm';
import { offers, sales } from '../../db/schema.js';
import { batchLoad } from '../batch.js';
import { parseAddress, parseId, parseIdPagination } from '../browsing/args.js';
import { viewerList } from '../browsing/viewerList.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { loadPeople } from '../people.js';
import {
  parseBoughtTokenFilters,
  parseCreatedCollectionFilters,
  parseListingFilters,
  parseSaleRef,
  parseTokensWithOffersFilters,
} from './args.js';
import { holderKey, loadHolderTokens } from './holderTokens.js';
import { getCollectionListing, getSale, getTokenListing } from './listingQueries.js';
import { getMyBazaarOffers, getMyTokensWithOffers, saleIsOpen } from './offerQueries.js';
import { getBoughtTokens, getCreatedCollections, getDashboardCollectionTokens } from './tokenQueries.js';
import { dashboardTypeDefs } from './typeDefs.js';

type Args = Record<string, unknown>;
type OfferParent = { id: string; token_id: string; seller: string; token?: unknown; sellerInfo?: unknown; saleActive?: boolean };

// Offer fields resolved per page in one query each (offers from getOffersByToken arrive without them).
const offerFields = {
  token: (parent: OfferParent, _: Args, context: GraphqlContext) =>
    parent.token ??
    batchLoad(context, 'holderToken', holderKey({ tokenRef: Number(parent.token_id), holder: parent.seller }), async (keys) => {
      const pairs = keys.map((key) => {
        const [tokenRef, holder] = key.split(':');
        return { tokenRef: Number(tokenRef), holder: holder! };
      });
      return loadHolderTokens(context.db, context.config.ipfs, pairs);
    }),
  sellerInfo: (parent: OfferParent, _: Args, context: GraphqlContext) =>
    parent.sellerInfo ??
    batchLoad(context, 'person', parent.seller, async (addresses) => {
      const person = await loadPeople(context.db, context.config.ipfs, addresses);
      return new Map(addresses.map((address) => [address, person(address)]));
    }),
  saleActive: (parent: OfferParent, _: Args, context: GraphqlContext) =>
    parent.saleActive ??
    batchLoad(context, 'offerSaleActive', Number(parent.id), async (ids) => {
      const rows = await context.db
        .select({ id: offers.id, wasCancelled: sales.wasCancelled, soldAmount: sales.soldAmount, amount: sales.amount })
        .from(offers)
        .innerJoin(sales, eq(sales.id, offers.saleRef))
        .where(inArray(offers.id, ids));
      return new Map(rows.map((row) => [row.id, saleIsOpen(row)]));
    }).then((active) => active ?? false),
};

export const dashboardModule: GraphqlModule = {
  typeDefs: dashboardTypeDefs,
  resolvers: {
    // Every read passes the viewer: what is hidden from them (server/studio/visibility.ts) is left out.
    Query: {
      getMyBazaarOffers: viewerList((args) => parseAddress(args.address, 'address'), getMyBazaarOffers),
      getMyTokensWithOffers: viewerList((args) => parseTokensWithOffersFilters(args.filters), getMyTokensWithOffers),
      getSale: async (_: unknown, args: Args, context: GraphqlContext) => {
        const ref = parseSaleRef(args);
        return getSale(context.db, context.config, ref, await context.viewer());
      },
      getCollectionListing: viewerList((args) => parseListingFilters(args.filters), getCollectionListing),
      getTokenListing: viewerList((args) => parseListingFilters(args.filters), getTokenListing),
      getCreatedCollections: viewerList((args) => parseCreatedCollectionFilters(args.filters), getCreatedCollections),
      getBoughtTokens: viewerList((args) => parseBoughtTokenFilters(args.filters), getBoughtTokens),
      getDashboardCollectionTokens: async (_: unknown, args: Args, context: GraphqlContext) => {
        const containerId = parseId(args.container_id, 'container_id');
        const owner = parseAddress(args.owner, 'owner');
        const pagination = parseIdPagination(args.pagination);
        return getDashboardCollectionTokens(context.db, context.config.ipfs, containerId, owner, pagination, await context.viewer());
      },
    } as never,
    Offer: offerFields as never,
  },
};
