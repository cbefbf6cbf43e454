import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  INDEX_POLL_MS,
  collectionIndexingMachine,
  type CollectionIndexingEvent,
  type CollectionIndexingInput,
} from '../../../machines/collection/collectionIndexingMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';

// The page's collection as its URL names it (checksummed); the machine compares addresses in lower case.
const ADDRESS = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';
const CHAIN_ID = 31337;
const INPUT: CollectionIndexingInput = { address: ADDRESS, chainId: CHAIN_ID };
const ASKED: CollectionIndexingInput = { address: ADDRESS.toLowerCase(), chainId: CHAIN_ID };
const POLL = 'xstate.after.indexPoll.collectionIndexing.waiting';

const created = (address: string, chainId: number): CollectionIndexingEvent => ({
  type: 'live.received',
  name: 'CreatedCollection',
  doc: { _id: '7', creator: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', address, name: 'Tidal Loops', tokenCount: 3, chainId },
});
// The indexer's CreatedCollection of this collection, its address in another case than the page's.
const CREATED_HERE = created(ADDRESS.toUpperCase().replace('0X', '0x'), CHAIN_ID);
// Live events about something else: another collection, the same address on another chain, another event.
const ELSEWHERE: CollectionIndexingEvent[] = [
  created('0x5fbdb2315678afecb367f032d93f642f64180aa3', CHAIN_ID),
  created(ADDRESS.toLowerCase(), 1),
  { type: 'live.received', name: 'CreatedCreator', doc: { _id: '2', creator: ADDRESS, account_id: ADDRESS, chainId: CHAIN_ID } },
];

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const model = createMachineTestModel(collectionIndexingMachine, {
  project,
  input: INPUT,
  events: () => [
    CREATED_HERE,
    { type: 'xstate.done.actor.readIndexed', output: true } as EventObject,
    { type: 'xstate.done.actor.readIndexed', output: false } as EventObject,
    { type: 'xstate.error.actor.readIndexed', error: new Error('GraphQL request failed with status 502') } as EventObject,
  ],
});
const paths = modelPaths(model);

/** The machine with its reads controlled, its live feed fed by the test, and what showIndexed did recorded. */
function running() {
  const readIndexed = controlled<boolean, CollectionIndexingInput>();
  const shown: CollectionIndexingInput[] = [];
  const feed: { send: ((event: CollectionIndexingEvent) => void) | null; subscriptions: number } = { send: null, subscriptions: 0 };
  const watchLive = fromCallback<EventObject, void>(({ sendBack }) => {
    feed.subscriptions += 1;
    feed.send = sendBack;
    return () => {
      feed.send = null;
    };
  });
  const actor = createActor(
    collectionIndexingMachine.provide({
      actors: { readIndexed: readIndexed.logic, watchLive },
      actions: { showIndexed: ({ context }) => void shown.push({ ...context }) },
    }),
    { input: INPUT },
  ).start();
  return { actor, readIndexed, shown, feed };
}

function harness() {
  let run: ReturnType<typeof running> | undefined;
  const real = () => {
    if (!run) throw new Error('actor not started');
    return run.actor.getSnapshot() as AnyMachineSnapshot;
  };
  /** A live event from the feed (as watchLive sends it back): this collection's or a reconnection asks the index at once. */
  const fromFeed = ({ event }: { event: EventObject }) => {
    const before = run!.readIndexed.calls.length;
    run!.feed.send!(event as CollectionIndexingEvent);
    expect(run!.readIndexed.calls).toHaveLength(before + 1);
    expect(run!.readIndexed.last().input).toEqual(ASKED);
  };
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = running();
          // The first read waits for the poll (the page was just rendered from the receipt).
          expect(run.readIndexed.calls).toHaveLength(0);
          expect(run.feed.subscriptions).toBe(1);
        },
        // Nothing is asked a moment before the pause ends; at its end the index is asked once.
        [POLL]: () => {
          const before = run!.readIndexed.calls.length;
          vi.advanceTimersByTime(INDEX_POLL_MS - 1);
          expect(run!.readIndexed.calls).toHaveLength(before);
          vi.advanceTimersByTime(1);
          expect(run!.readIndexed.calls).toHaveLength(before + 1);
          expect(run!.readIndexed.last().input).toEqual(ASKED);
        },
        'live.received': fromFeed,
        'live.reconnected': fromFeed,
        'xstate.done.actor.readIndexed': async ({ event }: { event: EventObject }) => {
          run!.readIndexed.last().resolve((event as unknown as { output: boolean }).output);
          await flush();
        },
        'xstate.error.actor.readIndexed': async ({ event }: { event: EventObject }) => {
          run!.readIndexed.last().reject((event as unknown as { error: Error }).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        waiting: (snap) => {
          expect(snap.hasTag('indexing')).toBe(true);
          expect(snap.context).toEqual(ASKED);
          // The next poll's pause is running; no read is out; the live feed is heard.
          expect(vi.getTimerCount()).toBe(1);
          expect(run!.readIndexed.calls.every((call) => call.signal.aborted === false)).toBe(true);
          expect(run!.feed.send).not.toBeNull();
          expect(run!.shown).toEqual([]);
          expect(snap.status).toBe('active');
        },
        checking: (snap) => {
          expect(snap.hasTag('indexing')).toBe(true);
          expect(run!.readIndexed.last().signal.aborted).toBe(false);
          // No poll while the read is out; a live event for the collection does not start a second read.
          expect(vi.getTimerCount()).toBe(0);
          expect(snap.can(CREATED_HERE as never)).toBe(false);
          expect(snap.can({ type: 'live.reconnected' })).toBe(false);
          expect(run!.shown).toEqual([]);
        },
        indexed: (snap) => {
          // The page is shown from the index once; nothing is polled or heard any more.
          expect(snap.status).toBe('done');
          expect(snap.hasTag('indexing')).toBe(false);
          expect(run!.shown).toEqual([ASKED]);
          expect(vi.getTimerCount()).toBe(0);
          expect(run!.feed.send).toBeNull();
        },
      }),
    },
  };
}

describe('collectionIndexingMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  modelCoverageTests(collectionIndexingMachine, paths, harness);
});

describe('collectionIndexingMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('behavior: live events about another collection, chain or event leave it waiting for its poll', () => {
    const { actor, readIndexed, feed } = running();
    for (const event of ELSEWHERE) feed.send!(event);
    expect(readIndexed.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    // The poll's pause was not restarted by them.
    vi.advanceTimersByTime(INDEX_POLL_MS);
    expect(readIndexed.calls).toHaveLength(1);
    actor.stop();
  });

  it('behavior: not indexed yet, it asks again every poll until the index has it, then shows it once', async () => {
    const { actor, readIndexed, shown } = running();
    for (const answer of [false, false, true]) {
      vi.advanceTimersByTime(INDEX_POLL_MS);
      readIndexed.last().resolve(answer);
      await flush();
    }
    expect(readIndexed.calls).toHaveLength(3);
    expect(shown).toEqual([ASKED]);
    expect(actor.getSnapshot().status).toBe('done');
    vi.advanceTimersByTime(INDEX_POLL_MS * 3);
    expect(readIndexed.calls).toHaveLength(3);
  });
});
