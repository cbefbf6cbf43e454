// A GraphQL feature module: its SDL (types plus `extend type Query`) and its resolvers, merged in index.ts.
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { MediaStore } from '../media/store.js';

export interface GraphqlContext {
  db: Db;
  config: PublicConfig;
  /** The media store (an article's HTML body is read from it). */
  mediaStore: MediaStore;
  /** The request, for modules whose queries read the caller's API key (Authorization + Nonce headers). */
  request?: Request;
  /**
   * The signed-in viewer's address (lower case) from `Authorization: Bearer <address>:<key>` (no Nonce for
   * reads), looked up once per request on first call; null when anonymous or the key is unknown or expired.
   */
  viewer: () => Promise<string | null>;
}

type Resolver = (parent: unknown, args: never, context: GraphqlContext) => unknown;

export interface GraphqlModule {
  /** SDL; may use the base types (Token, Collection, PageInfo, PersonInfo, ...) and `extend type Query`. */
  typeDefs: string;
  resolvers: { Query?: Record<string, Resolver> } & Record<string, Record<string, Resolver> | undefined>;
}
