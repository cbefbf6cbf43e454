// What every REST route module receives from restRoutes.
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { LiveBus } from '../live/bus.js';
import type { MediaStore } from '../media/store.js';
import type { RateLimiter } from '../security/rateLimit.js';

export interface RestRouteOptions {
  db: Db;
  config: ServerConfig;
  /** Live events to broadcast on socket.io (TokenLiked, TokenUnliked, TokenUpdated, ...). */
  live: LiveBus;
  mediaStore: MediaStore;
  /** Shared request counters (server/security/rateLimit.ts). */
  limiter: RateLimiter;
}
