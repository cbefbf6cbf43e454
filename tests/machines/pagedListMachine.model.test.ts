import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import {
  createPagedListMachine,
  fetchPageActor,
  type FetchPageInput,
  type Page,
  type PagedListEvent,
  type PageResponse,
} from '../../machines/lists/pagedListMachine';
import { PAGE_SIZE } from '../../machines/lists/constants';
import {
  checkedStates,
  controlled,
  createMachineTestModel,
  flush,
  modelPaths,
  modelCoverageTests,
} from './support/modelTesting';
import { contextOf, FIRST_PAGE, LAST_PAGE, pagedListModelEvents, type Art, type ListParams } from './support/pagedListFixtures';

const machine = createPagedListMachine<Art, ListParams>();
const input = { pageSize: PAGE_SIZE.tokens, params: { sort: 'newest' } };

// requestId only counts requests; leaving it out keeps the graph finite.
const project = (state: AnyMachineSnapshot) => {
  const { requestId: _requestId, ...context } = contextOf(state);
  return { value: state.value, context };
};

const model = createMachineTestModel(machine, { input, project, events: pagedListModelEvents });
const paths = modelPaths(model, {
  // Simple paths on a narrower graph (one reset variant, no scrolling, no empty first page) that end with every
  // token loaded: each way through failures, retries and resets to a complete list.
  filterEvents: (_state, event) => {
    const { params, output } = event as unknown as { params?: ListParams; output?: PageResponse<Art> };
    if (event.type === 'list.scrolled') return false;
    if (event.type === 'list.reset') return params?.sort === 'newest';
    return output?.page.totalCount !== 0;
  },
  toState: (state) => state.matches('exhausted') && contextOf(state).items.length === 4,
});

function harness() {
  const fetch = controlled<Page<Art>, FetchPageInput<ListParams>>();
  let actor: ReturnType<typeof start> | undefined;
  function start() {
    return createActor(machine.provide({ actors: { fetchPage: fetchPageActor(fetch.fn) } }), { input }).start();
  }
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: { type: string } }) => actor?.send(step.event as PagedListEvent<ListParams>);
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'xstate.done.actor.fetchPage': async (step: { event: { type: string } }) => {
          const { output, late: isLate } = step.event as unknown as { output: PageResponse<Art>; late?: boolean };
          // A late answer (explicit path below) settles request n, the n-th call, after a reset aborted it.
          if (isLate) {
            const late = fetch.calls[output.requestId - 1]!;
            expect(late.signal.aborted).toBe(true);
            late.resolve(output.page);
            await flush();
            return;
          }
          const call = fetch.last();
          // The request asked for the page after the last known cursor, with the list's page size.
          expect(call.input).toEqual({
            params: real().context.params,
            after: real().context.pageInfo?.endCursor ?? null,
            perPage: PAGE_SIZE.tokens,
          });
          call.resolve((step.event as unknown as { output: PageResponse<Art> }).output.page);
          await flush();
        },
        'xstate.error.actor.fetchPage': async (step: { event: { type: string } }) => {
          fetch.last().reject((step.event as unknown as { error: Error }).error.cause);
          await flush();
        },
        'list.reset': (step: { event: { type: string } }) => {
          const wasLoading = real().hasTag('loading');
          const inFlight = fetch.calls.at(-1);
          send(step);
          if (wasLoading) expect(inFlight?.signal.aborted).toBe(true);
        },
        'list.loadMore': send,
        'list.retry': send,
        'list.scrolled': send,
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.context.items).toEqual([]);
          expect(fetch.calls).toHaveLength(0);
        },
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetch.last().signal.aborted).toBe(false);
          expect(snap.can({ type: 'list.loadMore' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.pageInfo?.hasNextPage).toBe(true);
          expect(snap.can({ type: 'list.loadMore' })).toBe(true);
          expect(new Set(snap.context.cursors).size).toBe(snap.context.items.length);
        },
        exhausted: (snap) => {
          expect(snap.context.pageInfo?.hasNextPage).toBe(false);
          expect(snap.can({ type: 'list.loadMore' })).toBe(false);
          expect(new Set(snap.context.cursors).size).toBe(snap.context.items.length);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Network request failed');
          expect(snap.can({ type: 'list.retry' })).toBe(true);
          expect(snap.can({ type: 'list.loadMore' })).toBe(false);
        },
      }),
    },
  };
}

describe('pagedListMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);

  // The generated graph cannot hold a stale answer (it changes nothing, so it is no new vertex): this path
  // replays one through the same executors and state assertions, the model state computed by transition().
  it('behavior: the answer to a request made before a reset arrives late and is ignored', async () => {
    const h = harness();
    const staleEvents = [
      { type: 'list.reset', params: { sort: 'newest' } },
      { type: 'list.reset', params: { sort: 'most_liked' } },
      { type: 'xstate.done.actor.fetchPage', output: { requestId: 1, page: LAST_PAGE }, late: true },
      { type: 'xstate.done.actor.fetchPage', output: { requestId: 2, page: FIRST_PAGE } },
    ] as const;
    try {
      let [modelSnap] = initialTransition(machine, input);
      const events = h.params.events as Record<string, (step: { event: { type: string } }) => unknown>;
      const states = h.params.states as Record<string, (snap: AnyMachineSnapshot) => unknown>;
      await events['xstate.init']!({ event: { type: 'xstate.init' } });
      for (const event of staleEvents) {
        await events[event.type]!({ event });
        [modelSnap] = transition(machine, modelSnap, event as never);
        await states[modelSnap.value as string]!(modelSnap);
      }
      expect(contextOf(modelSnap).items.map((art) => art.id)).toEqual(['a', 'b']);
      expect(contextOf(modelSnap).params).toEqual({ sort: 'most_liked' });
    } finally {
      h.stop();
    }
  });
});
