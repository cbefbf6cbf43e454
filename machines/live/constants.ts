// See docs/requirements.md#live-events "Live-event list refresh delay 2 seconds".

import type { LiveEventName } from '../../domain/contracts/live';

/** Every server → client event the liveEvents actor listens for: the wire's list (domain/contracts/live.ts). */
export { LIVE_EVENT_NAMES, type LiveEventName } from '../../domain/contracts/live';

/** Events after which lists (explore, collection, dashboard) may be stale: refetched LIVE_REFRESH_DELAY_MS later. */
export const LIST_CHANGING_EVENTS: readonly LiveEventName[] = [
  'CreatedCollection', 'CreatedSale', 'OfferMade', 'CancelledSale', 'Sold', 'OfferRetracted', 'TransferSingle', 'CreatedAllOutSale',
  'CancelledAllOutSale',
];

export const LIVE_REFRESH_DELAY_MS = 2000;

// See docs/requirements.md#live-events effects: "a sale created shows a price-changed or on-sale notice; a sale cancelled shows
// price-changed or unlisted" (on the page of that token).
export const PRICE_CHANGED_NOTICE = 'Price changed';
export const ON_SALE_NOTICE = 'On sale';
export const UNLISTED_NOTICE = 'Unlisted';

/** Live token patches kept at once (the liveEvents actor's context): the least recently patched token goes first. */
export const MAX_TOKEN_PATCHES = 300;
