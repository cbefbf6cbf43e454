// GraphQL: getCollections, getTokensByContainerId, getTokenFromHolding, getLastToken, getLikedTokensByAccount, getTokenHoldings, getOffersByToken (issue 5).
import type { GraphqlModule } from '../module.js';

export const browsingModule: GraphqlModule = {
  typeDefs: '',
  resolvers: {},
};
