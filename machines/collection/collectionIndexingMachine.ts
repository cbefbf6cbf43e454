// A collection page shown from its publishing transaction's receipt before the indexer has the collection: it asks
// the indexed read again every few seconds, at once when the live feed says the factory's CreatedCollection of this
// collection was indexed, and after the live socket reconnects (that event may have been sent meanwhile). Found, the
// page is shown from the index (its flow forgets the receipt and reloads the route's data).
//   waiting → checking → indexed | waiting (not there yet, or the read failed)
import { setup } from 'xstate';
import { watchLive, type LiveFeedEvent } from '../live/watchLive';
import { notProvided } from '../system/notProvided';

/** How long the page waits before asking the indexed read again. */
export const INDEX_POLL_MS = 3000;

export interface CollectionIndexingInput {
  /** The collection contract (any case). */
  address: string;
  chainId: number;
}

export type CollectionIndexingContext = CollectionIndexingInput;

export type CollectionIndexingEvent = LiveFeedEvent;

export const collectionIndexingMachine = setup({
  types: {
    context: {} as CollectionIndexingContext,
    events: {} as CollectionIndexingEvent,
    input: {} as CollectionIndexingInput,
    // 'indexing': the page says the marketplace is indexing this collection.
    tags: {} as 'indexing',
  },
  actors: {
    watchLive,
    // Whether the indexed read (by address and chain) has the collection.
    readIndexed: notProvided<boolean, CollectionIndexingInput>('collectionIndexing', 'readIndexed'),
  },
  actions: {
    // Provided by the flow: the page is shown from the index from now on.
    showIndexed: () => {},
  },
  guards: {
    createdHere: ({ context, event }) =>
      event.type === 'live.received' &&
      event.name === 'CreatedCollection' &&
      event.doc.address.toLowerCase() === context.address &&
      event.doc.chainId === context.chainId,
    foundIndexed: ({ event }) => (event as unknown as { output: boolean }).output === true,
  },
  delays: { indexPoll: INDEX_POLL_MS },
}).createMachine({
  id: 'collectionIndexing',
  context: ({ input }) => ({ address: input.address.toLowerCase(), chainId: input.chainId }),
  invoke: { id: 'watchLive', src: 'watchLive' },
  initial: 'waiting',
  states: {
    waiting: {
      tags: 'indexing',
      after: { indexPoll: 'checking' },
      on: {
        'live.received': { guard: 'createdHere', target: 'checking' },
        'live.reconnected': 'checking',
      },
    },
    checking: {
      tags: 'indexing',
      invoke: {
        id: 'readIndexed',
        src: 'readIndexed',
        input: ({ context }) => ({ address: context.address, chainId: context.chainId }),
        onDone: [{ guard: 'foundIndexed', target: 'indexed' }, { target: 'waiting' }],
        onError: 'waiting',
      },
    },
    indexed: {
      type: 'final',
      entry: 'showIndexed',
    },
  },
});
