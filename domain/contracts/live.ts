// The live socket's events, server → client (docs/requirements.md#live-events): the names the server emits
// (server/live/bus.ts, the indexer, the likes and publish services) and the client listens for
// (src/services/live/liveListeners.ts, machines/live). Plain TypeScript: every page's first load reads the names.
// Each event's payload is in ./liveEvents.ts (zod/mini), loaded with the socket client after the first load.

/** Every server → client event (event name = the seed's name). */
export const LIVE_EVENT_NAMES = [
  'CreatedCollection', 'CreatedOwner', 'CreatedCreator', 'RemovedCreator', 'CreatedSale', 'OfferMade', 'CancelledSale', 'Sold', 'OfferRetracted',
  'TransferSingle', 'CreatedAllOutSale', 'CancelledAllOutSale', 'PublishReady', 'TokenLiked', 'TokenUnliked', 'TokenUpdated',
] as const;

export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
