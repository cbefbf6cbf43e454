import { readCachedResponse, writeCachedResponse } from './cache';
import { GraphqlError, HttpError, NetworkError, isAbortError } from './errors';

export const GRAPHQL_ENDPOINT = '/graphql';

/** A named GraphQL document carrying its result and variables types. */
export interface GraphqlOperation<TData, TVariables> {
  readonly operationName: string;
  readonly query: string;
  // Phantom fields: only carry the types, never set at runtime.
  readonly __data?: TData;
  readonly __variables?: TVariables;
}

export function graphqlOperation<TData, TVariables>(operationName: string, query: string): GraphqlOperation<TData, TVariables> {
  return { operationName, query };
}

export interface GraphqlRequestOptions {
  signal?: AbortSignal;
  /**
   * Keep the last good answer in IndexedDB and serve it when the network is down (default true, false with
   * `headers`: the cache key is the variables only, so a signed-in answer must not be served to anyone else).
   */
  offlineFallback?: boolean;
  /** Extra request headers, e.g. Authorization for reads that show the signed-in viewer their own data. */
  headers?: Record<string, string>;
}

// Sorted keys so equal variables give the same cache key whatever their order.
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function responseCacheKey(operationName: string, variables: unknown): string {
  return `graphql:${operationName}:${stableStringify(variables ?? {})}`;
}

/** POST /graphql; throws NetworkError, HttpError or GraphqlError, and rethrows aborts untouched. */
export async function graphqlRequest<TData, TVariables>(
  operation: GraphqlOperation<TData, TVariables>,
  variables: TVariables,
  { signal, headers, offlineFallback = headers === undefined }: GraphqlRequestOptions = {},
): Promise<TData> {
  const cacheKey = responseCacheKey(operation.operationName, variables);
  let response: Response;
  try {
    response = await fetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ operationName: operation.operationName, query: operation.query, variables }),
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (offlineFallback) {
      const cached = await readCachedResponse<TData>(cacheKey);
      if (cached !== undefined) return cached;
    }
    throw new NetworkError(error);
  }

  let body: { data?: TData | null; errors?: Array<{ message: string; path?: Array<string | number> }> };
  try {
    body = (await response.json()) as typeof body;
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new HttpError(response.status, undefined, `GraphQL answered with status ${response.status} and no JSON body`);
  }
  if (body.errors?.length) {
    throw new GraphqlError(body.errors.map((e) => e.message).join('; '), body.errors);
  }
  if (!response.ok || body.data == null) {
    throw new HttpError(response.status, undefined, `GraphQL request failed with status ${response.status}`);
  }
  if (offlineFallback) await writeCachedResponse(cacheKey, body.data);
  return body.data;
}
