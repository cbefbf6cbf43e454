import type { AppConfig } from '../../domain/contracts/config';
import { STORED_ANSWER_HEADER } from '../offline/protocol';
import { answerCheckedLater, checkedAnswer, loadAnswerCheck, type Answer, type AnswerName } from './contracts';
import { readErrorBody } from '../../domain/contracts/errorBody';
import { NetworkError, RegionBlockedError, ServiceError, isAbortError, refusalError } from './errors';
import { afterPageLoad } from './firstLoad';
import { reportAnswer, reportReadFailure, storedAtOf } from './offline/answerSource';
import { recordRead } from './offline/firstReads';

export type { AppConfig, EvmConfig } from '../../domain/contracts/config';

export const API_BASE = '/api/v1';

// Region blocks arrive as 451 (Unavailable For Legal Reasons) or 403 from the geofence.
const REGION_STATUSES = new Set([451, 403]);


/**
 * GET/POST JSON under /api/v1, the answer parsed with its contract `answer` (domain/contracts/answers.ts); throws
 * RegionBlockedError, HttpError (MalformedAnswerError for an answer that is not its contract's) or NetworkError.
 * Offline, the service worker answers a GET from its stored copy; every GET answer is reported to the answer-source bus.
 */
export async function apiRequest<N extends AnswerName>(path: string, init: RequestInit & { signal?: AbortSignal }, answer: N): Promise<Answer<N>> {
  // The contracts load while the request is out.
  void loadAnswerCheck().catch(() => {});
  return checkedAnswer(answer, await apiAnswer(path, init), path);
}

/** apiRequest's request and its errors, resolving with the answer's JSON as it came (read with a contract). */
async function apiAnswer(path: string, init: RequestInit & { signal?: AbortSignal } = {}): Promise<unknown> {
  let response: Response;
  const request = { ...init, headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers } };
  // A GET before the worker controls the page is handed to it once it does (firstReads.ts).
  if ((init.method ?? 'GET').toUpperCase() === 'GET') recordRead(`${API_BASE}${path}`, request);
  try {
    response = await fetch(`${API_BASE}${path}`, request);
  } catch (error) {
    if (isAbortError(error)) throw error;
    reportReadFailure();
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (REGION_STATUSES.has(response.status)) throw new RegionBlockedError(readErrorBody(body).message);
    throw refusalError(response.status, body);
  }
  const answer: unknown = await response.json();
  if ((init.method ?? 'GET').toUpperCase() === 'GET') reportAnswer({ key: `${API_BASE}${path}`, storedAt: storedAtOf(response.headers, STORED_ANSWER_HEADER) });
  return answer;
}

const CONFIG_LOAD_MESSAGE = 'Could not load the configuration.';

/**
 * The config machine's `fetchConfig`: rejects with a ServiceError, i.e. `{ kind: 'region' | 'general', message }`.
 * Every page reads it at start, so its contract check is the machine's `checkConfig`, once the first load is over.
 */
export async function fetchConfig(signal?: AbortSignal): Promise<AppConfig> {
  try {
    // Offline, the service worker answers with the last config it stored, so the cached shell and lists still work.
    return answerCheckedLater('config', await apiAnswer('/config', { signal }));
  } catch (error) {
    if (isAbortError(error) || error instanceof ServiceError) throw error;
    throw new ServiceError(CONFIG_LOAD_MESSAGE, { kind: 'general', cause: error });
  }
}

/** The page's network quiet for 1.5 s (8 s at most): the config's check does not compete with the first load. */
export const CONFIG_CHECK_QUIET_MS = 1500;
export const CONFIG_CHECK_MAX_MS = 8000;

/**
 * The config machine's `checkConfig`: the shown config read as its contract once the first load is over; a config
 * that is not rejects as a failed load does ('Could not load the configuration.', the error page).
 */
export async function checkConfig(config: unknown, afterFirstLoad: () => Promise<void> = () => afterPageLoad(CONFIG_CHECK_QUIET_MS, CONFIG_CHECK_MAX_MS)): Promise<void> {
  await afterFirstLoad();
  try {
    await checkedAnswer('config', config, '/config');
  } catch (error) {
    throw new ServiceError(CONFIG_LOAD_MESSAGE, { kind: 'general', cause: error });
  }
}
