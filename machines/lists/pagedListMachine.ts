import { assign, fromPromise, setup } from 'xstate';

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

export interface PagedListInput<TParams> {
  pageSize: number;
  params?: TParams;
}

// What the invoked fetchPage actor receives and returns: the request id lets the machine drop a late answer.
export interface PageRequest<TParams> extends FetchPageInput<TParams> {
  requestId: number;
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
    super(cause instanceof Error && cause.message ? cause.message : 'Unexpected error', { cause });
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
  // The view stores its scroll offset here and persists the snapshot per list key, to restore it on return.
  scrollTop: number;
  // Incremented for every request; a response stamped with another id is stale and ignored.
  requestId: number;
}

export type PagedListEvent<TParams> =
  | { type: 'list.reset'; params?: TParams }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'list.scrolled'; top: number };

const responseOf = (event: unknown) => (event as { output: unknown }).output;
const failureOf = (event: unknown) => (event as { error: unknown }).error;
// Stamped for another request than the current one (an unstamped value is not stale: it is rejected below).
const isStale = (value: unknown, requestId: number) => {
  const stamped = (value as { requestId?: unknown } | null | undefined)?.requestId;
  return typeof stamped === 'number' && stamped !== requestId;
};

export function createPagedListMachine<TNode = unknown, TParams = Record<string, unknown>>() {
  return setup({
    types: {
      context: {} as PagedListContext<TNode, TParams>,
      events: {} as PagedListEvent<TParams>,
      input: {} as PagedListInput<TParams>,
      tags: {} as 'loading',
    },
    actors: {
      fetchPage: fetchPageActor<TNode, TParams>(async () => {
        throw new Error('pagedListMachine: actor "fetchPage" not provided');
      }),
    },
    guards: {
      isStaleResponse: ({ context, event }) => isStale(responseOf(event), context.requestId),
      isStaleFailure: ({ context, event }) => isStale(failureOf(event), context.requestId),
      hasNextPage: ({ event }) =>
        (responseOf(event) as Partial<PageResponse<unknown>> | undefined)?.page?.pageInfo.hasNextPage === true,
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
        scrollTop: 0,
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
        error: ({ event }) => {
          const error = failureOf(event);
          return error instanceof Error && error.message ? error.message : 'Unexpected error';
        },
      }),
      storeScrollTop: assign({ scrollTop: ({ context, event }) => (event.type === 'list.scrolled' ? event.top : context.scrollTop) }),
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({
      pageSize: input.pageSize,
      params: input.params,
      items: [],
      cursors: [],
      totalCount: 0,
      pageInfo: null,
      error: null,
      scrollTop: 0,
      requestId: 0,
    }),
    initial: 'idle',
    on: {
      // From any state, also while loading: re-entering `loading` stops the in-flight request.
      'list.reset': { target: '.loading', reenter: true, actions: ['clearList', 'startRequest'] },
      'list.scrolled': { actions: 'storeScrollTop' },
    },
    states: {
      idle: {},
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({
            requestId: context.requestId,
            params: context.params,
            after: context.pageInfo?.endCursor ?? null,
            perPage: context.pageSize,
          }),
          onDone: [
            { guard: 'isStaleResponse' },
            { guard: 'hasNextPage', target: 'ready', actions: 'applyPage' },
            { target: 'exhausted', actions: 'applyPage' },
          ],
          onError: [{ guard: 'isStaleFailure' }, { target: 'failed', actions: 'storeError' }],
        },
      },
      // The last page said hasNextPage: the view sends list.loadMore when the list bottom is 10% visible.
      ready: {
        on: { 'list.loadMore': { target: 'loading', actions: 'startRequest' } },
      },
      exhausted: {},
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
