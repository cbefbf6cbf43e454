import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { errorMessage } from '../system/errorMessage';

// Cursor connection shape of the GraphQL list queries (brief, "GraphQL").
export interface PageInfo {
  startCursor: string | null;
  endCursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

export interface PageEdge<TNode> {
  cursor: string;
  node: TNode;
}

export interface Page<TNode> {
  totalCount: number;
  pageInfo: PageInfo;
  edges: PageEdge<TNode>[];
}

export interface FetchPageInput<TParams> {
  params: TParams | undefined;
  after: string | null;
  perPage: number;
}

export type FetchPage<TNode, TParams> = (input: FetchPageInput<TParams>, signal: AbortSignal) => Promise<Page<TNode>>;

/**
 * What a list keeps to come back as it was (Back, or the same list again): its pages and its measured layout (item
 * height, items per row).
 */
export interface KeptList<TNode> {
  items: TNode[];
  cursors: string[];
  totalCount: number;
  pageInfo: PageInfo;
  itemHeight: number | null;
  /** Items per row when measured (absent in a list kept before it was measured). */
  columns?: number | null;
}

export interface PagedListInput<TNode, TParams> {
  pageSize: number;
  params?: TParams;
  /** Start from these pages (created settled, so the first render shows them all); none: see `load`. */
  kept?: KeptList<TNode>;
  /** Where `keepList` stores the list each time it settles (null: not kept). */
  keepKey?: string | null;
  /** Load the first page at creation (otherwise the list waits, idle, for `list.reset`). */
  load?: boolean;
}

// What the invoked fetchPage actor receives and returns: the request id lets the machine drop a late answer.
export interface PageRequest<TParams> extends FetchPageInput<TParams> {
  requestId: number;
}

export interface KeepListParams<TNode> {
  key: string;
  list: KeptList<TNode>;
}

export interface PageResponse<TNode> {
  requestId: number;
  page: Page<TNode>;
}

export class PageRequestError extends Error {
  override name = 'PageRequestError';
  constructor(
    readonly requestId: number,
    cause: unknown,
  ) {
    super(errorMessage(cause), { cause });
  }
}

/** Wraps a plain page fetcher as the `fetchPage` actor: it stamps answers and failures with their request id. */
export function fetchPageActor<TNode, TParams>(fetchPage: FetchPage<TNode, TParams>) {
  return fromPromise<PageResponse<TNode>, PageRequest<TParams>>(async ({ input, signal }) => {
    const { requestId, ...request } = input;
    try {
      return { requestId, page: await fetchPage(request, signal) };
    } catch (cause) {
      throw new PageRequestError(requestId, cause);
    }
  });
}

export interface PagedListContext<TNode, TParams> {
  pageSize: number;
  params: TParams | undefined;
  items: TNode[];
  // Every edge cursor already applied; an edge whose cursor is here again is skipped.
  cursors: string[];
  totalCount: number;
  pageInfo: PageInfo | null;
  error: string | null;
  // One item's rendered height (the view measures it): kept with the list, so that cards not rendered yet
  // (content-visibility) are estimated right when it comes back and the router's restored offset lands on them.
  itemHeight: number | null;
  // Items per row (the view measures it with the height): with both, a long list renders only the rows near the
  // screen (src/components/tokens/listWindow.ts) and comes back with its full height before the offset is restored.
  columns: number | null;
  keepKey: string | null;
  loadAtStart: boolean;
  // Incremented for every request; a response stamped with another id is stale and ignored.
  requestId: number;
}

export type PagedListEvent<TParams> =
  | { type: 'list.reset'; params?: TParams }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'list.measured'; itemHeight: number; columns?: number }
  // What the list shows may be out of date (live events): page 1 again, replacing the items when it arrives.
  | { type: 'lists.stale' };

const responseOf = (event: unknown) => (event as { output: unknown }).output;
const failureOf = (event: unknown) => (event as { error: unknown }).error;
// Stamped for another request than the current one (an unstamped value is not stale: it is rejected below).
const isStale = (value: unknown, requestId: number) => {
  const stamped = (value as { requestId?: unknown } | null | undefined)?.requestId;
  return typeof stamped === 'number' && stamped !== requestId;
};

/** A list read page by page through a cursor connection: reset, next page on demand, stale answers ignored, retry. */
export function createPagedListMachine<TNode = unknown, TParams = Record<string, unknown>>() {
  // What keepList stores: only a settled list with pages (a list mid-request is not worth coming back to).
  // The fetchPage request: the page after the last one loaded, or (a refresh) the first page again.
  const pageRequest =
    (first: boolean) =>
    ({ context }: { context: PagedListContext<TNode, TParams> }) => ({
      requestId: context.requestId,
      params: context.params,
      after: first ? null : (context.pageInfo?.endCursor ?? null),
      perPage: context.pageSize,
    });
  const keptOf = ({ context }: { context: PagedListContext<TNode, TParams> }): KeepListParams<TNode> | null =>
    context.keepKey && context.pageInfo
      ? {
          key: context.keepKey,
          list: {
            items: context.items,
            cursors: context.cursors,
            totalCount: context.totalCount,
            pageInfo: context.pageInfo,
            itemHeight: context.itemHeight,
            columns: context.columns,
          },
        }
      : null;
  return setup({
    types: {
      context: {} as PagedListContext<TNode, TParams>,
      events: {} as PagedListEvent<TParams>,
      input: {} as PagedListInput<TNode, TParams>,
      tags: {} as 'loading',
    },
    actors: {
      fetchPage: fetchPageActor<TNode, TParams>(async () => {
        throw new Error('pagedListMachine: actor "fetchPage" not provided');
      }),
      // Sends back `lists.stale` when live events say lists are out of date (provided by the list flow).
      watchListsStale: fromCallback<EventObject, void>(() => undefined),
    },
    guards: {
      isStaleResponse: ({ context, event }) => isStale(responseOf(event), context.requestId),
      isStaleFailure: ({ context, event }) => isStale(failureOf(event), context.requestId),
      hasNextPage: ({ event }) =>
        (responseOf(event) as Partial<PageResponse<unknown>> | undefined)?.page?.pageInfo.hasNextPage === true,
      // Created from a kept list (only a restored list has a pageInfo before its first request).
      isRestoredWithMore: ({ context }) => context.pageInfo?.hasNextPage === true,
      isRestored: ({ context }) => context.pageInfo !== null,
      loadsAtStart: ({ context }) => context.loadAtStart,
      isNewLayout: ({ context, event }) =>
        event.type === 'list.measured' && (event.itemHeight !== context.itemHeight || (event.columns !== undefined && event.columns !== context.columns)),
    },
    actions: {
      startRequest: assign({ requestId: ({ context }) => context.requestId + 1, error: null }),
      clearList: assign(({ context, event }) => ({
        params: event.type === 'list.reset' && 'params' in event ? event.params : context.params,
        items: [],
        cursors: [],
        totalCount: 0,
        pageInfo: null,
        error: null,
      })),
      applyPage: assign(({ context, event }) => {
        const { page } = (event as unknown as { output: Partial<PageResponse<TNode>> | undefined }).output ?? {};
        if (!page) throw new Error('pagedListMachine: provide fetchPage as fetchPageActor(fetcher), which stamps the request id');
        const seen = new Set(context.cursors);
        const fresh = page.edges.filter((edge) => !seen.has(edge.cursor) && Boolean(seen.add(edge.cursor)));
        return {
          items: [...context.items, ...fresh.map((edge) => edge.node)],
          cursors: [...context.cursors, ...fresh.map((edge) => edge.cursor)],
          totalCount: page.totalCount,
          // Keep paging from the last cursor we know if the server sends an empty page without one.
          pageInfo: { ...page.pageInfo, endCursor: page.pageInfo.endCursor ?? context.pageInfo?.endCursor ?? null },
        };
      }),
      storeError: assign({
        error: ({ event }) => errorMessage(failureOf(event)),
      }),
      // A refresh: page 1 replaces what was shown (kept on screen until then, so the offset does not jump).
      replacePage: assign(({ event }) => {
        const { page } = (event as unknown as { output: Partial<PageResponse<TNode>> | undefined }).output ?? {};
        if (!page) throw new Error('pagedListMachine: provide fetchPage as fetchPageActor(fetcher), which stamps the request id');
        const seen = new Set<string>();
        const fresh = page.edges.filter((edge) => !seen.has(edge.cursor) && Boolean(seen.add(edge.cursor)));
        return {
          items: fresh.map((edge) => edge.node),
          cursors: fresh.map((edge) => edge.cursor),
          totalCount: page.totalCount,
          pageInfo: page.pageInfo,
        };
      }),
      storeLayout: assign({
        itemHeight: ({ context, event }) => (event.type === 'list.measured' ? event.itemHeight : context.itemHeight),
        columns: ({ context, event }) => (event.type === 'list.measured' && event.columns !== undefined ? event.columns : context.columns),
      }),
      // Stores the settled list under its key (provided by the list flow; nothing is kept without it).
      keepList: (_, _params: KeepListParams<TNode> | null) => {},
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({
      pageSize: input.pageSize,
      params: input.params,
      items: input.kept?.items ?? [],
      cursors: input.kept?.cursors ?? [],
      totalCount: input.kept?.totalCount ?? 0,
      pageInfo: input.kept?.pageInfo ?? null,
      error: null,
      itemHeight: input.kept?.itemHeight ?? null,
      columns: input.kept?.columns ?? null,
      keepKey: input.keepKey ?? null,
      loadAtStart: input.load === true,
      requestId: 0,
    }),
    initial: 'idle',
    invoke: { src: 'watchListsStale' },
    on: {
      // From any state, also while loading: re-entering `loading` stops the in-flight request.
      'list.reset': { target: '.loading', reenter: true, actions: ['clearList', 'startRequest'] },
      'lists.stale': { target: '.refreshing', reenter: true, actions: 'startRequest' },
      'list.measured': { guard: 'isNewLayout', actions: ['storeLayout', { type: 'keepList', params: keptOf }] },
    },
    states: {
      // A kept list starts settled, all its pages there for the first render (the router then restores the
      // offset); a list told to load starts loading; otherwise it waits for list.reset.
      idle: {
        always: [
          { guard: 'isRestoredWithMore', target: 'ready' },
          { guard: 'isRestored', target: 'exhausted' },
          { guard: 'loadsAtStart', target: 'loading', actions: 'startRequest' },
        ],
      },
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: pageRequest(false),
          onDone: [
            { guard: 'isStaleResponse' },
            { guard: 'hasNextPage', target: 'ready', actions: 'applyPage' },
            { target: 'exhausted', actions: 'applyPage' },
          ],
          onError: [{ guard: 'isStaleFailure' }, { target: 'failed', actions: 'storeError' }],
        },
      },
      refreshing: {
        tags: 'loading',
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: pageRequest(true),
          onDone: [
            { guard: 'isStaleResponse' },
            { guard: 'hasNextPage', target: 'ready', actions: 'replacePage' },
            { target: 'exhausted', actions: 'replacePage' },
          ],
          onError: [{ guard: 'isStaleFailure' }, { target: 'failed', actions: 'storeError' }],
        },
      },
      // The last page said hasNextPage: the view sends list.loadMore when the list bottom is 10% visible.
      ready: {
        entry: { type: 'keepList', params: keptOf },
        on: { 'list.loadMore': { target: 'loading', actions: 'startRequest' } },
      },
      exhausted: {
        entry: { type: 'keepList', params: keptOf },
      },
      failed: {
        on: { 'list.retry': { target: 'loading', actions: 'startRequest' } },
      },
    },
  });
}

export const pagedListMachine = createPagedListMachine();

export type PagedListMachine<TNode = unknown, TParams = Record<string, unknown>> = ReturnType<
  typeof createPagedListMachine<TNode, TParams>
>;
export type AnyPagedListContext = PagedListContext<unknown, Record<string, unknown>>;
