// Signed requests to the API: `Authorization: Bearer <address>:<key>` and a fresh `Nonce` header per request.
import { STORED_ANSWER_HEADER } from '../offline/protocol';
import { API_BASE } from './api';
import { checkedAnswer, loadAnswerCheck, type Answer, type AnswerName } from './contracts';
import { NetworkError, isAbortError, refusalError } from './errors';
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
 * A signed JSON call: the body on 2xx, parsed with its contract `answer` (domain/contracts/answers.ts); HttpError
 * (with the server's code and message; MalformedAnswerError for an answer that is not its contract's) or
 * NetworkError otherwise. A GET
 * is a read like apiRequest's: its answer (the server's, or the service worker's stored copy) and a failure to get
 * one are reported to the answer-source bus, so a private read shown from the stored copy has its age on screen and
 * keeps trading disabled.
 */
export async function signedJson<N extends AnswerName>(
  path: string,
  init: RequestInit,
  credentials: ApiKeyCredentials,
  answer: N,
  options?: AuthFetchOptions,
): Promise<Answer<N>> {
  // The contracts load while the request is out.
  void loadAnswerCheck().catch(() => {});
  const read = (init.method ?? 'GET').toUpperCase() === 'GET';
  let response: Response;
  try {
    response = await authFetch(path, init, credentials, options);
  } catch (error) {
    if (isAbortError(error)) throw error;
    if (read) reportReadFailure();
    throw new NetworkError(error);
  }
  const body = await answerBody(response);
  if (read) reportAnswer({ key: `${options?.base ?? API_BASE}${path}`, storedAt: storedAtOf(response.headers, STORED_ANSWER_HEADER) });
  return checkedAnswer(answer, body, path);
}

/**
 * A fetched answer's JSON (undefined when it is not JSON) for the caller to read with its contract, or the server's
 * refusal (an HttpError with its code and message) when the status is not 2xx.
 */
export async function answerBody(response: Response): Promise<unknown> {
  let body: unknown = undefined;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status decides below (a 2xx answer that is not JSON is not its contract's either).
  }
  if (!response.ok) throw refusalError(response.status, body);
  return body;
}
