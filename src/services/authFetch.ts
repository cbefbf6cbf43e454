// Signed requests to the API: `Authorization: Bearer <address>:<key>` and a fresh `Nonce` header per request.
import { STORED_ANSWER_HEADER } from '../offline/protocol';
import { API_BASE } from './api';
import { HttpError, NetworkError, isAbortError } from './errors';
import { reportAnswer, reportReadFailure, storedAtOf } from './offline/answerSource';
import { requestNonce } from './requestNonce';

/** What a login returned (POST /api/v1/account → apiKey), enough to sign requests. */
export interface ApiKeyCredentials {
  address: string;
  key: string;
}

export interface AuthFetchOptions {
  /** The fetch to use (tests hand in the server's own request function). */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Prefix for `path` (default /api/v1). */
  base?: string;
}

export const authorizationHeader = ({ address, key }: ApiKeyCredentials) => `Bearer ${address}:${key}`;

/**
 * fetch under /api/v1 with both auth headers; the caller's headers are kept (and no Content-Type is forced, so a
 * FormData body gets its multipart boundary from the browser). Resolves with the raw Response.
 */
export function authFetch(path: string, init: RequestInit = {}, apiKey: ApiKeyCredentials, options: AuthFetchOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('Authorization', authorizationHeader(apiKey));
  headers.set('Nonce', requestNonce());
  const doFetch = options.fetch ?? ((input: string, requestInit?: RequestInit) => fetch(input, requestInit));
  return doFetch(`${options.base ?? API_BASE}${path}`, { ...init, headers });
}

/**
 * A signed JSON call: the body on 2xx; HttpError (with the server's code and message) or NetworkError otherwise. A GET
 * is a read like apiRequest's: its answer (the server's, or the service worker's stored copy) and a failure to get
 * one are reported to the answer-source bus, so a private read shown from the stored copy has its age on screen and
 * keeps trading disabled.
 */
export async function signedJson<T>(path: string, init: RequestInit, credentials: ApiKeyCredentials, options?: AuthFetchOptions): Promise<T> {
  const read = (init.method ?? 'GET').toUpperCase() === 'GET';
  let response: Response;
  try {
    response = await authFetch(path, init, credentials, options);
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (read) reportReadFailure();
    throw new NetworkError(error);
  }
  let body: { error?: string; message?: string } & Record<string, unknown> = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: the status decides below.
  }
  if (!response.ok) throw new HttpError(response.status, body.error, body.message ?? `Request failed with status ${response.status}`);
  if (read) reportAnswer({ key: `${options?.base ?? API_BASE}${path}`, storedAt: storedAtOf(response.headers, STORED_ANSWER_HEADER) });
  return body as T;
}
