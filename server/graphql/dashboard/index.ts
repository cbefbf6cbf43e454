// GraphQL: the dashboard and trading reads (issue 6).
import type { GraphqlModule } from '../module.js';

export const dashboardModule: GraphqlModule = {
  typeDefs: '',
  resolvers: {},
};
