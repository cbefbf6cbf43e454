// GraphQL: exhibitions (issue 16; seed 001 §2 "Exhibitions", §3, §7). Resolvers: see queries.ts.
import type { GraphqlModule } from '../module.js';
import { exhibitionsTypeDefs } from './typeDefs.js';

export const exhibitionsModule: GraphqlModule = {
  typeDefs: exhibitionsTypeDefs,
  resolvers: {},
};
