import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  createPagedListMachine,
  fetchPageActor,
  type FetchPageInput,
  type KeepListParams,
  type Page,
  type PagedListEvent,
  type PagedListInput,
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
import {
  contextOf,
  FIRST_PAGE,
  KEPT_ALL,
  KEPT_FIRST_PAGE,
  LAST_PAGE,
  pagedListModelEvents,
  type Art,
  type ListParams,
} from './support/pagedListFixtures';

const machine = createPagedListMachine<Art, ListParams>();
const params = { sort: 'newest' };
// Four ways a list starts: waiting for list.reset (tokenOffers, dashboard creations), loading at once (the list
// flow), and created from a kept list with more pages or complete (Back). The keep key names the variant.
const inputs: Record<string, PagedListInput<Art, ListParams>> = {
  waiting: { pageSize: PAGE_SIZE.tokens, params },
  loading: { pageSize: PAGE_SIZE.tokens, params, load: true, keepKey: 'loading' },
  keptFirstPage: { pageSize: PAGE_SIZE.tokens, params, load: true, keepKey: 'keptFirstPage', kept: KEPT_FIRST_PAGE },
  keptAll: { pageSize: PAGE_SIZE.tokens, params, load: true, keepKey: 'keptAll', kept: KEPT_ALL },
};
const variantOf = (state: AnyMachineSnapshot) => contextOf(state).keepKey ?? 'waiting';

// requestId only counts requests; leaving it out keeps the graph finite.
const project = (state: AnyMachineSnapshot) => {
  const { requestId: _requestId, ...context } = contextOf(state);
  return { value: state.value, context };
};

const paths = Object.entries(inputs).flatMap(([variant, input]) => {
  const model = createMachineTestModel(machine, { input, project, events: pagedListModelEvents });
  if (variant !== 'waiting') return model.getShortestPaths();
  return modelPaths(model, {
    // Simple paths on a narrower graph (one reset variant, no measuring or refresh, no empty first page) that end
    // with every token loaded: each way through failures, retries and resets to a complete list.
    filterEvents: (_state, event) => {
      const { params: resetTo, output } = event as unknown as { params?: ListParams; output?: PageResponse<Art> };
      if (event.type === 'list.measured' || event.type === 'lists.stale') return false;
      if (event.type === 'list.reset') return resetTo?.sort === 'newest';
      return output?.page.totalCount !== 0;
    },
    toState: (state) => state.matches('exhausted') && contextOf(state).items.length === 4,
  });
});

// What keepList stores for a snapshot: the settled pages and the measured layout, under the list's key.
const keptOf = (snap: AnyMachineSnapshot): KeepListParams<Art> | null => {
  const { keepKey, items, cursors, totalCount, pageInfo, itemHeight, columns } = contextOf(snap);
  return keepKey && pageInfo ? { key: keepKey, list: { items, cursors, totalCount, pageInfo, itemHeight, columns } } : null;
};

function harness() {
  const fetch = controlled<Page<Art>, FetchPageInput<ListParams>>();
  const keepList = vi.fn((_args: unknown, _params: KeepListParams<Art> | null) => {});
  let stale: (() => void) | undefined;
  let actor: ReturnType<typeof start> | undefined;
  function start(input: PagedListInput<Art, ListParams>) {
    const watchListsStale = fromCallback<EventObject, void>(({ sendBack }) => {
      stale = () => sendBack({ type: 'lists.stale' });
    });
    return createActor(machine.provide({ actors: { fetchPage: fetchPageActor(fetch.fn), watchListsStale }, actions: { keepList } }), { input }).start();
  }
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: { type: string } }) => actor?.send(step.event as PagedListEvent<ListParams>);
  const lastKept = () => keepList.mock.calls.at(-1)?.[1];
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': (step: { state: AnyMachineSnapshot }) => {
          actor = start(inputs[variantOf(step.state)]!);
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
          // The request asked for the page after the last known cursor (page 1 on a refresh), with the page size.
          expect(call.input).toEqual({
            params: real().context.params,
            after: real().matches('refreshing') ? null : (real().context.pageInfo?.endCursor ?? null),
            perPage: PAGE_SIZE.tokens,
          });
          call.resolve(output.page);
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
        'list.measured': (step: { event: { type: string } }) => {
          const calls = keepList.mock.calls.length;
          const changed = real().context.itemHeight !== 409 || real().context.columns !== 3;
          send(step);
          expect(real().context).toMatchObject({ itemHeight: 409, columns: 3 });
          // A new layout (height, items per row) is kept with the list at once (a list without a key or pages keeps
          // nothing); the same layout again changes nothing.
          expect(keepList).toHaveBeenCalledTimes(changed ? calls + 1 : calls);
          if (changed) expect(lastKept()).toEqual(keptOf(real()));
        },
        // Live events said lists are stale (the list flow's watchListsStale): page 1 again, in-flight stopped.
        'lists.stale': () => {
          const wasLoading = real().hasTag('loading');
          const inFlight = fetch.calls.at(-1);
          const shown = real().context.items;
          stale!();
          if (wasLoading) expect(inFlight?.signal.aborted).toBe(true);
          expect(fetch.last().input.after).toBeNull();
          expect(real().context.items).toBe(shown);
        },
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
        // Refreshing keeps what is shown until page 1 arrives (the offset does not jump), then replaces it.
        refreshing: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetch.last().signal.aborted).toBe(false);
          expect(fetch.last().input.after).toBeNull();
          expect(snap.can({ type: 'list.loadMore' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.pageInfo?.hasNextPage).toBe(true);
          expect(snap.can({ type: 'list.loadMore' })).toBe(true);
          expect(new Set(snap.context.cursors).size).toBe(snap.context.items.length);
          // A settled list is kept, as it is now.
          expect(lastKept()).toEqual(keptOf(snap));
        },
        exhausted: (snap) => {
          expect(snap.context.pageInfo?.hasNextPage).toBe(false);
          expect(snap.can({ type: 'list.loadMore' })).toBe(false);
          expect(new Set(snap.context.cursors).size).toBe(snap.context.items.length);
          expect(lastKept()).toEqual(keptOf(snap));
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

  it('covers every way a list starts', () => {
    const starts = new Set(paths.map((path) => `${variantOf(path.steps[0]!.state)}:${JSON.stringify(path.steps[0]!.state.value)}`));
    expect([...starts].sort()).toEqual(['keptAll:"exhausted"', 'keptFirstPage:"ready"', 'loading:"loading"', 'waiting:"idle"']);
  });

  it('restore: a kept list is there in full at creation, no request made, and keeps paging after its last cursor', async () => {
    const h = harness();
    try {
      const events = h.params.events as Record<string, (step: object) => unknown>;
      const [created] = initialTransition(machine, inputs.keptFirstPage);
      await events['xstate.init']!({ state: created });
      expect(created.value).toBe('ready');
      expect(contextOf(created).items.map((art) => art.id)).toEqual(['a', 'b']);
      expect(contextOf(created)).toMatchObject({ itemHeight: 409, columns: 3 });
      await events['list.loadMore']!({ event: { type: 'list.loadMore' } });
      await events['xstate.done.actor.fetchPage']!({ event: { type: 'xstate.done.actor.fetchPage', output: { requestId: 1, page: LAST_PAGE } } });
    } finally {
      h.stop();
    }
  });

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
      let [modelSnap] = initialTransition(machine, inputs.waiting);
      const events = h.params.events as Record<string, (step: object) => unknown>;
      const states = h.params.states as Record<string, (snap: AnyMachineSnapshot) => unknown>;
      await events['xstate.init']!({ state: modelSnap, event: { type: 'xstate.init' } });
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
