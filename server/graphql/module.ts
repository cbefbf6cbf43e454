// A GraphQL feature module: its SDL (types plus `extend type Query`) and its resolvers, merged in index.ts.
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';

export interface GraphqlContext {
  db: Db;
  config: PublicConfig;
  /** The request, for modules whose queries read the caller's API key (Authorization + Nonce headers). */
  request?: Request;
}

type Resolver = (parent: unknown, args: never, context: GraphqlContext) => unknown;

export interface GraphqlModule {
  /** SDL; may use the base types (Token, Collection, PageInfo, PersonInfo, ...) and `extend type Query`. */
  typeDefs: string;
  resolvers: { Query?: Record<string, Resolver> } & Record<string, Record<string, Resolver> | undefined>;
}
