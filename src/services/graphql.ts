// The GraphQL client: urql (@urql/core) with its document cache. The offline copy is the service worker's (src/sw.ts):
// it answers every query and marks a stored answer, which is reported to the answer-source bus here.
import type { AnyVariables, Client, OperationResult, RequestPolicy, TypedDocumentNode } from '@urql/core';
import { STORED_ANSWER_HEADER } from '../offline/protocol';
import { stableStringify } from '../offline/dataPolicy';
import { GraphqlError, HttpError, NetworkError, isAbortError } from './errors';
import { answerResponse, pageAnswers } from './firstAnswers';
import { reportAnswer, reportReadFailure, storedAtOf } from './offline/answerSource';
import { handAnswer, recordRead } from './offline/firstReads';

export const GRAPHQL_ENDPOINT = '/graphql';

export interface GraphqlRequestOptions {
  signal?: AbortSignal;
  /** Extra request headers, e.g. Authorization for reads that show the signed-in viewer their own data. */
  headers?: Record<string, string>;
  /**
   * urql's request policy. 'network-only' (the default) always asks the server and refreshes the document cache:
   * a list or page refetched after a live event, a trade or an edit must never come back stale. 'cache-first' is
   * for reads nothing the visitor does or hears changes during a visit (the explore artist filter).
   */
  requestPolicy?: RequestPolicy;
}

// The client module loads with the first read (its chunk is kept out of the first load; the shell precaches it).
let client: Promise<Client> | undefined;

/** The app's one urql client (created on first use). */
export function graphqlClient(): Promise<Client> {
  if (!client) {
    const loading = import('./graphqlClient').then(({ createGraphqlClient }) => createGraphqlClient(GRAPHQL_ENDPOINT));
    client = loading;
    // A chunk that could not load (offline before it was cached) is asked for again by the next read.
    loading.catch(() => {
      if (client === loading) client = undefined;
    });
  }
  return client;
}

// Start loading it with the app, beside the route chunks, rather than after the first read asks.
if (typeof window !== 'undefined') graphqlClient().catch(() => {});

/** Forgets the document cache (a fresh client next request); the worker's offline copy is kept. */
export function resetGraphqlClient(): void {
  client = undefined;
}

export function responseCacheKey(operationName: string, variables: unknown): string {
  return `graphql:${operationName}:${stableStringify(variables ?? {})}`;
}

/** The read's key in answer reports (answerSource.ts): operation and stable variables. */
export function answerKey(operationName: string, variables: unknown): string {
  return `${operationName}:${stableStringify(variables ?? {})}`;
}

/** What one request learned from its HTTP answer; `fetched` is false when urql's document cache answered. */
interface Answered<TData, TVariables extends AnyVariables> {
  result: OperationResult<TData, TVariables>;
  status: number | undefined;
  fetched: boolean;
  storedAt: number | null;
}

/** The name of a document's operation (every document the app sends is a named query). */
export function operationNameOf(document: TypedDocumentNode<unknown, never>): string {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition' && definition.name) return definition.name.value;
  }
  throw new Error('graphqlRequest: the document has no named operation');
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

// Requests being answered, by operation name and variables.
const inFlight = new Map<string, Promise<unknown>>();

/**
 * The first result of the operation; tearing it down (which aborts urql's fetch) when `signal` aborts. urql shares
 * one request among equal operations in flight: a network-only read waits for an equal one to finish and then asks
 * again, so a refetch after a live event never takes the answer of a request sent before the event.
 */
async function firstResult<TData, TVariables extends AnyVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  options: GraphqlRequestOptions,
): Promise<Answered<TData, TVariables>> {
  const policy = options.requestPolicy ?? 'network-only';
  const key = responseCacheKey(operationNameOf(document as TypedDocumentNode<unknown, never>), variables);
  if (policy === 'network-only') {
    for (let earlier = inFlight.get(key); earlier; earlier = inFlight.get(key)) await earlier.then(noop, noop);
  }
  const answer = requestOnce(document, variables, { ...options, requestPolicy: policy });
  inFlight.set(key, answer);
  const forget = () => {
    if (inFlight.get(key) === answer) inFlight.delete(key);
  };
  answer.then(forget, forget);
  return answer;
}

const noop = () => {};

async function requestOnce<TData, TVariables extends AnyVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  { signal, headers, requestPolicy }: GraphqlRequestOptions,
): Promise<Answered<TData, TVariables>> {
  let urql: Client;
  try {
    urql = await graphqlClient();
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    // The client's chunk did not load: as good as no network.
    throw new ClientUnavailable(error);
  }
  return new Promise((resolve, reject) => {
    let status: number | undefined;
    let fetched = false;
    let storedAt: number | null = null;
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    let settled = false;
    const onAbort = () => {
      subscription.unsubscribe();
      if (!settled) {
        settled = true;
        reject(abortReason(signal!));
      }
    };
    const subscription = urql
      .query(document, variables, {
        requestPolicy,
        // This request's fetch, to learn the HTTP status of an answer that has neither data nor errors, and whether
        // the service worker answered from its stored copy.
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          // Before the worker controls the page it cannot store this read: it gets it once it does (firstReads.ts).
          if (typeof input === 'string' || input instanceof URL) recordRead(String(input), init);
          // The route's first read, answered in the page itself (src/services/firstAnswers.ts).
          const inPage = pageAnswers.take(init);
          if (inPage) {
            if (typeof input === 'string' || input instanceof URL) handAnswer(String(input), init ?? {}, inPage);
            status = 200;
            fetched = true;
            return answerResponse(inPage);
          }
          const response = await globalThis.fetch(input, init).catch((error: unknown) => {
            if (!isAbortError(error)) reportReadFailure();
            throw error;
          });
          status = response.status;
          fetched = true;
          storedAt = storedAtOf(response.headers, STORED_ANSWER_HEADER);
          return response;
        },
        fetchOptions: { headers: { ...headers, accept: 'application/json' } },
      })
      .subscribe((result) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve({ result, status, fetched, storedAt });
        // Once answered the operation is done: no later cache updates are wanted.
        queueMicrotask(() => subscription.unsubscribe());
      });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class ClientUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super('The GraphQL client could not load');
  }
}

/** POST /graphql; throws NetworkError, HttpError or GraphqlError, and rethrows aborts untouched. */
export async function graphqlRequest<TData, TVariables extends AnyVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  options: GraphqlRequestOptions = {},
): Promise<TData> {
  let answer: Answered<TData, TVariables>;
  try {
    answer = await firstResult(document, variables, options);
  } catch (error) {
    if (!(error instanceof ClientUnavailable)) throw error;
    throw new NetworkError(error.reason);
  }
  const { result, status } = answer;
  const response = result.error?.response as Response | undefined;
  if (result.error?.networkError) {
    if (!response) throw new NetworkError(result.error.networkError);
    throw new HttpError(response.status, undefined, `GraphQL answered with status ${response.status} and no JSON body`);
  }
  if (result.error?.graphQLErrors.length) {
    const errors = result.error.graphQLErrors.map((error) => ({ message: error.message, ...(error.path ? { path: error.path } : {}) }));
    throw new GraphqlError(errors.map((error) => error.message).join('; '), errors);
  }
  if (result.data == null) {
    const code = status ?? response?.status ?? 0;
    throw new HttpError(code, undefined, `GraphQL request failed with status ${code}`);
  }
  // Every read reports where its answer came from (a document-cache hit was reported when it was fetched).
  if (answer.fetched) reportAnswer({ key: answerKey(operationNameOf(document as TypedDocumentNode<unknown, never>), variables), storedAt: answer.storedAt });
  return result.data;
}
